// The payment provider's name for 'Failed to open {payment provider} checkout' (spec §8), as the
// server words it ("card" for the built-in provider). Every checkout session names its provider;
// until one has, the message names the built-in one (the default configuration).

const NAMES = { builtin: 'card', stripe: 'Stripe' } as const;
export type ProviderName = keyof typeof NAMES;

let last: ProviderName = 'builtin';

export function rememberProvider(p: ProviderName) {
  last = p;
}

export const providerLabel = (p: ProviderName = last) => NAMES[p];
