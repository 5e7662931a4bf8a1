import { useSyncExternalStore } from 'react';
import type { RealtimeSession, RealtimeSnapshot } from './session.ts';

// The viewer's one realtime session, for the sidebars; null when signed out or realtime is off.
let current: RealtimeSession | null = null;
const listeners = new Set<() => void>();

export function setCurrentSession(s: RealtimeSession | null) {
  current = s;
  listeners.forEach((fn) => fn());
}

const subscribeCurrent = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const getCurrent = () => current;

export function useRealtimeSession(): RealtimeSession | null {
  return useSyncExternalStore(subscribeCurrent, getCurrent, getCurrent);
}

const noop = () => () => {};
const none = () => null;

export function useRealtime(): RealtimeSnapshot | null {
  const session = useRealtimeSession();
  return useSyncExternalStore(session?.subscribe ?? noop, session ? () => session.snapshot : none, session ? () => session.snapshot : none);
}
