import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../keys.ts';
import type { UploadedFile } from '../upload.ts';
import { zipFiles } from '../zipWriter.ts';
import { collectModel, type CollectedModel } from './collect.ts';
import { modelIO } from './io.ts';
import { modelCounts } from './stats.ts';

/** Bytes to store with their content hash, so the main thread never hashes them. */
export interface HashedBytes {
  bytes: Uint8Array;
  hash: string;
  ext: string;
}

/** What an accepted model upload stores and records: the model as GLB, the original, the counts. */
export interface IngestedModel extends Pick<CollectedModel, 'modelName' | 'format' | 'inputBytes' | 'validatorWarnings'> {
  source: HashedBytes;
  original: HashedBytes;
  counts: ReturnType<typeof modelCounts>;
}

/**
 * Validates an uploaded model, writes it as the GLB the optimiser starts from and prepares the
 * original (the single file, or every file of a multi-file upload zipped). Runs in the model worker
 * (see runIngestWorker): the validator and glTF-Transform hold the thread for hundreds of ms.
 */
export async function ingestModel(uploaded: UploadedFile[]): Promise<IngestedModel> {
  const model = await collectModel(uploaded);
  const io = await modelIO();
  const source = await io.writeBinary(model.document);
  const original =
    uploaded.length === 1
      ? { bytes: await fsp.readFile(uploaded[0]!.path), ext: path.extname(uploaded[0]!.name).slice(1).toLowerCase() }
      : { bytes: await zipFiles(model.files), ext: 'zip' };
  return {
    modelName: model.modelName,
    format: model.format,
    inputBytes: model.inputBytes,
    validatorWarnings: model.validatorWarnings,
    counts: modelCounts(model.document),
    source: { bytes: source, hash: contentHash(source), ext: 'glb' },
    original: { ...original, hash: contentHash(original.bytes) },
  };
}
