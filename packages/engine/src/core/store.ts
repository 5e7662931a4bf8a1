/**
 * A tiny external store in the shape React's useSyncExternalStore wants: listeners fire only when
 * their selected slice changes (Object.is), so the UI never re-renders from frame-loop noise.
 */
export interface Store<S> {
  getState(): S;
  setState(patch: Partial<S> | ((s: S) => Partial<S>)): void;
  subscribe<T>(selector: (s: S) => T, listener: (value: T, previous: T) => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const subs = new Set<{ selector: (s: S) => unknown; last: unknown; listener: (v: unknown, p: unknown) => void }>();
  return {
    getState: () => state,
    setState(patch) {
      const next = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      state = next;
      for (const sub of [...subs]) {
        const value = sub.selector(next);
        if (!Object.is(value, sub.last)) {
          const prev = sub.last;
          sub.last = value;
          sub.listener(value, prev);
        }
      }
    },
    subscribe(selector, listener) {
      const sub = { selector, last: selector(state) as unknown, listener: listener as (v: unknown, p: unknown) => void };
      subs.add(sub);
      return () => subs.delete(sub);
    },
  };
}
