import { AppError, msg, PAYMENT_PROVIDER_LABELS } from '@atrium/shared';
import type { PaymentProvider } from './provider.ts';

/**
 * Opens a checkout (payment or card setup) at the provider. Whatever fails on their side reaches the
 * person as the spec's 'Failed to open {provider} checkout', with the provider's reason kept as the
 * cause for the logs, and nothing is stored: the caller records the session only after this returns.
 */
export async function openCheckout<T>(provider: PaymentProvider, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    throw new AppError('PAYMENT_PROVIDER_FAILED', msg.payments.checkoutFailed(PAYMENT_PROVIDER_LABELS[provider.name]), {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
}
