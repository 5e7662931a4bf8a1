import { describe, expect, it } from 'vitest';
import { bundlesCovering, currencySymbol, formatPrice, sortByCoins } from './pricing.ts';

describe('marketplace prices as shown (spec §3, §9)', () => {
  it('maps currencies to their symbols with € as the default', () => {
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('gbp')).toBe('£');
    expect(currencySymbol(undefined)).toBe('€');
    expect(currencySymbol('chf')).toBe('€');
  });

  it('shows major amounts with two decimals and trailing zeros stripped', () => {
    expect(formatPrice(60, 'eur')).toBe('€60');
    expect(formatPrice(59.9, 'usd')).toBe('$59.9');
    expect(formatPrice(59.99, 'gbp')).toBe('£59.99');
    expect(formatPrice(0.1 + 0.2, 'eur')).toBe('€0.3');
    expect(formatPrice(348, null)).toBe('€348');
  });

  it('sorts bundles by coins and keeps at most 3 that cover the missing credits', () => {
    const b = [1000, 100, 600, 300, 2500].map((coinAmount) => ({ coinAmount }));
    expect(sortByCoins(b).map((x) => x.coinAmount)).toEqual([100, 300, 600, 1000, 2500]);
    expect(bundlesCovering(b, 250).map((x) => x.coinAmount)).toEqual([300, 600, 1000]);
    expect(bundlesCovering(b, 600).map((x) => x.coinAmount)).toEqual([600, 1000, 2500]);
    expect(bundlesCovering(b, 5000)).toEqual([]);
  });
});
