import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '@atrium/shared';
import { ingestModel } from './ingest.ts';
import { optimizeModel } from './optimize.ts';
import type { ModelTask } from './runWorker.ts';

// Runs one model task off the server's event loop (see runModelWorker).
const port = parentPort!;
const task = workerData as ModelTask;

// A view that owns its whole buffer can be moved to the server thread instead of copied there.
const owned = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b));

try {
  if (task.kind === 'optimize') {
    const out = await optimizeModel(task.source, async (pct) => port.postMessage({ type: 'progress', pct }));
    port.postMessage({ type: 'done', out });
  } else {
    const out = await ingestModel(task.files);
    const source = owned(out.source.bytes);
    const original = owned(out.original.bytes);
    port.postMessage(
      { type: 'done', out: { ...out, source: { ...out.source, bytes: source }, original: { ...out.original, bytes: original } } },
      [source.buffer as ArrayBuffer, ...(original.buffer === source.buffer ? [] : [original.buffer as ArrayBuffer])],
    );
  }
} catch (err) {
  // Coded errors (bad input) keep their code, so the upload still answers 4xx with the same body.
  const coded = err instanceof AppError ? { code: err.code, details: err.details } : {};
  port.postMessage({ type: 'failed', message: (err as Error).message ?? String(err), ...coded });
}
