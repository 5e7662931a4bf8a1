import type { LoadProgress } from '@atrium/engine';

/**
 * One honest number for the loading bar: bytes when servers told us sizes, otherwise items, and never
 * 100 % before every item has finished.
 */
export function progressFraction(p: LoadProgress): number {
  if (p.totalItems === 0) return 0;
  const items = p.loadedItems / p.totalItems;
  if (p.loadedItems >= p.totalItems) return 1;
  const bytes = p.totalBytes > 0 ? Math.min(1, p.loadedBytes / p.totalBytes) : items;
  return Math.min(0.99, (bytes + items) / 2);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
