import { useState, type ReactNode } from 'react';
import { Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { templateFamilies, type SpaceTemplate } from '@atrium/assets';
import { PremiumTemplateBuy } from '../marketplace/PremiumTemplateBuy.tsx';
import { searchTemplates } from './templateSearch.ts';
import classes from './Editor.module.css';

/**
 * The premade spaces: a search box, then every family with all its sizes (S, M, L), each size with
 * its engine-rendered thumbnail (served from /static/thumbnails), area and its Use button (or, for a
 * premium template not yet bought, its price and Buy).
 */
export function TemplatePicker({ activeId, renderUse }: { activeId: string | null; renderUse: (tpl: SpaceTemplate) => ReactNode }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const found = searchTemplates(templateFamilies, query);
  return (
    <>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t('editor.define.searchTemplates')}
        aria-label={t('editor.define.searchTemplates')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-testid="template-search"
      />
      <Stack gap="sm" data-testid="template-list">
        {found.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="template-none">
            {t('editor.define.noTemplates', { query: query.trim() })}
          </Text>
        )}
        {found.map(({ family, templates }) => (
          <div key={family.spaceTemplateFamilyId} className={classes.card} data-testid={`template-family-${family.spaceTemplateFamilyId}`}>
            <Text fw={700} size="sm">
              {family.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} mb={6}>
              {family.description}
            </Text>
            <Stack gap={6}>
              {templates.map((tpl) => (
                <Group key={tpl.spaceTemplateId} gap="xs" wrap="nowrap" className={classes.templateRow} data-active={activeId === tpl.spaceTemplateId || undefined}>
                  <Image src={`/static/thumbnails/${tpl.spaceTemplateId}.webp`} alt="" w={64} h={40} radius="sm" loading="lazy" fallbackSrc={family.coverPhoto} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {t(`editor.define.size${tpl.size}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {tpl.areaM2} m²{tpl.tier === 'Premium' && ` · ${t('marketplace.premium.badge')}`}
                    </Text>
                  </div>
                  {tpl.tier === 'Premium' ? (
                    // Premium templates are bought once with credits; 'Use' appears beside 'Purchased'.
                    <PremiumTemplateBuy spaceTemplateId={tpl.spaceTemplateId} title={tpl.title}>
                      {renderUse(tpl)}
                    </PremiumTemplateBuy>
                  ) : (
                    renderUse(tpl)
                  )}
                </Group>
              ))}
            </Stack>
          </div>
        ))}
      </Stack>
    </>
  );
}
