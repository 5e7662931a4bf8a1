import type { LayerImage } from './pictureLayers.ts';
import type { ProgressTracker } from './progress.ts';
import { withMipChain } from './layerImages.ts';
import { decodeLayerImage, rasteriseSvg } from './textures.ts';

/** What the page asks the worker (`pictureDecode.worker.ts`), and what the worker answers. */
export interface DecodeRequest { id: number; url: string; size: number }
export type DecodeReply =
  | { id: number; bytes: [number, number] }
  | { id: number; levels: ImageBitmap[] }
  | { id: number; svg: ArrayBuffer }
  | { id: number; error: string };

interface Job { size: number; bytes(loaded: number, total: number): void; resolve(levels: LayerImage[]): void; reject(err: Error): void }

/**
 * Picture images with their mip chains, downloaded and decoded in a worker: while a space loads,
 * the main thread waits on the GPU (shader links, the first frame), and a decode queued behind that
 * wait would hold the complete frame back. SVG comes back as bytes and is rasterised here (only an
 * <img> can). Without workers (tests, old browsers) or after the worker failed, on the main thread.
 */
export class PictureDecoder {
  #worker: Worker | null = null;
  #broken = typeof Worker === 'undefined';
  #jobs = new Map<number, Job>();
  #nextId = 0;

  /** Starts the worker now, so its script has loaded before the first picture is asked for. */
  warm(): void {
    if (this.#broken || this.#worker) return;
    try {
      const w = this.#worker = new Worker(new URL('./pictureDecode.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<DecodeReply>) => this.#reply(e.data);
      w.onerror = (e) => this.#fail(new Error(e.message || 'picture decode worker failed'));
    } catch (err) {
      this.#fail(err as Error);
    }
  }

  decode(url: string, tracker: ProgressTracker, size: number): Promise<LayerImage[]> {
    this.warm();
    if (this.#broken || !this.#worker) return this.#onMain(url, tracker, size);
    const id = this.#nextId++;
    const bytes = tracker.request();
    return new Promise<LayerImage[]>((resolve, reject) => {
      this.#jobs.set(id, { size, bytes, resolve, reject });
      this.#worker!.postMessage({ id, url, size } satisfies DecodeRequest);
    }).catch((err: Error) => {
      if (err.name !== 'WorkerLost') throw err;
      bytes(0, 0); // the request starts over on the main thread and counts its bytes there
      return this.#onMain(url, tracker, size);
    });
  }

  dispose(): void {
    this.#fail(Object.assign(new Error('picture decoder disposed'), { name: 'Disposed' }), false);
  }

  #onMain(url: string, tracker: ProgressTracker, size: number): Promise<LayerImage[]> {
    return decodeLayerImage(url, tracker, size).then(withMipChain);
  }

  #reply(r: DecodeReply): void {
    const job = this.#jobs.get(r.id);
    if (!job) return;
    if ('bytes' in r) { job.bytes(...r.bytes); return; }
    this.#jobs.delete(r.id);
    if ('levels' in r) job.resolve(r.levels);
    else if ('svg' in r) rasteriseSvg(r.svg, job.size).then(withMipChain).then(job.resolve, job.reject);
    else job.reject(new Error(r.error));
  }

  /** The worker is gone: what it held is decoded on the main thread instead, and so is what follows. */
  #fail(err: Error, broken = true): void {
    if (broken) console.warn('[engine] picture decode worker failed; decoding on the main thread', err);
    this.#broken ||= broken;
    this.#worker?.terminate();
    this.#worker = null;
    const lost = Object.assign(new Error(err.message), { name: broken ? 'WorkerLost' : err.name });
    for (const job of this.#jobs.values()) job.reject(lost);
    this.#jobs.clear();
  }
}
