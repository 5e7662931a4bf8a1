import { PAYMENT_PROVIDER_LABELS, type PaymentProviderName } from '@atrium/shared/marketplace/payments';
import { useProducts } from './queries.ts';

/**
 * The configured payment provider's name for 'Failed to open {payment provider} checkout' (spec §8),
 * as the server words it. The products answer names the provider; before it arrived (or when it
 * failed) the built-in one is named, the default configuration.
 */
export const providerLabel = (p: PaymentProviderName = 'builtin') => PAYMENT_PROVIDER_LABELS[p];

export function useProviderLabel(): string {
  return providerLabel(useProducts().data?.provider);
}
