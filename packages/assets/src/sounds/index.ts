import { addChirp, brownNoise, lowPass, pinkNoise, renderLoop, type SoundBuffer, type SoundRecipe } from './synth.ts';

export type { SoundBuffer } from './synth.ts';

export interface AmbientSound {
  id: string;
  title: string;
  /** Loop length in seconds; envelopes in the recipe complete whole cycles within it. */
  seconds: number;
  seed: number;
  recipe: SoundRecipe;
}

const rain: SoundRecipe = (out, sr, random) => {
  const noise = pinkNoise(random);
  const low = lowPass(900, sr);
  for (let i = 0; i < out.length; i++) {
    const n = noise();
    out[i] = (n - low(n)) * 0.9; // hiss without the rumble
  }
  // Drops on leaves and sills: short, high, random.
  for (let i = 0; i < (out.length / sr) * 14; i++) {
    addChirp(out, Math.floor(random() * out.length), Math.floor(sr * 0.012), 2600 + random() * 2400, 1800 + random() * 800, 0.25 + random() * 0.25, sr);
  }
};

const wind = (seconds: number): SoundRecipe => (out, sr, random) => {
  const noise = brownNoise(random);
  const low = lowPass(500, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    // Two gusts per loop, so the envelope lines up with the loop point.
    const gust = 0.45 + 0.55 * (0.5 - 0.5 * Math.cos((2 * Math.PI * 2 * t) / seconds)) ** 1.5;
    out[i] = low(noise()) * gust * 3;
  }
};

const waves = (seconds: number): SoundRecipe => (out, sr, random) => {
  const noise = pinkNoise(random);
  const low = lowPass(1400, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    const phase = ((t * 3) / seconds) % 1; // three breakers per loop
    const swell = phase < 0.35 ? (phase / 0.35) ** 2 : Math.exp(-(phase - 0.35) * 6);
    out[i] = low(noise()) * (0.15 + swell);
  }
};

const birds: SoundRecipe = (out, sr, random) => {
  const noise = pinkNoise(random);
  const low = lowPass(400, sr);
  for (let i = 0; i < out.length; i++) out[i] = low(noise()) * 0.6; // leaves in a light breeze
  for (let i = 0; i < (out.length / sr) * 1.2; i++) {
    // A song: two to four quick falling or rising notes.
    let at = Math.floor(random() * out.length);
    const base = 2800 + random() * 1800;
    const rising = random() < 0.5;
    for (let n = 2 + Math.floor(random() * 3); n > 0; n--) {
      const len = Math.floor(sr * (0.05 + random() * 0.05));
      addChirp(out, at, len, rising ? base : base * 1.4, rising ? base * 1.4 : base, 0.35, sr);
      at += len + Math.floor(sr * 0.03);
    }
  }
};

const hall: SoundRecipe = (out, sr, random) => {
  const noise = brownNoise(random);
  const low = lowPass(250, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    // A large quiet room: air handling rumble and a faint mains-like hum (whole cycles per loop).
    out[i] = low(noise()) * 0.8 + Math.sin(2 * Math.PI * 60 * t) * 0.04 + Math.sin(2 * Math.PI * 120 * t) * 0.02;
  }
};

export const ambientSounds: readonly AmbientSound[] = [
  { id: 'rain', title: 'Gentle rain', seconds: 8, seed: 81, recipe: rain },
  { id: 'wind', title: 'Wind', seconds: 10, seed: 82, recipe: wind(10) },
  { id: 'waves', title: 'Ocean waves', seconds: 12, seed: 83, recipe: waves(12) },
  { id: 'birds', title: 'Birdsong', seconds: 10, seed: 84, recipe: birds },
  { id: 'hall', title: 'Quiet hall', seconds: 6, seed: 85, recipe: hall },
];

const byId = new Map(ambientSounds.map((s) => [s.id, s]));

export function listAmbientSounds(): AmbientSound[] {
  return [...ambientSounds];
}

// `customSpace.ambientSoundUri` holds either this scheme (a built-in loop) or an uploaded audio URL.
export const BUILTIN_SOUND_PREFIX = 'atrium:sound/';
export const soundUri = (id: string): string => BUILTIN_SOUND_PREFIX + id;
export function soundFromUri(uri: string | null | undefined): AmbientSound | undefined {
  return uri?.startsWith(BUILTIN_SOUND_PREFIX) ? byId.get(uri.slice(BUILTIN_SOUND_PREFIX.length)) : undefined;
}

/** Renders a built-in loop (a few ms of CPU per second of sound). */
export function synthAmbientSound(id: string, sampleRate = 22_050): SoundBuffer {
  const sound = byId.get(id);
  if (!sound) throw new Error(`Unknown ambient sound ${id}`);
  return renderLoop(sound.recipe, sound.seconds, sampleRate, sound.seed);
}
