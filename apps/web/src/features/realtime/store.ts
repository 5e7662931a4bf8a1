import { currentStore } from '../../components/currentStore.ts';
import type { RealtimeSession, RealtimeSnapshot } from './session.ts';

// The viewer's one realtime session, for the sidebars; null when signed out or realtime is off.
const realtime = currentStore<RealtimeSession, RealtimeSnapshot>();
export const setCurrentSession = realtime.set;
export const useRealtimeSession = realtime.useCurrent;
export const useRealtime = realtime.useSnapshot;
