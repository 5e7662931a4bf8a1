import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { BundlePicker } from './BundlePicker.tsx';
import { KeepTrialSlot } from './KeepTrialSlot.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PaymentMethodPanel } from './PaymentMethodPanel.tsx';
import { PlanPanel } from './PlanPanel.tsx';
import { useWallet } from './queries.ts';
import './i18n.ts';
import './mantine-marketplace.ts';

function Balance() {
  const { t, i18n } = useTranslation();
  const wallet = useWallet();
  return (
    <Card withBorder radius="xl" padding="xl">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconCoins size={30} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text c="dimmed" fw={600} id="balance-label">
            {t('marketplace.wallet.balance')}
          </Text>
          {wallet.isPending ? (
            <Skeleton h={40} w={140} />
          ) : wallet.isError ? (
            <Alert color="red" role="alert" title={t('marketplace.loadFailed')} p="xs">
              <Button variant="light" size="xs" onClick={() => void wallet.refetch()}>
                {t('marketplace.retry')}
              </Button>
            </Alert>
          ) : (
            <Text fw={800} fz={40} lh={1.1} aria-labelledby="balance-label" data-testid="wallet-balance">
              {wallet.data.availableBalance.toLocaleString(i18n.language)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('marketplace.wallet.balanceHint')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Spec §2 Wallet / billing: credits, buying credits, the plan and what was paid. */
export default function WalletPage() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          {t('marketplace.wallet.title')}
        </Title>
        <Stack gap="xl">
          <Balance />
          <KeepTrialSlot returnTo="/wallet" />
          <PlanPanel />
          <PaymentMethodPanel />
          <section aria-labelledby="buy-credits-title" id="buy-credits">
            <Title order={2} size="h3" id="buy-credits-title">
              {t('marketplace.wallet.buyCredits')}
            </Title>
            <Text c="dimmed" mb="md">
              {t('marketplace.wallet.buyCreditsHint')}
            </Text>
            <BundlePicker returnTo="/wallet" />
          </section>
          <PaymentHistory />
        </Stack>
      </Container>
    </RequireAuth>
  );
}
