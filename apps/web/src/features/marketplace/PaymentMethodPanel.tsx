import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { startPaymentMethodUpdate, useLastCard } from './cardQueries.ts';
import { savePending } from './pendingCheckout.ts';
import { useProviderLabel } from './provider.ts';
import { useUserPlan } from './queries.ts';
import './i18n.ts';
import './i18n.cards.ts';

const BRANDS = new Set(['visa', 'mastercard', 'amex', 'discover']);

/**
 * Spec §2 Wallet / billing: payment method. The card last paid with or saved (brand, last 4, expiry),
 * and for a live plan 'Update': a setup checkout (the built-in card page, or Stripe's embedded
 * Checkout) that saves a new card for the renewals and charges nothing.
 */
export function PaymentMethodPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const provider = useProviderLabel();
  const card = useLastCard();
  const plan = useUserPlan();
  const [opening, setOpening] = useState(false);
  const live = plan.data?.status === 'active' || plan.data?.status === 'canceled';

  const update = async () => {
    setOpening(true);
    try {
      const s = await startPaymentMethodUpdate();
      savePending(s.sessionId, { provider: s.provider, clientSecret: s.clientSecret, publishableKey: s.publishableKey, returnTo: '/wallet' });
      await navigate(`/checkout/${encodeURIComponent(s.sessionId)}`);
    } catch (err) {
      console.warn('payment method update failed', err);
      const failed = err instanceof ApiError && err.code === 'PAYMENT_PROVIDER_FAILED' ? err.message : msg.payments.checkoutFailed(provider);
      const reason = err instanceof ApiError && err.status < 500 ? err.message : undefined;
      notify.error(reason ?? failed, reason ? failed : undefined);
    } finally {
      setOpening(false);
    }
  };

  const c = card.data?.card;
  return (
    <Card withBorder radius="xl" padding="lg" component="section" aria-labelledby="payment-method-title" data-testid="payment-method">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h4" id="payment-method-title">
              {t('marketplace.card.title')}
            </Title>
            {card.isPending ? (
              <Skeleton h={20} w={200} />
            ) : card.isError ? (
              <Alert color="red" role="alert" p="xs" title={t('marketplace.loadFailed')}>
                <Button variant="light" size="xs" onClick={() => void card.refetch()}>
                  {t('marketplace.retry')}
                </Button>
              </Alert>
            ) : c ? (
              <>
                <Text fw={600} data-testid="payment-card">
                  {t('marketplace.card.number', { brand: t(`marketplace.card.brand.${BRANDS.has(c.brand) ? c.brand : 'card'}`), last4: c.last4 })}
                </Text>
                <Text size="sm" c="dimmed" data-testid="payment-card-expiry">
                  {t('marketplace.card.expires', { month: String(c.expMonth).padStart(2, '0'), year: String(c.expYear % 100).padStart(2, '0') })}
                </Text>
              </>
            ) : (
              <Text c="dimmed">{msg.payments.noCardOnFile}</Text>
            )}
            <Text size="sm" c="dimmed" maw={520}>
              {live ? t('marketplace.card.hint') : t('marketplace.card.updateHint')}
            </Text>
          </Stack>
        </Group>
        {live && (
          <Button variant="light" onClick={() => void update()} loading={opening} data-testid="payment-method-update">
            {t('marketplace.card.update')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
