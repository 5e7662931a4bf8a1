import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify.ts';
import { ConfirmPurchase, InsufficientCredits, useCreditPurchase } from './CreditPurchase.tsx';
import { useItemPrice } from './queries.ts';
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
  const p = useCreditPurchase(itemId, () => {
    notify.success(done);
    onBought?.();
  });

  if (price === undefined || !p.wallet.data) return null;
  const missing = Math.max(0, price - p.wallet.data.availableBalance);

  if (missing > 0 || p.short)
    return <InsufficientCredits balance={p.wallet.data.availableBalance} missing={missing} returnTo={returnTo} />;

  return (
    <>
      <Button onClick={p.ask} data-testid={`buy-${itemId}`}>
        {label(price)}
      </Button>
      <Modal opened={p.asking} onClose={p.close} title={t('marketplace.confirm')} centered>
        <ConfirmPurchase text={confirm(price)} error={p.error} pending={p.pending} onCancel={p.close} onConfirm={() => void p.buy(price)} />
      </Modal>
    </>
  );
}
