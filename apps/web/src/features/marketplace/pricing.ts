import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY, formatAmount, type Currency } from '@atrium/shared/marketplace/catalogue';

// Spec §3 currency symbols and §9 price rules as the pages show them: the rules themselves live in
// @atrium/shared (symbols, two decimals with trailing zeros stripped); the API answers major units.

/** Spec §3: eur €, usd $, gbp £; anything else (or nothing) shows as the default €. */
export const currencySymbol = (currency?: string | null) =>
  CURRENCY_SYMBOLS[(currency ?? DEFAULT_CURRENCY).toLowerCase() as Currency] ?? CURRENCY_SYMBOLS[DEFAULT_CURRENCY];

/** A major-unit amount (12.5 = €12.50) with its symbol: "€12.5", "£60". */
export const formatPrice = (amount: number, currency?: string | null) => `${currencySymbol(currency)}${formatAmount(Math.round(amount * 100))}`;

/** Spec §9: bundles by coin amount, smallest first. */
export const sortByCoins = <B extends { coinAmount: number }>(bundles: readonly B[]) => [...bundles].sort((a, b) => a.coinAmount - b.coinAmount);

/** Spec §2/§5: the bundles that cover what is missing, smallest first, at most `max` of them. */
export const bundlesCovering = <B extends { coinAmount: number }>(bundles: readonly B[], missing: number, max = 3) =>
  sortByCoins(bundles)
    .filter((b) => b.coinAmount >= missing)
    .slice(0, max);
