import type { PlanInterval } from '@atrium/shared';
import type { PlanChange } from './provider.ts';

/** The start of the period that ends at `end` (one calendar interval back, as renewals count forward). */
function periodStart(end: Date, interval: PlanInterval): Date {
  const d = new Date(end);
  if (interval === 'monthly') d.setUTCMonth(d.getUTCMonth() - 1);
  else d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
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
