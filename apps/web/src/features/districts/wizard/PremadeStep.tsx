import { useState } from 'react';
import { ActionIcon, Badge, Card, Checkbox, Group, Image, Radio, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { templateFamilies, type SpaceTemplate, type SpaceTemplateFamily } from '@atrium/assets';
import { premiumTemplateItemId } from '@atrium/shared/marketplace/catalogue';
import { useMyPurchases } from '../../marketplace/cardQueries.ts';
import type { WizardDraft } from './draft.ts';
import './i18n.ts';

/** Spec §4: the gallery slider wraps around. */
function Gallery({ family }: { family: SpaceTemplateFamily }) {
  const { t } = useTranslation();
  const images = family.photoGallery.length ? family.photoGallery : [family.coverPhoto];
  const [i, setI] = useState(0);
  const at = i % images.length;
  return (
    <Group gap={4} wrap="nowrap">
      {images.length > 1 && (
        <ActionIcon variant="subtle" aria-label={t('districtWizard.premade.prevImage')} onClick={() => setI((at - 1 + images.length) % images.length)}>
          <IconChevronLeft size={18} />
        </ActionIcon>
      )}
      <Image src={images[at]} alt={family.title} h={160} radius="md" fit="cover" style={{ flex: 1 }} />
      {images.length > 1 && (
        <ActionIcon variant="subtle" aria-label={t('districtWizard.premade.nextImage')} onClick={() => setI((at + 1) % images.length)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** A size's label: its name, area and badge ('Free', 'Purchased' or its district price). */
function SizeLabel({ tpl, badge, color }: { tpl: SpaceTemplate; badge: string; color: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <span>
        {t(`districtWizard.premade.size.${tpl.size}`)} · {tpl.areaM2} m²
      </span>
      <Badge variant="light" color={color}>
        {badge}
      </Badge>
    </Group>
  );
}

/**
 * Spec §2 Premade spaces: template families searchable by title; choosing one shows its gallery,
 * title, description and sizes by ascending district price, each showing its price, 'Purchased', or
 * 'Free' for the pick. Creating: one size is the Pro plan's free premade space (required). Upgrading
 * (`owned` set): the district's free pick and bought ones are marked, and any others can be bought.
 */
export function PremadeStep({
  draft,
  onChange,
  owned,
}: {
  draft: WizardDraft;
  onChange: (patch: Partial<WizardDraft>) => void;
  /** The district's premade spaces when upgrading it. */
  owned: { free: string; bought: ReadonlySet<string> } | null;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const purchases = useMyPurchases(owned === null);
  const mine = new Set((purchases.data?.purchased ?? []).map((p) => p.itemId));
  const found = templateFamilies.filter((f) => f.title.toLowerCase().includes(query.trim().toLowerCase()));
  const first = owned ? (draft.premadeIds[0] ?? owned.free) : draft.freeSpaceTemplateId;
  const [familyId, setFamilyId] = useState<string | null>(
    () => templateFamilies.find((f) => f.templates.some((tpl) => tpl.spaceTemplateId === first))?.spaceTemplateFamilyId ?? null,
  );
  const family = templateFamilies.find((f) => f.spaceTemplateFamilyId === familyId) ?? null;
  const sizes = family ? [...family.templates].sort((a, b) => a.districtPrice - b.districtPrice) : [];
  const price = (tpl: SpaceTemplate) => t('districtWizard.premade.credits', { count: tpl.districtPrice });
  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={14} />}
        aria-label={t('districtWizard.premade.search')}
        placeholder={t('districtWizard.premade.search')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {found.length === 0 && <Text c="dimmed">{t('districtWizard.premade.none')}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="wizard-families">
        {found.map((f) => (
          <UnstyledButton key={f.spaceTemplateFamilyId} onClick={() => setFamilyId(f.spaceTemplateFamilyId)} aria-pressed={f.spaceTemplateFamilyId === familyId}>
            <Card withBorder radius="md" padding="xs" style={f.spaceTemplateFamilyId === familyId ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
              <Image src={f.coverPhoto} alt="" h={64} radius="sm" fit="cover" />
              <Text size="sm" fw={600} mt={4}>
                {f.title}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {family && (
        <Card withBorder radius="md" padding="md" data-testid="wizard-family">
          <Stack gap="xs">
            <Gallery family={family} />
            <Text fw={700}>{family.title}</Text>
            <Text size="sm" c="dimmed">
              {family.description}
            </Text>
            {owned ? (
              <Stack gap="xs" mt="xs" role="group" aria-label={t('districtWizard.premade.buy')}>
                <Text size="sm" fw={500}>
                  {t('districtWizard.premade.buy')}
                </Text>
                {sizes.map((tpl) => {
                  const id = tpl.spaceTemplateId;
                  const has = id === owned.free || owned.bought.has(id);
                  const picked = draft.premadeIds.includes(id);
                  return (
                    <Checkbox
                      key={id}
                      checked={has || picked}
                      disabled={has}
                      onChange={(e) =>
                        onChange({ premadeIds: e.currentTarget.checked ? [...draft.premadeIds, id] : draft.premadeIds.filter((x) => x !== id) })
                      }
                      label={
                        <SizeLabel
                          tpl={tpl}
                          color={id === owned.free ? 'green' : has ? 'blue' : picked ? 'orange' : 'gray'}
                          badge={id === owned.free ? t('districtWizard.premade.free') : has ? t('districtWizard.premade.purchased') : price(tpl)}
                        />
                      }
                    />
                  );
                })}
              </Stack>
            ) : (
              <Radio.Group label={t('districtWizard.premade.choose')} value={draft.freeSpaceTemplateId} onChange={(v) => onChange({ freeSpaceTemplateId: v })}>
                <Stack gap="xs" mt="xs">
                  {sizes.map((tpl) => (
                    <Radio
                      key={tpl.spaceTemplateId}
                      value={tpl.spaceTemplateId}
                      label={
                        <SizeLabel
                          tpl={tpl}
                          color={tpl.spaceTemplateId === draft.freeSpaceTemplateId ? 'green' : 'gray'}
                          badge={
                            tpl.spaceTemplateId === draft.freeSpaceTemplateId
                              ? t('districtWizard.premade.free')
                              : mine.has(premiumTemplateItemId(tpl.spaceTemplateId))
                                ? t('districtWizard.premade.purchased')
                                : price(tpl)
                          }
                        />
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
