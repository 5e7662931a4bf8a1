import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, ScrollArea, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { formatPrice } from './pricing.ts';
import { usePaymentHistory } from './queries.ts';
import { Receipt } from './Receipt.tsx';
import './i18n.ts';

/** Spec §2 Wallet / billing: payment history, newest first, with what each bought and any refund. */
export function PaymentHistory() {
  const { t } = useTranslation();
  const history = usePaymentHistory();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card withBorder radius="xl" padding="xl" data-testid="payment-history">
      <Title order={2} size="h4" mb="sm">
        {t('marketplace.history.title')}
      </Title>
      {history.isPending ? (
        <Skeleton h={60} />
      ) : history.isError ? (
        <Alert color="red" role="alert" title={t('marketplace.loadFailed')}>
          <Button variant="light" size="xs" onClick={() => void history.refetch()}>
            {t('marketplace.retry')}
          </Button>
        </Alert>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">{t('marketplace.history.empty')}</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped verticalSpacing="sm" miw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marketplace.history.date')}</Table.Th>
                <Table.Th>{t('marketplace.history.item')}</Table.Th>
                <Table.Th ta="right">{t('marketplace.history.amount')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((p) => (
                <Table.Tr key={p.paymentId} data-testid="payment-row">
                  <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                  <Table.Td>
                    {p.description}
                    {p.refundedMinor > 0 && (
                      <Badge ml="xs" color="gray" variant="light">
                        {t('marketplace.history.refunded', { amount: formatPrice(p.refundedMinor / 100, p.currency) })}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatPrice(p.amountMinor / 100, p.currency)}</Table.Td>
                  <Table.Td ta="right">
                    <Anchor component="button" type="button" onClick={() => setOpen(p.paymentId)} data-testid="receipt-link">
                      {t('marketplace.history.receipt')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Receipt paymentId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
