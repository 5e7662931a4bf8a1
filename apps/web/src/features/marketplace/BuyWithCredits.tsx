import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { msg } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { BundlePicker } from './BundlePicker.tsx';
import { useItemPrice, usePurchase, useWallet } from './queries.ts';
import './i18n.ts';
import './mantine-marketplace.ts';

export interface BuyWithCreditsProps {
  itemId: string;
  /** Button text, given the price in credits. */
  label: (price: number) => string;
  confirm: (price: number) => string;
  done: string;
  /** Where a card checkout started from the bundle picker comes back to. */
  returnTo: string;
  onBought?: () => void;
}

/**
 * One item bought with credits (spec §7 internaltransaction): a confirmation, then the purchase under
 * one Idempotency-Key per intent. When the wallet is short it says so in the spec's words and offers
 * the bundles that cover the difference (spec §5).
 */
export function BuyWithCredits({ itemId, label, confirm, done, returnTo, onBought }: BuyWithCreditsProps) {
  const { t } = useTranslation();
  const price = useItemPrice(itemId);
  const wallet = useWallet();
  const purchase = usePurchase();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const [short, setShort] = useState(false);

  if (price === undefined || !wallet.data) return null;
  const missing = Math.max(0, price - wallet.data.availableBalance);

  const buy = async () => {
    setError(null);
    try {
      await purchase.mutateAsync({ key, body: { totalCoin: price, transactionItems: [{ itemId, quantity: 1 }] } });
      setAsking(false);
      setKey(crypto.randomUUID());
      notify.success(done);
      onBought?.();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
        setAsking(false);
        setShort(true);
        void wallet.refetch();
      } else setError(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    }
  };

  if (missing > 0 || short)
    return (
      <Stack gap="sm" data-testid="insufficient-credits">
        <Alert color="orange" role="alert" title={msg.marketplace.insufficientCredits}>
          {t('marketplace.slot.balance', { balance: wallet.data.availableBalance, missing: Math.max(missing, 1) })}
        </Alert>
        <BundlePicker missing={Math.max(missing, 1)} returnTo={returnTo} />
      </Stack>
    );

  return (
    <>
      <Button onClick={() => setAsking(true)} data-testid={`buy-${itemId}`}>
        {label(price)}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('marketplace.confirm')} centered>
        <Stack>
          <Text>{confirm(price)}</Text>
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('marketplace.cancel')}
            </Button>
            <Button onClick={() => void buy()} loading={purchase.isPending} data-autofocus>
              {t('marketplace.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
