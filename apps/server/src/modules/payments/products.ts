import {
  CURRENCY_SYMBOLS,
  formatAmount,
  planPriceId,
  PLAN_INTERVALS,
  sortedBundles,
  sortedPlans,
  yearlyDiscountPercent,
  type Currency,
  type PaymentProductsView,
  type PaymentProviderName,
} from '@atrium/shared';

const major = (minor: number) => Number(formatAmount(minor));

/** Spec §3 Payment products in one currency, sorted as spec §9 says (bundles by coins, plans by monthly price). */
export function paymentProducts(currency: Currency, provider: PaymentProviderName): PaymentProductsView {
  return {
    provider,
    oneTimeProducts: sortedBundles().map((b) => ({
      id: b.id,
      productName: b.productName,
      priceAmount: major(b.priceMinor[currency]),
      currency,
      coinAmount: b.coinAmount,
      iconId: b.iconId,
    })),
    subscriptionProducts: sortedPlans(currency).flatMap((p) =>
      PLAN_INTERVALS.map((interval) => {
        const monthly = p.monthlyMinor[currency];
        const price = interval === 'monthly' ? monthly : p.yearlyMinor[currency];
        return {
          id: planPriceId(p.tier, interval),
          productName: p.productName,
          priceAmount: major(price),
          currency,
          interval,
          subscriptionIdentifier: p.tier,
          monthlyPriceAmount: major(monthly),
          discountPercent: interval === 'yearly' ? yearlyDiscountPercent(monthly, price) : 0,
          purchasable: p.tier !== 'FREE',
        };
      }),
    ),
    currencySymbol: CURRENCY_SYMBOLS[currency],
  };
}
