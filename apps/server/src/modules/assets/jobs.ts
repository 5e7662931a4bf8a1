import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { msg } from '@atrium/shared';
import type { Storage } from '../../storage/index.ts';
import { modelOptimised, type ModelOptimisedEvent } from '../../metrics/channels.ts';
import { keyFor } from './keys.ts';
import { runOptimizeWorker } from './models/runWorker.ts';
import type { AssetsRepo } from './repo.ts';

/**
 * Background optimisation of uploaded models, one at a time in this process. State lives in the
 * assets row (status, progress), so the client polls `GET /api/model3d/{id}` and a restart resumes
 * anything left `processing` from its stored source.
 */
export class ModelJobs {
  private readonly queue: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly d: { repo: AssetsRepo; storage: Storage; log?: FastifyBaseLogger };
  constructor(deps: { repo: AssetsRepo; storage: Storage; log?: FastifyBaseLogger }) {
    this.d = deps;
  }

  enqueue(id: string) {
    if (this.stopped || this.queue.includes(id)) return;
    this.queue.push(id);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  async resume() {
    for (const { id } of await this.d.repo.listProcessing()) this.enqueue(id);
  }

  /** Resolves once the queue is empty (tests and the bench wait on it). */
  async idle() {
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }

  private async drain() {
    // Yield first so the upload's response goes out before the CPU-heavy work starts.
    await new Promise((r) => setImmediate(r));
    for (let id = this.queue.shift(); id; id = this.queue.shift()) await this.run(id);
  }

  private async run(id: string) {
    const row = await this.d.repo.findById(id);
    if (!row || row.status !== 'processing' || !row.files.source) return;
    const written: string[] = [];
    const started = performance.now();
    const done = (ok: boolean) => modelOptimised.publish({ seconds: (performance.now() - started) / 1000, ok } satisfies ModelOptimisedEvent);
    try {
      const stored = await this.d.storage.get(row.files.source);
      if (!stored) throw new Error('source file missing');
      const source = new Uint8Array(await buffer(stored.stream));
      const out = await runOptimizeWorker(source, (p) => this.d.repo.setProgress(id, p));
      const put = async (variant: string, bytes: Uint8Array | Buffer, ext: string, mime: string) => {
        const b = Buffer.from(bytes);
        const key = keyFor(row.ownerId, id, { variant, bytes: b, ext });
        written.push(key);
        await this.d.storage.put(key, b, mime);
        return key;
      };
      const files = {
        ...row.files,
        main: await put('main', out.main, 'glb', 'model/gltf-binary'),
        thumbnail: await put('thumbnail', out.thumbnail, 'webp', 'image/webp'),
      };
      const stats = { ...(row.stats as object), ...out.stats };
      const saved = await this.d.repo.update(id, {
        files,
        stats,
        status: 'ready',
        progress: 100,
        sizeBytes: out.main.byteLength,
        error: null,
      });
      // Deleted while it was being optimised: drop what this job wrote.
      if (!saved) await Promise.all(written.map((k) => this.d.storage.delete(k)));
      done(true);
    } catch (err) {
      done(false);
      this.d.log?.warn({ err, assetId: id }, 'model optimisation failed');
      await Promise.all(written.map((k) => this.d.storage.delete(k).catch(() => undefined)));
      await this.d.repo.update(id, {
        status: 'failed',
        progress: 100,
        error: `${msg.asset.processingFailed}: ${(err as Error).message}`,
      });
    }
  }
}
