import { relativeTime as englishRelativeTime } from '@atrium/shared/publishing/format';
import { i18n } from './index.ts';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * The spec's short "time since" in the interface language: English keeps the shared '5m ago' form,
 * other languages get the browser's own short wording for the same whole units.
 */
export function relativeTime(when: Date | string, now: Date = new Date()): string {
  const lng = i18n.language;
  if (lng === 'en') return englishRelativeTime(when, now);
  const ms = now.getTime() - new Date(when).getTime();
  const fmt = new Intl.RelativeTimeFormat(lng, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of STEPS) if (ms >= size) return fmt.format(-Math.floor(ms / size), unit);
  return fmt.format(0, 'second');
}

/** A date (and time) in the interface language's usual form. */
export const formatDate = (when: Date | string, withTime = false) =>
  new Date(when)[withTime ? 'toLocaleString' : 'toLocaleDateString'](i18n.language);
