import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { marketplaceKeys, slotKeys } from '../../api/keys.ts';
import { renewSession } from '../../auth/session.ts';
import { notify } from '../../notify.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { CardForm } from './CardForm.tsx';
import { forgetPending, loadPending } from './pendingCheckout.ts';
import { formatPrice } from './pricing.ts';
import { useSessionStatus } from './queries.ts';
import { StripeCheckout } from './StripeCheckout.tsx';
import './i18n.ts';
import './i18n.cards.ts';
import './mantine-marketplace.ts';

const minor = (amountMinor: number, currency: string) => formatPrice(amountMinor / 100, currency);

function Checkout({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [pending] = useState(() => loadPending(sessionId));
  // After the card went through, the session completes once the provider's webhook is processed.
  const [paid, setPaid] = useState(false);
  const status = useSessionStatus(sessionId, paid ? 500 : false);
  const s = status.data;

  useEffect(() => {
    if (!s || s.status !== 'complete' || !pending) return;
    forgetPending(sessionId);
    void (async () => {
      // Credits and plan slots changed (fetched now, so the page returned to never shows the old
      // figures); a plan also changes the role in the token.
      await qc.invalidateQueries({ queryKey: marketplaceKeys.all, refetchType: 'all' });
      await qc.invalidateQueries({ queryKey: slotKeys.my, refetchType: 'all' });
      if (s.subscriptionId) await renewSession().catch(() => undefined);
      notify.success(
        s.mode === 'setup' ? t('marketplace.card.saved') : s.coinAmount > 0 ? t('marketplace.wallet.paid', { count: s.coinAmount }) : t('marketplace.wallet.subscribed'),
      );
      await navigate(pending.returnTo, { replace: true });
    })();
  }, [s, pending, sessionId, qc, navigate, t]);

  if (!pending || s?.status === 'expired')
    return (
      <Alert color="orange" role="alert" title={t('marketplace.checkout.expired')}>
        <Anchor component={Link} to="/wallet">
          {t('marketplace.checkout.backToWallet')}
        </Anchor>
      </Alert>
    );
  if (status.isError)
    return (
      <Alert color="red" role="alert" title={t('marketplace.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void status.refetch()}>
          {t('marketplace.retry')}
        </Button>
      </Alert>
    );
  if (!s) return <Loader aria-label={t('marketplace.checkout.starting')} />;

  const amount = minor(s.amountMinor, s.currency);
  return (
    <Stack gap="lg">
      {s.mode === 'setup' ? (
        <Card withBorder radius="xl" padding="lg" data-testid="checkout-summary">
          <Title order={2} size="h5" mb="sm">
            {t('marketplace.card.saveTitle')}
          </Title>
          <Text c="dimmed">{t('marketplace.card.saveBody')}</Text>
        </Card>
      ) : (
      <Card withBorder radius="xl" padding="lg" data-testid="checkout-summary">
        <Title order={2} size="h5" mb="sm">
          {t('marketplace.checkout.summary')}
        </Title>
        <Stack gap={4}>
          {s.lines.map((l) => (
            <Group key={l.id} justify="space-between">
              <Text>{l.productName}</Text>
              <Text>{minor(l.amountMinor, s.currency)}</Text>
            </Group>
          ))}
        </Stack>
        <Divider my="sm" />
        <Group justify="space-between">
          <Text fw={700}>{t('marketplace.checkout.total')}</Text>
          <Text fw={700}>{amount}</Text>
        </Group>
      </Card>
      )}
      <Card withBorder radius="xl" padding="lg">
        {paid || s.status === 'complete' ? (
          <Stack align="center" py="md" role="status">
            <Title order={2} size="h4">
              {t('marketplace.checkout.success')}
            </Title>
            <Text c="dimmed">{t('marketplace.checkout.successBody')}</Text>
            <Loader size="sm" />
          </Stack>
        ) : pending.provider === 'stripe' ? (
          <StripeCheckout publishableKey={pending.publishableKey} clientSecret={pending.clientSecret} onComplete={() => setPaid(true)} />
        ) : (
          <CardForm
            sessionId={sessionId}
            clientSecret={pending.clientSecret}
            amount={amount}
            {...(s.mode === 'setup' ? { submitLabel: t('marketplace.card.save') } : {})}
            onPaid={() => setPaid(true)}
          />
        )}
      </Card>
      <Text size="sm" c="dimmed" ta="center">
        {t(pending.provider === 'stripe' ? 'marketplace.checkout.secureStripe' : 'marketplace.checkout.secureBuiltin')}
      </Text>
    </Stack>
  );
}

/** Spec §7 checkout: pays one open session (a credit bundle or a plan) and returns where it started. */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  return (
    <RequireAuth>
      <Container size="xs" py="xl">
        <Title order={1} mb="lg">
          {t('marketplace.checkout.title')}
        </Title>
        <Checkout sessionId={sessionId} />
      </Container>
    </RequireAuth>
  );
}
