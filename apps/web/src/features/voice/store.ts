import { useSyncExternalStore } from 'react';
import type { VoiceSession, VoiceSnapshot } from './voiceSession.ts';

// The viewer's one voice session, for the toolbar button, Settings and Live visitors.
let current: VoiceSession | null = null;
const listeners = new Set<() => void>();

export function setCurrentVoice(s: VoiceSession | null) {
  current = s;
  listeners.forEach((fn) => fn());
}

const subscribeCurrent = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const getCurrent = () => current;

export function useVoiceSession(): VoiceSession | null {
  return useSyncExternalStore(subscribeCurrent, getCurrent, getCurrent);
}

const noop = () => () => {};
const none = () => null;

export function useVoice(): VoiceSnapshot | null {
  const s = useVoiceSession();
  return useSyncExternalStore(s?.subscribe ?? noop, s ? () => s.snapshot : none, s ? () => s.snapshot : none);
}

const MIC_KEY = 'atrium.voice.microphone';
/** The chosen microphone survives reloads (device ids are stable per origin). */
export const storedMicrophone = () => localStorage.getItem(MIC_KEY);
export const storeMicrophone = (deviceId: string) => localStorage.setItem(MIC_KEY, deviceId);
