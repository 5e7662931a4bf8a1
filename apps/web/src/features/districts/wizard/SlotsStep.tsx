import { ActionIcon, Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DISTRICT_SUBMISSION } from '@atrium/shared/districts/submission';
import type { WizardDraft } from './draft.ts';
import './i18n.ts';

/** Spec §2 Space slots: the included slots (4 placeholders with Pro), the added ones and the add-slot tile. */
export function SlotsStep({ draft, onChange, priceCoin }: { draft: WizardDraft; onChange: (patch: Partial<WizardDraft>) => void; priceCoin: number }) {
  const { t } = useTranslation();
  const included = DISTRICT_SUBMISSION.includedSlots;
  return (
    <Stack>
      <Text size="sm">{t('districtWizard.slots.intro', { count: included, price: priceCoin })}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="wizard-slots">
        {Array.from({ length: included }, (_, i) => (
          <Card key={`i${i}`} withBorder radius="md" padding="md" data-testid="wizard-slot-included">
            <Text fw={600}>{t('districtWizard.slots.included')}</Text>
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
