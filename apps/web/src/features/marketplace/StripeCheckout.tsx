import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { providerLabel } from './provider.ts';
import './i18n.ts';

/**
 * Stripe's embedded Checkout (spec §7 checkout-session `clientSecret`). Stripe.js comes from Stripe at
 * run time (the `pure` entry adds no script until asked); when it cannot load or mount, the page says
 * 'Failed to open Stripe checkout' (spec §8) and nothing was charged.
 */
export function StripeCheckout({ publishableKey, clientSecret, onComplete }: { publishableKey: string | null; clientSecret: string; onComplete: () => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'mounted' | 'failed'>('loading');
  const done = useRef(onComplete);
  done.current = onComplete;

  useEffect(() => {
    let destroyed = false;
    let checkout: { destroy(): void } | null = null;
    void (async () => {
      try {
        if (!publishableKey) throw new Error('no publishable key');
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(publishableKey);
        if (!stripe) throw new Error('Stripe.js did not load');
        const c = await stripe.createEmbeddedCheckoutPage({ clientSecret, onComplete: () => done.current() });
        if (destroyed || !host.current) return c.destroy();
        c.mount(host.current);
        checkout = c;
        setState('mounted');
      } catch (err) {
        // Spec §8: a checkout that fails to open is logged and told in the product's words.
        console.warn('checkout session failed to open', err);
        if (!destroyed) setState('failed');
      }
    })();
    return () => {
      destroyed = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);

  return (
    <>
      {state === 'loading' && (
        <Text c="dimmed" role="status">
          <Loader size="xs" mr="xs" />
          {t('marketplace.checkout.starting')}
        </Text>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert" data-testid="checkout-failed">
          {msg.payments.checkoutFailed(providerLabel('stripe'))}
        </Alert>
      )}
      <div ref={host} />
    </>
  );
}
