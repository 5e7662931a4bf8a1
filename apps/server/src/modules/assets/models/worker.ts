import { parentPort, workerData } from 'node:worker_threads';
import { optimizeModel } from './optimize.ts';

// Runs one model optimisation off the server's event loop (see runOptimizeWorker).
const port = parentPort!;
try {
  const out = await optimizeModel(workerData as Uint8Array, async (pct) => port.postMessage({ type: 'progress', pct }));
  port.postMessage({ type: 'done', out });
} catch (err) {
  port.postMessage({ type: 'failed', message: (err as Error).message ?? String(err) });
}
