// Spec §5 duration input: minutes and seconds, digits only, each capped at 59 and padded to two
// digits; the stored value is minutes*60+seconds; anything above 3599 s shows as 59:59.

export const MAX_DURATION_S = 59 * 60 + 59;

/** Keeps digits only, at most two, capped at 59. */
export function cleanDurationPart(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 2);
  if (digits === '') return '';
  return String(Math.min(59, Number(digits)));
}

export const padDurationPart = (part: string): string => (part === '' ? '00' : part.padStart(2, '0'));

export function durationSeconds(minutes: string, seconds: string): number {
  return Number(cleanDurationPart(minutes) || 0) * 60 + Number(cleanDurationPart(seconds) || 0);
}

export function formatDuration(totalSeconds: number): { minutes: string; seconds: string } {
  const s = Math.max(0, Math.min(MAX_DURATION_S, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0)));
  return { minutes: String(Math.floor(s / 60)).padStart(2, '0'), seconds: String(s % 60).padStart(2, '0') };
}
