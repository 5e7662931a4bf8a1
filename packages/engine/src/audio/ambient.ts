import { soundFromUri, synthAmbientSound } from '@atrium/assets';

/** The parts of Web Audio the ambient player uses, so tests can hand it a fake. */
export interface AmbientAudioContext {
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  close(): Promise<void>;
  createGain(): { gain: { value: number }; connect(dest: unknown): void; disconnect(): void };
  createBuffer(channels: number, length: number, sampleRate: number): { copyToChannel(data: Float32Array, channel: number): void };
  createBufferSource(): { buffer: unknown; loop: boolean; connect(dest: unknown): void; start(): void; stop(): void; disconnect(): void };
}

export interface AmbientElement {
  loop: boolean;
  volume: number;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
  load(): void;
}

export interface AmbientOptions {
  resolveUri: (uri: string) => string;
  createContext?: () => AmbientAudioContext | null;
  createElement?: (src: string) => AmbientElement;
}

/** The ambient bed sits under tour narration and video sound. */
export const AMBIENT_LEVEL = 0.5;
/** While a tour point's clip plays, the bed drops to this share of its level. */
export const DUCKED = 0.25;

/**
 * The space's ambient sound (`customSpace.ambientSoundUri`): a built-in loop synthesised into a
 * Web Audio buffer, or an uploaded file on a looping audio element. Browsers allow sound only after
 * a user gesture, so `unlock()` is called from the first pointer or key press and starts what is
 * waiting.
 */
export class AmbientPlayer {
  #opts: AmbientOptions;
  #uri: string | null = null;
  #volume = 1;
  #ducked = false;
  #ctx: AmbientAudioContext | null = null;
  #gain: ReturnType<AmbientAudioContext['createGain']> | null = null;
  #source: ReturnType<AmbientAudioContext['createBufferSource']> | null = null;
  #element: AmbientElement | null = null;

  constructor(opts: AmbientOptions) {
    this.#opts = opts;
  }

  get uri(): string | null {
    return this.#uri;
  }

  /** Starts the sound a document names (null/undefined = silence); the same uri again changes nothing. */
  set(uri: string | null | undefined): void {
    const next = uri || null;
    if (next === this.#uri) return;
    this.#stop();
    this.#uri = next;
    if (!next) return;
    const builtIn = soundFromUri(next);
    if (builtIn) {
      const ctx = this.#context();
      if (!ctx || !this.#gain) return;
      const { sampleRate, samples } = synthAmbientSound(builtIn.id);
      const buffer = ctx.createBuffer(1, samples.length, sampleRate);
      buffer.copyToChannel(samples, 0);
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      source.connect(this.#gain);
      source.start();
      this.#source = source;
    } else {
      const create = this.#opts.createElement ?? ((src: string) => (typeof Audio === 'undefined' ? null : new Audio(src)));
      const el = create(this.#opts.resolveUri(next));
      if (!el) return;
      el.loop = true;
      this.#element = el;
      this.#applyLevel();
      el.play().catch(() => { /* waits for unlock() */ });
    }
  }

  /** Master volume 0..1 (the viewer's volume slider and mute). */
  setVolume(volume: number): void {
    this.#volume = Math.min(1, Math.max(0, volume));
    this.#applyLevel();
  }

  /** Lowers the bed while narration plays. */
  duck(on: boolean): void {
    this.#ducked = on;
    this.#applyLevel();
  }

  /** The level actually sent to the speakers, 0..1. */
  get level(): number {
    return this.#volume * AMBIENT_LEVEL * (this.#ducked ? DUCKED : 1);
  }

  unlock(): void {
    if (this.#ctx && this.#ctx.state === 'suspended') this.#ctx.resume().catch(() => {});
    if (this.#element?.paused) this.#element.play().catch(() => {});
  }

  dispose(): void {
    this.#stop();
    this.#uri = null;
    this.#gain?.disconnect();
    this.#gain = null;
    void this.#ctx?.close().catch(() => {});
    this.#ctx = null;
  }

  #context(): AmbientAudioContext | null {
    if (this.#ctx) return this.#ctx;
    const create = this.#opts.createContext ?? (() => (typeof AudioContext === 'undefined' ? null : (new AudioContext() as unknown as AmbientAudioContext)));
    this.#ctx = create();
    if (!this.#ctx) return null;
    this.#gain = this.#ctx.createGain();
    this.#gain.connect(this.#ctx.destination);
    this.#applyLevel();
    return this.#ctx;
  }

  #applyLevel(): void {
    if (this.#gain) this.#gain.gain.value = this.level;
    if (this.#element) this.#element.volume = this.level;
  }

  #stop(): void {
    if (this.#source) {
      try { this.#source.stop(); } catch { /* never started */ }
      this.#source.disconnect();
      this.#source = null;
    }
    if (this.#element) {
      this.#element.pause();
      this.#element.removeAttribute('src');
      this.#element.load();
      this.#element = null;
    }
  }
}
