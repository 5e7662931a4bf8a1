import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TIMINGS } from '@atrium/shared/constants';
import { shellMsg } from '../i18n/shellMsg.ts';

export class ChunkTimeoutError extends Error {
  constructor() {
    super(shellMsg.chunkTimeout);
    this.name = 'ChunkTimeoutError';
  }
}

/** Races a dynamic import against a timer so a stalled chunk fails visibly instead of spinning forever. */
export function withTimeout<T>(load: () => Promise<T>, ms: number = TIMINGS.pageChunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface LazyPageOptions {
  ms?: number;
  /** Wrap the page in the TanStack Query provider (default). Pages that fetch nothing opt out to stay small. */
  queries?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithTimeout<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  opts: LazyPageOptions = {},
): LazyExoticComponent<C> {
  const { ms = TIMINGS.pageChunkTimeoutMs, queries = true } = opts;
  if (!queries) return lazy(() => withTimeout(load, ms));
  return lazy(() =>
    withTimeout(
      () =>
        Promise.all([load(), import('../api/QueryScope.tsx')]).then(([page, scope]) => ({
          default: scope.withQueryScope(page.default) as unknown as C,
        })),
      ms,
    ),
  );
}
