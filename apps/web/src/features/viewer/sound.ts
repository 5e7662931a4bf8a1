import type { KeyValueStorage } from './viewerSettings.ts';

// Spec §4 UI: volume 0–100 (stored, default 100); muting remembers the level and unmuting restores it.

export interface SoundState {
  volume: number;
  muted: boolean;
}

export const VOLUME_KEY = 'atrium.viewer.volume';
export const DEFAULT_VOLUME = 100;

export const clampVolume = (v: number): number => (Number.isFinite(v) ? Math.round(Math.min(100, Math.max(0, v))) : DEFAULT_VOLUME);

export function loadVolume(storage: KeyValueStorage | null): number {
  try {
    const raw = storage?.getItem(VOLUME_KEY);
    return raw === null || raw === undefined ? DEFAULT_VOLUME : clampVolume(Number(raw));
  } catch {
    return DEFAULT_VOLUME;
  }
}

export function saveVolume(storage: KeyValueStorage | null, volume: number): void {
  try {
    storage?.setItem(VOLUME_KEY, String(clampVolume(volume)));
  } catch {
    // not persisted this time; the level still applies
  }
}

/** What the engine should play at: 0..1. */
export const effectiveVolume = (s: SoundState): number => (s.muted ? 0 : s.volume / 100);

export function setLevel(volume: number): SoundState {
  const v = clampVolume(volume);
  // Dragging the slider up from a muted state unmutes; dragging it to zero is a mute that keeps no level.
  return { volume: v, muted: v === 0 };
}

export function toggleMute(s: SoundState): SoundState {
  if (s.muted) return { volume: s.volume === 0 ? DEFAULT_VOLUME : s.volume, muted: false };
  return { volume: s.volume, muted: true };
}
