import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '@atrium/shared';
import type { UploadedFile } from '../upload.ts';
import type { IngestedModel } from './ingest.ts';
import type { OptimizedModel } from './optimize.ts';

/** The work a model worker does: the upload's checks and conversion, or the optimisation job. */
export type ModelTask = { kind: 'ingest'; files: UploadedFile[] } | { kind: 'optimize'; source: Uint8Array };

type Message<T> =
  | { type: 'progress'; pct: number }
  | { type: 'done'; out: T }
  | { type: 'failed'; message: string; code?: ErrorCode; details?: unknown };

/**
 * Runs one model task in a worker thread: validation, reading and writing glTF, dedup,
 * simplification and texture work take from hundreds of ms to seconds of CPU, and on the main thread
 * they would stall every other request meanwhile.
 */
function runModelWorker<T>(task: ModelTask, progress: (pct: number) => Promise<void>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    });
    let settled = false;
    // Progress writes are chained and awaited before the result, so a late one never lands after "ready".
    let writes = Promise.resolve();
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: Message<T>) => {
      if (m.type === 'progress') writes = writes.then(() => progress(m.pct)).catch(() => undefined);
      else if (m.type === 'done') void writes.then(() => finish(() => resolve(m.out)));
      else {
        const err = m.code ? new AppError(m.code, m.message, m.details) : new Error(m.message);
        void writes.then(() => finish(() => reject(err)));
      }
    });
    // Chained too: the worker exits right after posting its result, which must win.
    worker.on('error', (err) => void writes.then(() => finish(() => reject(err))));
    worker.on('exit', (code) => void writes.then(() => finish(() => reject(new Error(`model worker stopped (exit ${code})`)))));
  });
}

/** Optimises a model (the background job) in a worker thread. */
export async function runOptimizeWorker(source: Uint8Array, progress: (pct: number) => Promise<void>): Promise<OptimizedModel> {
  const out = await runModelWorker<OptimizedModel>({ kind: 'optimize', source }, progress);
  return { ...out, thumbnail: Buffer.from(out.thumbnail) };
}

/** Checks and converts an uploaded model in a worker thread (see ingestModel). */
export function runIngestWorker(files: UploadedFile[]): Promise<IngestedModel> {
  return runModelWorker<IngestedModel>({ kind: 'ingest', files }, async () => undefined);
}
