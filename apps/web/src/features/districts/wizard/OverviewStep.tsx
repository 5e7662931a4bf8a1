import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { missingCredits } from '@atrium/shared/districts/submission';
import { bundlesCovering, formatPrice } from '../../marketplace/pricing.ts';
import type { Products } from '../../marketplace/queries.ts';
import type { WizardDraft } from './draft.ts';
import './i18n.ts';
// The bundle cards' units text.
import '../../marketplace/i18n.ts';

/**
 * Spec §2 Overview: the credit analysis, the credit bundle picker (one at a time, the first 3
 * covering what is missing; a second click deselects), the plan picker with its monthly/yearly toggle
 * for people who are not Pro (a confirmation when Pro is unchecked), and the total to pay now.
 */
export function OverviewStep({
  draft,
  onChange,
  isPro,
  balance,
  costCoin,
  products,
  blockers,
}: {
  draft: WizardDraft;
  onChange: (patch: Partial<WizardDraft>) => void;
  isPro: boolean;
  balance: number;
  costCoin: number;
  products: Products | undefined;
  blockers: string[];
}) {
  const { t } = useTranslation();
  const [confirmDrop, setConfirmDrop] = useState(false);
  const missing = missingCredits(costCoin, balance);
  const bundles = bundlesCovering(products?.oneTimeProducts ?? [], missing);
  const pro = (products?.subscriptionProducts ?? []).find((p) => p.subscriptionIdentifier === 'PRO' && p.interval === draft.interval);
  const bundle = products?.oneTimeProducts.find((b) => b.id === draft.bundleId);
  const plan = products?.subscriptionProducts.find((p) => p.id === draft.planPriceId);
  const total = (bundle?.priceAmount ?? 0) + (!isPro && plan ? plan.priceAmount : 0);
  const currency = products?.oneTimeProducts[0]?.currency ?? 'eur';
  return (
    <Stack>
      <Card withBorder radius="md" padding="md" data-testid="wizard-credit-analysis">
        <Text fw={700} mb="xs">
          {t('districtWizard.overview.credits')}
        </Text>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('districtWizard.overview.balance')}</Table.Td>
              <Table.Td ta="right">{balance}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('districtWizard.overview.cost')}</Table.Td>
              <Table.Td ta="right">{costCoin}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('districtWizard.overview.missing')}</Table.Td>
              <Table.Td ta="right" data-testid="wizard-missing">
                {missing}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {missing > 0 && (
        <Stack gap="xs">
          <Text fw={700}>{t('districtWizard.overview.bundles')}</Text>
          <SimpleGrid cols={3} spacing="xs" data-testid="wizard-bundles">
            {bundles.map((b) => (
              <UnstyledButton
                key={b.id}
                aria-pressed={draft.bundleId === b.id}
                aria-label={t('marketplace.bundle.units', { count: b.coinAmount })}
                onClick={() => onChange({ bundleId: draft.bundleId === b.id ? null : b.id })}
              >
                <Card withBorder radius="md" padding="sm" style={draft.bundleId === b.id ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}>
                  <Text fw={700}>{t('marketplace.bundle.units', { count: b.coinAmount })}</Text>
                  <Text size="sm">{formatPrice(b.priceAmount, b.currency)}</Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {isPro ? (
        <Alert color="green">{t('districtWizard.overview.isPro')}</Alert>
      ) : (
        <Stack gap="xs" data-testid="wizard-plans">
          <Group justify="space-between">
            <Text fw={700}>{t('districtWizard.overview.plan')}</Text>
            <SegmentedControl
              value={draft.interval}
              onChange={(v) => {
                const interval = v as WizardDraft['interval'];
                const same = (products?.subscriptionProducts ?? []).find((p) => p.subscriptionIdentifier === 'PRO' && p.interval === interval);
                onChange({ interval, planPriceId: draft.planPriceId && same ? same.id : null });
              }}
              data={[
                { value: 'monthly', label: t('districtWizard.overview.monthly') },
                { value: 'yearly', label: t('districtWizard.overview.yearly') },
              ]}
            />
          </Group>
          {pro && (
            <Checkbox
              checked={draft.planPriceId === pro.id}
              onChange={(e) => (e.currentTarget.checked ? onChange({ planPriceId: pro.id }) : setConfirmDrop(true))}
              label={`${pro.productName} · ${t(draft.interval === 'yearly' ? 'districtWizard.overview.perYear' : 'districtWizard.overview.perMonth', {
                price: formatPrice(pro.priceAmount, pro.currency),
              })}${draft.interval === 'yearly' && pro.discountPercent > 0 ? ` · ${t('districtWizard.overview.save', { percent: pro.discountPercent })}` : ''}`}
            />
          )}
        </Stack>
      )}
      <Group justify="space-between">
        <Text fw={700}>{t('districtWizard.overview.total')}</Text>
        <Text fw={800} size="lg" data-testid="wizard-total">
          {formatPrice(total, currency)}
        </Text>
      </Group>
      {blockers.map((b) => (
        <Alert key={b} color="red" role="alert">
          {b}
        </Alert>
      ))}
      <Modal opened={confirmDrop} onClose={() => setConfirmDrop(false)} title={t('districtWizard.overview.confirmTitle')} zIndex={10000002}>
        <Text mb="md">{t('districtWizard.overview.confirmText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDrop(false)}>
            {t('districtWizard.overview.confirmKeep')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onChange({ planPriceId: null });
              setConfirmDrop(false);
            }}
          >
            {t('districtWizard.overview.confirmDrop')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
