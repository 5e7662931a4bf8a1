import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { msg } from '@atrium/shared';
import type { Storage } from '../../storage/index.ts';
import { modelOptimised, type ModelOptimisedEvent } from '../../metrics/channels.ts';
import { keyFor } from './keys.ts';
import { runOptimizeWorker } from './models/runWorker.ts';
import type { AssetsRepo } from './repo.ts';
import type { JobQueue } from '../../jobs/index.ts';

export const MODEL_QUEUE = 'model-optimisation';

/**
 * Background optimisation of uploaded models on the shared job queue (src/jobs): one at a time per
 * process, each model once over all processes. State lives in the assets row (status, progress), so
 * the client polls `GET /api/model3d/{id}` and a start sends again anything left `processing`.
 */
export class ModelJobs {
  private readonly d: { repo: AssetsRepo; storage: Storage; queue: JobQueue; log?: FastifyBaseLogger };
  constructor(deps: { repo: AssetsRepo; storage: Storage; queue: JobQueue; log?: FastifyBaseLogger }) {
    this.d = deps;
    // A crash mid-job leaves the job active; after its expiry the queue gives it to another worker.
    deps.queue.define<{ assetId: string }>(MODEL_QUEUE, ({ assetId }) => this.run(assetId), { expireInSeconds: 600, keyed: true });
  }

  enqueue(id: string) {
    this.d.queue.send(MODEL_QUEUE, { assetId: id }, { key: id }).catch((err: unknown) => this.d.log?.warn({ err, assetId: id }, 'model job not queued'));
  }

  async resume() {
    for (const { id } of await this.d.repo.listProcessing()) this.enqueue(id);
  }

  /** Resolves once no model job waits or runs (tests and the bench wait on it). */
  async idle() {
    // A send in flight lands in the queue a tick later.
    await new Promise((r) => setImmediate(r));
    await this.d.queue.idle();
  }

  /** The queue itself is stopped by the app; nothing of this module's own to stop. */
  async stop() {}

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
