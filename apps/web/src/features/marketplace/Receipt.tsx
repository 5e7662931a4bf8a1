import { Alert, Divider, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { formatPrice } from './pricing.ts';
import { useReceipt } from './queries.ts';
import './i18n.ts';
import './i18n.cards.ts';

/** One payment's receipt (spec §2 Wallet / billing): date, lines, total, currency and any refund. */
export function Receipt({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const receipt = useReceipt(paymentId);
  const r = receipt.data;
  const money = (minor: number) => (r ? formatPrice(minor / 100, r.currency) : '');
  return (
    <Modal opened={paymentId !== null} onClose={onClose} centered title={r ? t('marketplace.history.receiptTitle', { date: formatDate(r.createdAt, true) }) : t('marketplace.history.receipt')}>
      {receipt.isPending && <Loader size="sm" />}
      {receipt.isError && (
        <Alert color="red" role="alert">
          {t('marketplace.loadFailed')}
        </Alert>
      )}
      {r && (
        <Stack gap="sm" data-testid="receipt">
          <Text size="sm" c="dimmed">
            {t('marketplace.history.receiptNumber', { id: r.paymentId })}
          </Text>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {r.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.productName}</Table.Td>
                  <Table.Td ta="right">{money(l.amountMinor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('marketplace.history.total')}</Text>
            <Text fw={700} data-testid="receipt-total">
              {money(r.amountMinor)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{t('marketplace.history.currency')}</Text>
            <Text c="dimmed">{r.currency.toUpperCase()}</Text>
          </Group>
          {r.coinAmount > 0 && <Text size="sm">{t('marketplace.history.creditsAdded', { count: r.coinAmount })}</Text>}
          {r.refundedMinor > 0 && <Text size="sm">{t('marketplace.history.refunded', { amount: money(r.refundedMinor) })}</Text>}
          <Text size="sm" c="dimmed">
            {t(`marketplace.history.paidWith.${r.provider}`)}
          </Text>
          {r.cardLast4 && (
            <Text size="sm" c="dimmed" data-testid="receipt-card">
              {t('marketplace.receiptCard', { brand: t(`marketplace.card.brand.${r.cardBrand ?? 'card'}`, { defaultValue: r.cardBrand ?? '' }), last4: r.cardLast4 })}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
