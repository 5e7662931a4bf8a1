import { seededRandom } from '../textures/random.ts';

// Ambient loops synthesised from seeded noise: no recordings to license or download, and the same
// samples for every visitor. Each recipe writes `length + fade` samples; the tail is cross-faded
// into the head so the loop restarts without a click.

export interface SoundBuffer {
  sampleRate: number;
  /** Mono samples in -1..1. */
  samples: Float32Array;
}

export type SoundRecipe = (out: Float32Array, sampleRate: number, random: () => number) => void;

/** Paul Kellet's economy pink-noise filter over white noise. */
export function pinkNoise(random: () => number): () => number {
  let b0 = 0, b1 = 0, b2 = 0;
  return () => {
    const w = random() * 2 - 1;
    b0 = 0.99765 * b0 + w * 0.099046;
    b1 = 0.963 * b1 + w * 0.2965164;
    b2 = 0.57 * b2 + w * 1.0526913;
    return (b0 + b1 + b2 + w * 0.1848) * 0.2;
  };
}

/** Integrated (red/brown) noise: a low rumble. */
export function brownNoise(random: () => number): () => number {
  let last = 0;
  return () => {
    last = (last + 0.02 * (random() * 2 - 1)) / 1.02;
    return last * 3.5;
  };
}

/** One-pole low-pass: `cutoff` Hz at `sampleRate`. */
export function lowPass(cutoff: number, sampleRate: number): (x: number) => number {
  const a = 1 - Math.exp((-2 * Math.PI * cutoff) / sampleRate);
  let y = 0;
  return (x) => (y += a * (x - y));
}

/** A short tone whose pitch glides from `f0` to `f1` with a smooth bell envelope, added into `out`. */
export function addChirp(out: Float32Array, start: number, samples: number, f0: number, f1: number, gain: number, sampleRate: number): void {
  let phase = 0;
  for (let i = 0; i < samples && start + i < out.length; i++) {
    const t = i / samples;
    phase += (2 * Math.PI * (f0 + (f1 - f0) * t)) / sampleRate;
    out[start + i]! += Math.sin(phase) * Math.sin(Math.PI * t) ** 2 * gain;
  }
}

/**
 * Renders a recipe into a seamless loop of `seconds`, peak-normalised to `peak`. Deterministic for
 * a given seed and sample rate.
 */
export function renderLoop(recipe: SoundRecipe, seconds: number, sampleRate: number, seed: number, peak = 0.8): SoundBuffer {
  const length = Math.round(seconds * sampleRate);
  const fade = Math.round(sampleRate * 0.5);
  const raw = new Float32Array(length + fade);
  recipe(raw, sampleRate, seededRandom(seed));
  const samples = raw.slice(0, length);
  // The head becomes the tail's continuation: sample 0 equals raw[length], which follows raw[length - 1].
  for (let i = 0; i < fade; i++) {
    const k = i / fade;
    samples[i] = raw[i]! * k + raw[length + i]! * (1 - k);
  }
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  if (max > 0) for (let i = 0; i < length; i++) samples[i]! *= peak / max;
  return { sampleRate, samples };
}
