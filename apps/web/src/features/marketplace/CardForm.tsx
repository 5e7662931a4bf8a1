import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { cardErrors, cvcSize, formatCardNumber, formatCvc, formatExpiry, type CardErrors } from './card.ts';
import { builtinConfirm, builtinPay } from './queries.ts';
import './i18n.ts';

/**
 * The built-in provider's card form (spec §7 checkout): number, expiry and CVC, formatted as typed and
 * checked before sending. Test numbers behave as at Stripe: 4242… pays, 4000 0000 0000 0002 is
 * declined, 4000 0025 0000 3155 asks the payer to confirm first.
 */
export function CardForm({
  sessionId,
  clientSecret,
  amount,
  submitLabel,
  onPaid,
}: {
  sessionId: string;
  clientSecret: string;
  amount: string;
  /** The button's words when it does not pay (a setup checkout saves the card): 'Pay €X' otherwise. */
  submitLabel?: string;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const fail = (err: unknown) =>
    setFailure(err instanceof ApiError && err.code === 'PAYMENT_DECLINED' ? t('marketplace.checkout.declined') : err instanceof ApiError ? err.message : msg.somethingWentWrong);

  const pay = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = cardErrors({ number, expiry, cvc });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const r = await builtinPay(sessionId, { clientSecret, cardNumber: number, expiry, cvc });
      if (r.status === 'requires_action') setConfirming(true);
      else onPaid();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await builtinConfirm(sessionId, clientSecret);
      setConfirming(false);
      onPaid();
    } catch (err) {
      setConfirming(false);
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void pay(e)} noValidate aria-label={t('marketplace.checkout.title')}>
      <Stack gap="md">
        <TextInput
          label={t('marketplace.checkout.cardNumber')}
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.currentTarget.value))}
          error={errors.number ? t('marketplace.checkout.badNumber') : undefined}
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('marketplace.checkout.expiry')}
            placeholder={t('marketplace.checkout.expiryPlaceholder')}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.currentTarget.value))}
            error={errors.expiry ? t('marketplace.checkout.badExpiry') : undefined}
            required
          />
          <TextInput
            label={t('marketplace.checkout.cvc')}
            placeholder={'0'.repeat(cvcSize(number)).replace(/0/g, '•')}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(formatCvc(e.currentTarget.value, number))}
            error={errors.cvc ? t('marketplace.checkout.badCvc') : undefined}
            required
          />
        </Group>
        {failure && (
          <Text c="red" role="alert" data-testid="checkout-error">
            {failure}
          </Text>
        )}
        <Button type="submit" size="md" loading={busy && !confirming} leftSection={<IconLock size={16} aria-hidden />}>
          {submitLabel ?? t('marketplace.checkout.pay', { amount })}
        </Button>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('marketplace.checkout.confirmTitle')} centered>
        <Stack>
          <Text>{t('marketplace.checkout.confirmBody', { amount })}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
                setFailure(t('marketplace.checkout.rejected'));
              }}
            >
              {t('marketplace.checkout.confirmReject')}
            </Button>
            <Button onClick={() => void confirm()} loading={busy} data-autofocus>
              {t('marketplace.checkout.confirmApprove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
