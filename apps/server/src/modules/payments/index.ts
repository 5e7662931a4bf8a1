import type { Config } from '../../config.ts';
import { BuiltinProvider } from './builtinProvider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripeProvider.ts';

/** The provider the configuration names (built-in unless PAYMENT_PROVIDER=stripe). */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'publicUrl'>): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'builtin') return new BuiltinProvider(p.webhookSecret);
  return new StripeProvider({
    secretKey: p.secretKey,
    publishableKey: p.publishableKey,
    webhookSecret: p.webhookSecret,
    ...(p.api ? { api: p.api } : {}),
    returnUrl: `${config.publicUrl.replace(/\/+$/, '')}/wallet`,
  });
}
