import type { AmbientPlayer } from './ambient.ts';

/** The media elements the player drives; HTMLMediaElement in the browser. */
export interface MediaElement {
  volume: number;
  muted: boolean;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(name: 'ended', fn: () => void): void;
}

export interface MediaPlayerOptions {
  ambient: AmbientPlayer;
  /** The video screens on show now (owned by the scene content). */
  videos(): Iterable<MediaElement>;
  resolveUri(uri: string): string;
  /** Makes the element a tour point's clip plays on. */
  createAudio?(src: string): MediaElement;
}

/**
 * Sound and moving pictures: tour points' audio clips (the ambient bed ducks under them), the
 * master volume for clips and videos, and whether a video is playing (which keeps frames coming).
 */
export class MediaPlayer {
  #o: MediaPlayerOptions;
  #audio: MediaElement | null = null;
  #volume = 1;

  constructor(options: MediaPlayerOptions) {
    this.#o = options;
  }

  get volume(): number {
    return this.#volume;
  }

  /** Plays a tour point's clip instead of the previous one; undefined only stops. */
  playClip(uri: string | undefined): void {
    this.#audio?.pause();
    this.#audio = null;
    this.#o.ambient.duck(false);
    if (!uri) return;
    const src = this.#o.resolveUri(uri);
    const audio = this.#o.createAudio ? this.#o.createAudio(src) : new Audio(src);
    this.#audio = audio;
    audio.volume = this.#volume;
    this.#o.ambient.duck(true);
    audio.addEventListener('ended', () => { if (this.#audio === audio) this.#o.ambient.duck(false); });
    audio.play().catch(() => { /* needs a user gesture first; the UI can offer play */ });
  }

  /** Master volume 0..1 for tour audio, videos and the ambient bed; 0 mutes. */
  setVolume(volume: number): void {
    this.#volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1));
    this.applyVolume();
    this.#o.ambient.setVolume(this.#volume);
  }

  /** Gives clips and (newly built) video screens the master volume. */
  applyVolume(): void {
    for (const el of [this.#audio, ...this.#o.videos()]) {
      if (!el) continue;
      el.volume = this.#volume;
      if (this.#volume === 0) el.muted = true;
    }
  }

  /** A video screen is playing: the editor's on-demand renderer keeps drawing. */
  videoPlaying(): boolean {
    for (const v of this.#o.videos()) if (!v.paused) return true;
    return false;
  }

  stop(): void {
    this.#audio?.pause();
    this.#audio = null;
  }
}
