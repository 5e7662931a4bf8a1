import { useSyncExternalStore } from 'react';

/** What a viewer-wide session exposes to React: a snapshot and a way to hear it change. */
export interface Observable<S> {
  readonly snapshot: S;
  /** A bound function that keeps its identity (an arrow property), so React does not resubscribe on every render. */
  readonly subscribe: (listener: () => void) => () => void;
}

const noop = () => () => {};
const none = () => null;

/**
 * The viewer's one current session of a kind (realtime, voice), set by its bridge and read by any
 * panel: `useCurrent` follows which session is current, `useSnapshot` follows that session's state.
 */
export function currentStore<T extends Observable<S>, S>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (fn: () => void) => {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  };
  const get = () => current;

  function set(s: T | null) {
    current = s;
    listeners.forEach((fn) => fn());
  }
  function useCurrent(): T | null {
    return useSyncExternalStore(subscribe, get, get);
  }
  function useSnapshot(): S | null {
    const s = useCurrent();
    const read = s ? () => s.snapshot : none;
    return useSyncExternalStore(s?.subscribe ?? noop, read, read);
  }
  return { set, useCurrent, useSnapshot };
}
