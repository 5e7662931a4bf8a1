import { Worker } from 'node:worker_threads';
import type { OptimizedModel } from './optimize.ts';

type Message =
  | { type: 'progress'; pct: number }
  | { type: 'done'; out: OptimizedModel }
  | { type: 'failed'; message: string };

/**
 * Optimises a model in a worker thread: dedup, simplification and texture work take seconds of CPU
 * for big models, and on the main thread they would stall every other request meanwhile.
 */
export function runOptimizeWorker(source: Uint8Array, progress: (pct: number) => Promise<void>): Promise<OptimizedModel> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: source,
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
    worker.on('message', (m: Message) => {
      if (m.type === 'progress') writes = writes.then(() => progress(m.pct)).catch(() => undefined);
      else if (m.type === 'done') {
        const out = m.out;
        void writes.then(() => finish(() => resolve({ ...out, thumbnail: Buffer.from(out.thumbnail) })));
      } else void writes.then(() => finish(() => reject(new Error(m.message))));
    });
    // Chained too: the worker exits right after posting its result, which must win.
    worker.on('error', (err) => void writes.then(() => finish(() => reject(err))));
    worker.on('exit', (code) => void writes.then(() => finish(() => reject(new Error(`optimiser stopped (exit ${code})`)))));
  });
}
