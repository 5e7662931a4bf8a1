import { describe, expect, it } from 'vitest';
import { listAmbientSounds, soundFromUri, soundUri, synthAmbientSound } from './index.ts';

const rms = (s: Float32Array, from = 0, to = s.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += s[i]! ** 2;
  return Math.sqrt(sum / (to - from));
};

describe('ambient sounds', () => {
  it('round-trip through their uri; uploaded audio is not a built-in', () => {
    for (const s of listAmbientSounds()) expect(soundFromUri(soundUri(s.id))?.id).toBe(s.id);
    expect(soundFromUri('/api/file/123')).toBeUndefined();
    expect(soundFromUri(null)).toBeUndefined();
    expect(() => synthAmbientSound('nope')).toThrow(/Unknown ambient sound/);
  });

  it.each(listAmbientSounds().map((s) => [s.id, s] as const))('%s renders a deterministic, audible, seamless loop', (id, s) => {
    const a = synthAmbientSound(id, 8000);
    expect(a.samples.length).toBe(s.seconds * 8000);
    expect(synthAmbientSound(id, 8000).samples).toEqual(a.samples);
    let peak = 0;
    for (const v of a.samples) {
      expect(Number.isFinite(v)).toBe(true);
      peak = Math.max(peak, Math.abs(v));
    }
    expect(peak).toBeCloseTo(0.8, 5);
    // Sound all the way through, not one burst and silence.
    const q = a.samples.length / 4;
    for (let k = 0; k < 4; k++) expect(rms(a.samples, k * q, (k + 1) * q), `quarter ${k}`).toBeGreaterThan(0.005);
    // The wrap from the last sample to the first is no bigger a step than the loop's own steps.
    let steps = 0;
    for (let i = 1; i < a.samples.length; i++) steps = Math.max(steps, Math.abs(a.samples[i]! - a.samples[i - 1]!));
    expect(Math.abs(a.samples[0]! - a.samples.at(-1)!)).toBeLessThanOrEqual(steps);
  });

  it('gives each sound its own character', () => {
    const rmsById = listAmbientSounds().map((s) => rms(synthAmbientSound(s.id, 8000).samples).toFixed(4));
    expect(new Set(rmsById).size).toBe(rmsById.length);
  });
});
