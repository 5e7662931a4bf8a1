import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureDecoder } from './pictureDecoder.ts';
import { ProgressTracker } from './progress.ts';

/** Stands in for the browser's Worker: records requests and lets the test answer as the worker script would. */
class FakeWorker {
  static last: FakeWorker | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  requests: { id: number; url: string; size: number }[] = [];
  terminated = false;
  constructor() { FakeWorker.last = this; }
  postMessage(m: { id: number; url: string; size: number }) { this.requests.push(m); }
  terminate() { this.terminated = true; }
  reply(data: unknown) { this.onmessage!({ data }); }
}

const bitmap = (size: number) => ({ width: size, height: size }) as unknown as ImageBitmap;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('PictureDecoder', () => {
  beforeEach(() => { vi.stubGlobal('Worker', FakeWorker); FakeWorker.last = null; });
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('starts its worker before any picture is asked for, and hands each request its own id', () => {
    const d = new PictureDecoder();
    d.warm();
    expect(FakeWorker.last).not.toBeNull();
    const tracker = new ProgressTracker(() => {});
    void d.decode('/a.webp', tracker, 512);
    void d.decode('/b.webp', tracker, 256);
    expect(FakeWorker.last!.requests).toEqual([{ id: 0, url: '/a.webp', size: 512 }, { id: 1, url: '/b.webp', size: 256 }]);
  });

  it('counts the bytes the worker reports and resolves with the mip chain it sends', async () => {
    const d = new PictureDecoder();
    const tracker = new ProgressTracker(() => {});
    const done = d.decode('/a.webp', tracker, 4);
    const w = FakeWorker.last!;
    w.reply({ id: 0, bytes: [100, 400] });
    expect(tracker.snapshot()).toMatchObject({ loadedBytes: 100, totalBytes: 400 });
    w.reply({ id: 0, bytes: [400, 400] });
    const levels = [bitmap(4), bitmap(2), bitmap(1)];
    w.reply({ id: 0, levels });
    await expect(done).resolves.toBe(levels);
    expect(tracker.snapshot()).toMatchObject({ loadedBytes: 400, totalBytes: 400 });
  });

  it('rejects a picture the worker could not decode, and goes on with the others', async () => {
    const d = new PictureDecoder();
    const tracker = new ProgressTracker(() => {});
    const bad = d.decode('/bad.jpg', tracker, 4);
    const good = d.decode('/good.jpg', tracker, 1);
    FakeWorker.last!.reply({ id: 0, error: 'InvalidStateError: The source image could not be decoded.' });
    FakeWorker.last!.reply({ id: 1, levels: [bitmap(1)] });
    await expect(bad).rejects.toThrow('could not be decoded');
    await expect(good).resolves.toHaveLength(1);
    FakeWorker.last!.reply({ id: 0, levels: [bitmap(1)] }); // late or repeated replies are ignored
  });

  it('when the worker dies, decodes what it held on the main thread, and what follows too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetched: string[] = [];
    // No createImageBitmap in Node: the main-thread path is seen through its fetch.
    vi.stubGlobal('fetch', async (url: string) => { fetched.push(url); throw new Error('offline'); });
    const d = new PictureDecoder();
    const tracker = new ProgressTracker(() => {});
    const held = d.decode('/held.webp', tracker, 4);
    FakeWorker.last!.reply({ id: 0, bytes: [10, 40] });
    const w = FakeWorker.last!;
    w.onerror!({ message: 'worker script failed' });
    expect(w.terminated).toBe(true);
    await expect(held).rejects.toThrow('offline');
    expect(fetched).toEqual(['/held.webp']);
    // The lost request's bytes no longer count; only the main thread's own request does.
    expect(tracker.snapshot()).toMatchObject({ loadedBytes: 0, totalBytes: 0 });
    await expect(d.decode('/next.webp', tracker, 4)).rejects.toThrow('offline');
    expect(fetched).toEqual(['/held.webp', '/next.webp']);
    expect(FakeWorker.last).toBe(w); // no new worker after a failure
  });

  it('stops its worker on dispose and settles what was pending', async () => {
    const d = new PictureDecoder();
    const pending = d.decode('/a.webp', new ProgressTracker(() => {}), 4);
    d.dispose();
    expect(FakeWorker.last!.terminated).toBe(true);
    await expect(pending).rejects.toThrow('disposed');
    await tick();
  });
});
