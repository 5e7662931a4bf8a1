import { ActionIcon, Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DISTRICT_SUBMISSION } from '@atrium/shared/districts/submission';
import type { WizardDraft } from './draft.ts';
import './i18n.ts';

/**
 * Spec §2 Space slots: the district's existing slots (the Pro plan's 4 as placeholders when creating),
 * the added ones and the add-slot tile.
 */
export function SlotsStep({
  draft,
  onChange,
  priceCoin,
  existing,
}: {
  draft: WizardDraft;
  onChange: (patch: Partial<WizardDraft>) => void;
  priceCoin: number;
  /** The district's slots when upgrading it. */
  existing: { included: number; purchased: number } | null;
}) {
  const { t } = useTranslation();
  const included = existing?.included ?? DISTRICT_SUBMISSION.includedSlots;
  return (
    <Stack>
      <Text size="sm">
        {existing
          ? t('districtWizard.slots.introEdit', { count: existing.included + existing.purchased, price: priceCoin })
          : t('districtWizard.slots.intro', { count: included, price: priceCoin })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="wizard-slots">
        {Array.from({ length: included }, (_, i) => (
          <Card key={`i${i}`} withBorder radius="md" padding="md" data-testid="wizard-slot-included">
            <Text fw={600}>{t('districtWizard.slots.included')}</Text>
          </Card>
        ))}
        {Array.from({ length: existing?.purchased ?? 0 }, (_, i) => (
          <Card key={`p${i}`} withBorder radius="md" padding="md" data-testid="wizard-slot-purchased">
            <Text fw={600}>{t('districtWizard.slots.purchased')}</Text>
          </Card>
        ))}
        {Array.from({ length: draft.extraSlots }, (_, i) => (
          <Card key={`a${i}`} withBorder radius="md" padding="md" data-testid="wizard-slot-added">
            <Stack gap={4}>
              <Text fw={600}>{t('districtWizard.slots.added', { price: priceCoin })}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('districtWizard.slots.remove', { n: i + 1 })}
                onClick={() => onChange({ extraSlots: draft.extraSlots - 1 })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Stack>
          </Card>
        ))}
        {draft.extraSlots < DISTRICT_SUBMISSION.extraSlotsMax && (
          <UnstyledButton onClick={() => onChange({ extraSlots: draft.extraSlots + 1 })} aria-label={t('districtWizard.slots.add')}>
            <Card withBorder radius="md" padding="md" style={{ borderStyle: 'dashed', textAlign: 'center' }}>
              <IconPlus size={20} style={{ margin: '0 auto' }} />
              <Text size="sm">{t('districtWizard.slots.add')}</Text>
            </Card>
          </UnstyledButton>
        )}
      </SimpleGrid>
    </Stack>
  );
}
