// Space card formatting (spec §2, §9): time since update and abbreviated counts.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** 'now' up to one minute, then whole m, h, d, mo, yr followed by 'ago'. Future times read 'now'. */
export function relativeTime(when: Date | string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(when).getTime();
  if (!(ms >= MINUTE)) return 'now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  if (ms < MONTH) return `${Math.floor(ms / DAY)}d ago`;
  if (ms < YEAR) return `${Math.floor(ms / MONTH)}mo ago`;
  return `${Math.floor(ms / YEAR)}yr ago`;
}

const UNITS = [
  { n: 1e9, s: 'B' },
  { n: 1e6, s: 'M' },
  { n: 1e3, s: 'K' },
] as const;

/**
 * From 1000 on: K, M, B with one decimal (truncated, so 1,999 reads 1.9K and never rounds up to a
 * unit it has not reached); a trailing '.0' is dropped.
 */
export function abbreviateCount(n: number): string {
  for (const u of UNITS) {
    if (Math.abs(n) >= u.n) {
      const v = Math.trunc((n / u.n) * 10) / 10;
      return `${v.toFixed(1).replace(/\.0$/, '')}${u.s}`;
    }
  }
  return String(n);
}
