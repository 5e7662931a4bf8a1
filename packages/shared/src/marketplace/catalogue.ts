import { MARKETPLACE } from '../constants.ts';

// What card checkout sells (spec §1, §3 Payment products, §9 prices): credit bundles and plans, in
// every currency the spec names. Amounts are minor units (cents, pence) so sums stay exact; the API
// also answers them as major units (`priceAmount`) because that is what the spec's cards show.
// The spec gives no euro figures for plans or premade spaces; these are ours and stated in
// apps/server/src/modules/payments/CONTEXT.md.

export const CURRENCIES = ['eur', 'usd', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'eur';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { eur: '€', usd: '$', gbp: '£' };

export const PLAN_TIERS = ['FREE', 'STANDARD', 'PRO'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const PLAN_INTERVALS = ['monthly', 'yearly'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** The token role each plan gives (spec §6). */
export const PLAN_ROLES = { FREE: 'free-user', STANDARD: 'pro-user', PRO: 'premium-user' } as const satisfies Record<PlanTier, string>;

type Prices = Record<Currency, number>;

export interface CreditBundle {
  id: string;
  productName: string;
  /** Credits received: 10 per euro of the euro price. */
  coinAmount: number;
  iconId: 1 | 2 | 3 | 4;
  priceMinor: Prices;
}

const bundle = (euros: number, iconId: CreditBundle['iconId'], usd: number, gbp: number): CreditBundle => ({
  id: `credits-${euros * MARKETPLACE.creditsPerEuro}`,
  productName: `${euros * MARKETPLACE.creditsPerEuro} credits`,
  coinAmount: euros * MARKETPLACE.creditsPerEuro,
  iconId,
  priceMinor: { eur: euros * 100, usd, gbp },
});

/** Readers go through `sortedBundles` (spec §9 order). */
export const CREDIT_BUNDLES: readonly CreditBundle[] = [
  bundle(10, 1, 1100, 900),
  bundle(30, 2, 3300, 2600),
  bundle(60, 3, 6500, 5200),
  bundle(120, 4, 13000, 10400),
];

export interface Plan {
  tier: PlanTier;
  productName: string;
  monthlyMinor: Prices;
  yearlyMinor: Prices;
}

export const PLANS: readonly Plan[] = [
  { tier: 'FREE', productName: 'Free', monthlyMinor: { eur: 0, usd: 0, gbp: 0 }, yearlyMinor: { eur: 0, usd: 0, gbp: 0 } },
  {
    tier: 'STANDARD',
    productName: 'Standard',
    monthlyMinor: { eur: 1200, usd: 1300, gbp: 1000 },
    yearlyMinor: { eur: 12000, usd: 13000, gbp: 10000 },
  },
  {
    tier: 'PRO',
    productName: 'Pro',
    monthlyMinor: { eur: 2900, usd: 3200, gbp: 2500 },
    yearlyMinor: { eur: 29000, usd: 32000, gbp: 25000 },
  },
];

/** The id of a plan's price: what checkout takes as `subscriptionId` and what a subscription records as `priceId`. */
export const planPriceId = (tier: PlanTier, interval: PlanInterval) => `plan-${tier.toLowerCase()}-${interval}`;

/**
 * Spec §4 "upgraded after a preview": an upgrade moves up, a higher paid plan or yearly instead of
 * monthly, never down in either. Mixed moves (Standard yearly to Pro monthly) are left out: their
 * unused year can be worth more than the new price.
 */
export function isPlanUpgrade(from: { tier: PlanTier; interval: PlanInterval }, to: { tier: PlanTier; interval: PlanInterval }): boolean {
  if (from.tier === 'FREE' || to.tier === 'FREE') return false;
  const tier = PLAN_TIERS.indexOf(to.tier) - PLAN_TIERS.indexOf(from.tier);
  const interval = PLAN_INTERVALS.indexOf(to.interval) - PLAN_INTERVALS.indexOf(from.interval);
  return tier >= 0 && interval >= 0 && tier + interval > 0;
}

/** Premade spaces bought with credits, by size (spec §9 "priced in credits with sizes"). */
export const PREMADE_SPACE_SIZES = ['small', 'medium', 'large'] as const;
export type PremadeSpaceSize = (typeof PREMADE_SPACE_SIZES)[number];
export const PREMADE_SPACE_PRICES: Record<PremadeSpaceSize, { itemId: string; title: string; priceCoin: number }> = {
  small: { itemId: 'premade-space-small', title: 'Premade space (small)', priceCoin: 300 },
  medium: { itemId: 'premade-space-medium', title: 'Premade space (medium)', priceCoin: 600 },
  large: { itemId: 'premade-space-large', title: 'Premade space (large)', priceCoin: 1200 },
};

/** Spec §9: floor((12 × monthly − yearly) / (12 × monthly)) in percent; 0 for a free plan. */
export function yearlyDiscountPercent(monthly: number, yearly: number): number {
  const full = 12 * monthly;
  if (full <= 0) return 0;
  return Math.floor(((full - yearly) * 100) / full);
}

/** Spec §9: two decimals, trailing zeros stripped ("12", "12.5", "12.99"). */
export function formatAmount(minor: number): string {
  return (minor / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** Spec §9: bundles by coin amount. */
export const sortedBundles = (): CreditBundle[] => [...CREDIT_BUNDLES].sort((a, b) => a.coinAmount - b.coinAmount);
/** Spec §9: plans by monthly price (in the currency asked for). */
export const sortedPlans = (currency: Currency): Plan[] => [...PLANS].sort((a, b) => a.monthlyMinor[currency] - b.monthlyMinor[currency]);

/**
 * Spec §5: the picker keeps bundles with at least the missing credits and shows the first 3;
 * with nothing missing every bundle qualifies.
 */
export const bundlesCovering = (missingCoin: number, max = 3): CreditBundle[] =>
  sortedBundles()
    .filter((b) => b.coinAmount >= missingCoin)
    .slice(0, max);

export const bundleById = (id: string) => CREDIT_BUNDLES.find((b) => b.id === id);
export function planByPriceId(priceId: string): { plan: Plan; interval: PlanInterval } | undefined {
  for (const plan of PLANS)
    for (const interval of PLAN_INTERVALS) if (planPriceId(plan.tier, interval) === priceId) return { plan, interval };
  return undefined;
}

/**
 * A premium template's marketplace item: migration 0017 seeds one per Premium-tier template of
 * @atrium/assets at its districtPrice, sold once per person (the editor's template picker).
 */
export const premiumTemplateItemId = (spaceTemplateId: string) => `template-${spaceTemplateId}`;
