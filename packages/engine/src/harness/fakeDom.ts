/**
 * The little of the DOM the editor tools and video screens touch, for Node: an event target with a
 * size for the canvas, a media element that counts loads, and a window to listen on.
 */
export class FakeCanvas extends EventTarget {
  readonly style: Record<string, string> = {};
  readonly ownerDocument = Object.assign(new EventTarget(), { pointerLockElement: null });
  #w: number;
  #h: number;

  constructor(width: number, height: number) {
    super();
    this.#w = width;
    this.#h = height;
  }

  getBoundingClientRect(): { left: number; top: number; width: number; height: number; right: number; bottom: number } {
    return { left: 0, top: 0, width: this.#w, height: this.#h, right: this.#w, bottom: this.#h };
  }

  setPointerCapture(): void {}
  releasePointerCapture(): void {}
}

export class FakeVideo extends EventTarget {
  src = '';
  crossOrigin: string | null = null;
  playsInline = false;
  muted = false;
  loop = false;
  preload = '';
  volume = 1;
  paused = true;
  /** How often the element was (re)loaded: a reload restarts the video from the beginning. */
  loads = 0;

  play(): Promise<void> {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }

  pause(): void {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }

  load(): void {
    this.loads++;
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
}

/** Node has no window; the tools listen on it for drags that leave the canvas. */
export function ensureWindow(): void {
  const g = globalThis as { window?: unknown };
  g.window ??= new EventTarget();
}
