import { useState } from 'react';
import { msg } from '../../i18n/msg.ts';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { signIn } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import { notify } from '../../notify.ts';
import { createCheckoutSession, type CheckoutRequest } from './queries.ts';
import { savePending } from './pendingCheckout.ts';
import { useProviderLabel } from './provider.ts';

export interface CheckoutChoice {
  /** A credit bundle id. */
  bundleId?: string;
  /** A plan price id. */
  planPriceId?: string;
}

/**
 * Opens a checkout session for a bundle or a plan and moves to the checkout page (spec §5
 * Submission: external card checkout when a bundle or plan is chosen). Signed-out people sign in
 * first and come back to `signInReturn`, which names the choice so it resumes. A failure leaves
 * nothing behind and says 'Failed to open {provider} checkout' (spec §8).
 */
export function useCheckout() {
  const session = useSession();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const provider = useProviderLabel();

  const start = async (choice: CheckoutChoice, opts: { returnTo: string; signInReturn: string }) => {
    if (session.status !== 'signed-in') {
      await signIn(opts.signInReturn);
      return;
    }
    const body: CheckoutRequest = {
      oneTimeItemId: choice.bundleId ? [choice.bundleId] : [],
      ...(choice.planPriceId ? { subscriptionId: choice.planPriceId } : {}),
      currency: 'eur',
    };
    setOpening(choice.bundleId ?? choice.planPriceId ?? null);
    try {
      const s = await createCheckoutSession(body);
      savePending(s.sessionId, { provider: s.provider, clientSecret: s.clientSecret, publishableKey: s.publishableKey, returnTo: opts.returnTo });
      await navigate(`/checkout/${encodeURIComponent(s.sessionId)}`);
    } catch (err) {
      // Spec §8: the failure is logged and told in the product's words; a refusal with a reason of its
      // own (already on that plan) keeps the reason underneath.
      console.warn('checkout session failed', err);
      const failed = err instanceof ApiError && err.code === 'PAYMENT_PROVIDER_FAILED' ? err.message : msg.payments.checkoutFailed(provider);
      const reason = err instanceof ApiError && err.status < 500 ? err.message : undefined;
      notify.error(reason ?? failed, reason ? failed : undefined);
    } finally {
      setOpening(null);
    }
  };
  return { start, opening };
}
