import DataLoader from 'dataloader';

/**
 * A lookup by key that requests arriving together share: the keys asked for in one turn of the event
 * loop go out as one query (`fetch`), and each caller gets its own row (or undefined). DataLoader's
 * cache is off, so every answer is read after it was asked for and never served from an earlier read
 * (revocations and plan changes apply at once). Used for the reads every signed-in request makes.
 */
export function sharedLookup<K, R>(fetch: (keys: K[]) => Promise<R[]>, keyOf: (row: R) => K): DataLoader<K, R | undefined> {
  return new DataLoader<K, R | undefined>(
    async (keys) => {
      const rows = await fetch([...new Set(keys)]);
      const byKey = new Map(rows.map((r) => [keyOf(r), r]));
      return keys.map((k) => byKey.get(k));
    },
    { cache: false, maxBatchSize: 500 },
  );
}
