import { describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME, VOLUME_KEY, clampVolume, effectiveVolume, loadVolume, saveVolume, setLevel, toggleMute } from './sound.ts';

describe('viewer sound', () => {
  it('defaults to 100 and clamps to 0–100', () => {
    expect(DEFAULT_VOLUME).toBe(100);
    expect(loadVolume(null)).toBe(100);
    expect(clampVolume(140)).toBe(100);
    expect(clampVolume(-3)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(100);
  });

  it('mute sends 0 to the engine and unmute restores the previous level', () => {
    const at60 = setLevel(60);
    expect(effectiveVolume(at60)).toBeCloseTo(0.6);
    const muted = toggleMute(at60);
    expect(effectiveVolume(muted)).toBe(0);
    expect(toggleMute(muted)).toEqual({ volume: 60, muted: false });
  });

  it('dragging to zero mutes, and unmuting from zero comes back at the default', () => {
    const zero = setLevel(0);
    expect(zero.muted).toBe(true);
    expect(toggleMute(zero)).toEqual({ volume: 100, muted: false });
  });

  it('persists the level', () => {
    const data = new Map<string, string>();
    const s = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    saveVolume(s, 35);
    expect(data.get(VOLUME_KEY)).toBe('35');
    expect(loadVolume(s)).toBe(35);
    data.set(VOLUME_KEY, 'loud');
    expect(loadVolume(s)).toBe(100);
  });
});
