import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import { ApiError } from '../../api/ApiError.ts';
import { BundlePicker } from './BundlePicker.tsx';
import { usePurchase, useWallet } from './queries.ts';
import './i18n.ts';

/**
 * One item bought with credits (spec §7 internaltransaction) under one Idempotency-Key per intent: a
 * retry after a network error cannot charge twice, a new intent after success gets a new key. When the
 * server says the wallet is short, `short` turns on and the wallet is read again.
 */
export function useCreditPurchase(itemId: string, onBought: () => void) {
  const wallet = useWallet();
  const purchase = usePurchase();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [short, setShort] = useState(false);

  const buy = async (price: number) => {
    setError(null);
    try {
      await purchase.mutateAsync({ key, body: { totalCoin: price, transactionItems: [{ itemId, quantity: 1 }] } });
      setAsking(false);
      setKey(crypto.randomUUID());
      onBought();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        setShort(true);
        void wallet.refetch();
      } else setError(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    }
  };
  const ask = () => {
    setShort(false);
    setError(null);
    setAsking(true);
  };
  return { wallet, asking, ask, close: () => setAsking(false), error, short, buy, pending: purchase.isPending };
}

/** The spec's 'Insufficient credits' message (§5) with the bundles that cover the difference. */
export function InsufficientCredits({ balance, missing, returnTo }: { balance: number; missing: number; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="insufficient-credits">
      <Alert color="orange" role="alert" title={msg.marketplace.insufficientCredits}>
        {t('marketplace.slot.balance', { balance, missing: Math.max(missing, 1) })}
      </Alert>
      <BundlePicker missing={Math.max(missing, 1)} returnTo={returnTo} />
    </Stack>
  );
}

/** The confirmation step's body: what is bought, the last error, Cancel and Confirm. */
export function ConfirmPurchase({ text, error, pending, onCancel, onConfirm }: {
  text: string;
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{text}</Text>
      {error && (
        <Text c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('marketplace.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={pending} data-autofocus>
          {t('marketplace.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
