// Spec §3 currency symbols and §9 price rules, pure so they are unit-tested and shared by every page.

const SYMBOLS: Record<string, string> = { eur: '€', usd: '$', gbp: '£' };

/** Spec §3: eur €, usd $, gbp £; anything else (or nothing) shows as the default €. */
export const currencySymbol = (currency?: string | null) => SYMBOLS[(currency ?? 'eur').toLowerCase()] ?? SYMBOLS.eur!;

/** Spec §9: totals with two decimals, trailing zeros stripped (60 → "60", 59.9 → "59.9"). */
export const formatAmount = (amount: number) => amount.toFixed(2).replace(/\.?0+$/, '');

export const formatPrice = (amount: number, currency?: string | null) => `${currencySymbol(currency)}${formatAmount(amount)}`;

/** Spec §9: floor((12 × monthly − yearly) / (12 × monthly)) in percent; 0 when there is nothing to compare. */
export function yearlyDiscount(monthly: number, yearly: number): number {
  const full = 12 * monthly;
  if (full <= 0 || yearly >= full) return 0;
  return Math.floor(((full - yearly) * 100) / full);
}

/** Spec §9: bundles by coin amount, smallest first. */
export const sortByCoins = <B extends { coinAmount: number }>(bundles: readonly B[]) => [...bundles].sort((a, b) => a.coinAmount - b.coinAmount);

/** Spec §2/§9: the bundles that cover what is missing, smallest first, at most `max` of them. */
export const bundlesCovering = <B extends { coinAmount: number }>(bundles: readonly B[], missing: number, max = 3) =>
  sortByCoins(bundles)
    .filter((b) => b.coinAmount >= missing)
    .slice(0, max);

/** Spec §3 Credit bundle card: icon 1 to 4, larger bundles get the later icons. */
export const bundleIcon = (index: number): 1 | 2 | 3 | 4 => (Math.min(Math.max(index, 0), 3) + 1) as 1 | 2 | 3 | 4;
