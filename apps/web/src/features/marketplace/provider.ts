// The payment provider's name as people read it, for 'Failed to open {payment provider} checkout'
// (spec §8) and the checkout page's "processed by". The server says which provider it runs (products
// and every checkout session name it); until it has said, the message names the built-in one.

const NAMES = { builtin: 'Atrium Pay', stripe: 'Stripe' } as const;
export type ProviderName = keyof typeof NAMES;

let last: ProviderName = 'builtin';

export function rememberProvider(p: ProviderName) {
  last = p;
}

export const providerLabel = (p: ProviderName = last) => NAMES[p];
