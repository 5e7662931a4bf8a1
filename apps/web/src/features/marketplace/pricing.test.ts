import { describe, expect, it } from 'vitest';
import { bundleIcon, bundlesCovering, currencySymbol, formatAmount, formatPrice, sortByCoins, yearlyDiscount } from './pricing.ts';

describe('marketplace price rules (spec §3, §9)', () => {
  it('maps currencies to their symbols with € as the default', () => {
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('gbp')).toBe('£');
    expect(currencySymbol(undefined)).toBe('€');
    expect(currencySymbol('chf')).toBe('€');
  });

  it('shows two decimals with trailing zeros stripped', () => {
    expect(formatAmount(60)).toBe('60');
    expect(formatAmount(59.9)).toBe('59.9');
    expect(formatAmount(59.99)).toBe('59.99');
    expect(formatAmount(0.5)).toBe('0.5');
    expect(formatAmount(100)).toBe('100');
    expect(formatAmount(19.999)).toBe('20');
    expect(formatPrice(12.5, 'gbp')).toBe('£12.5');
  });

  it('floors the yearly discount percentage', () => {
    expect(yearlyDiscount(10, 100)).toBe(16); // 20/120 = 16.67 %
    expect(yearlyDiscount(20, 192)).toBe(20);
    expect(yearlyDiscount(10, 120)).toBe(0);
    expect(yearlyDiscount(10, 130)).toBe(0);
    expect(yearlyDiscount(0, 0)).toBe(0);
  });

  it('sorts bundles by coins and keeps at most 3 that cover the missing credits', () => {
    const b = [1000, 100, 600, 300, 2500].map((coinAmount) => ({ coinAmount }));
    expect(sortByCoins(b).map((x) => x.coinAmount)).toEqual([100, 300, 600, 1000, 2500]);
    expect(bundlesCovering(b, 250).map((x) => x.coinAmount)).toEqual([300, 600, 1000]);
    expect(bundlesCovering(b, 600).map((x) => x.coinAmount)).toEqual([600, 1000, 2500]);
    expect(bundlesCovering(b, 5000)).toEqual([]);
  });

  it('numbers bundle icons 1 to 4', () => {
    expect([0, 1, 2, 3, 7].map(bundleIcon)).toEqual([1, 2, 3, 4, 4]);
  });
});
