import { PLAN_INTERVALS, PLAN_TIERS, type PlanInterval, type PlanTier } from '@atrium/shared';
import type { PlanChange } from './provider.ts';

/** The start of the period that ends at `end` (one calendar interval back, as renewals count forward). */
function periodStart(end: Date, interval: PlanInterval): Date {
  const d = new Date(end);
  if (interval === 'monthly') d.setUTCMonth(d.getUTCMonth() - 1);
  else d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}

/**
 * An upgrade moves up: a higher plan, or yearly instead of monthly, never down in either. Mixed moves
 * (Standard yearly to Pro monthly) are left out: their unused year can exceed the new price.
 */
export function isUpgrade(from: { tier: PlanTier; interval: PlanInterval }, to: { tier: PlanTier; interval: PlanInterval }): boolean {
  const tier = PLAN_TIERS.indexOf(to.tier) - PLAN_TIERS.indexOf(from.tier);
  const interval = PLAN_INTERVALS.indexOf(to.interval) - PLAN_INTERVALS.indexOf(from.interval);
  return tier >= 0 && interval >= 0 && tier + interval > 0;
}

/**
 * The built-in provider's proration, the way Stripe prorates with `always_invoice`: with the same
 * interval the period stays and the price difference is charged for the share of it left; a new
 * interval starts a new period now, charging the new price less the unused share of the old one.
 */
export function prorate(c: PlanChange): number {
  const start = periodStart(c.from.periodEnd, c.from.interval).getTime();
  const end = c.from.periodEnd.getTime();
  const left = Math.min(1, Math.max(0, (end - c.prorationDate.getTime()) / (end - start)));
  const due = c.from.interval === c.to.interval ? Math.round((c.to.amountMinor - c.from.amountMinor) * left) : c.to.amountMinor - Math.round(c.from.amountMinor * left);
  return Math.max(0, due);
}
