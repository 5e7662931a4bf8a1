import { describe, expect, it } from 'vitest';
import { abbreviateCount, relativeTime } from './format.ts';

describe('relativeTime', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  it('reads now up to one minute and for future times', () => {
    expect(ago(0)).toBe('now');
    expect(ago(59_999)).toBe('now');
    expect(ago(-5000)).toBe('now');
  });
  it('steps through m, h, d, mo, yr', () => {
    expect(ago(60_000)).toBe('1m ago');
    expect(ago(59 * 60_000)).toBe('59m ago');
    expect(ago(3600_000)).toBe('1h ago');
    expect(ago(23 * 3600_000)).toBe('23h ago');
    expect(ago(24 * 3600_000)).toBe('1d ago');
    expect(ago(29 * 86400_000)).toBe('29d ago');
    expect(ago(30 * 86400_000)).toBe('1mo ago');
    expect(ago(364 * 86400_000)).toBe('12mo ago');
    expect(ago(365 * 86400_000)).toBe('1yr ago');
    expect(ago(3 * 365 * 86400_000)).toBe('3yr ago');
  });
  it('accepts ISO strings', () => expect(relativeTime('2026-06-01T11:00:00Z', now)).toBe('1h ago'));
});

describe('abbreviateCount', () => {
  it('leaves numbers below 1000 alone', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
  });
  it('abbreviates with one decimal and drops .0', () => {
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1234)).toBe('1.2K');
    expect(abbreviateCount(1999)).toBe('1.9K');
    expect(abbreviateCount(3_400_000)).toBe('3.4M');
    expect(abbreviateCount(999_999)).toBe('999.9K');
    expect(abbreviateCount(2_050_000_000)).toBe('2B');
  });
});
