import type { Document } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import { dedup, getBounds, prune, reorder, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { MODEL_LIMITS, type ModelStats } from '@atrium/shared';
import { dropDraco, modelIO, quietLogger } from './io.ts';
import { renderThumbnail } from './render.ts';
import { addMissingNormals, repairNormals } from './normals.ts';
import { outputErrors } from './outputCheck.ts';
import { modelCounts } from './stats.ts';

/**
 * Meshopt compression without quantisation: vertex data stays float, so the engine can merge model
 * geometry with its own for collisions (three's mergeGeometries needs matching array types). The
 * codec is lossless here; vertex cache/fetch reordering happens first so it compresses well.
 */
async function compress(doc: Document) {
  await doc.transform(reorder({ encoder: MeshoptEncoder, target: 'size' }));
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
}

export interface OptimizedModel {
  main: Uint8Array;
  thumbnail: Buffer;
  stats: ModelStats;
}

/**
 * The web preparation every model gets: dedup, weld, prune, normals made valid, textures resized to
 * ≤ 2048 px and meshopt compression for the file the viewer loads. The result must pass the Khronos
 * validator with 0 errors, or the job fails with the validator's reason. `progress` reports 0–100
 * so the upload dialog can show it.
 *
 * No simplified LOD is made: the viewer loads one file per model (collisions, picking and clip
 * playback all work on that one scene graph), and a second copy nobody loaded cost a simplify and a
 * texture pass on every upload.
 */
export async function optimizeModel(
  source: Uint8Array,
  progress: (pct: number) => Promise<void> = async () => {},
): Promise<OptimizedModel> {
  const started = performance.now();
  const io = await modelIO();
  const doc: Document = dropDraco(await io.readBinary(source)).setLogger(quietLogger);
  const before = modelCounts(doc);
  await progress(10);
  await doc.transform(dedup(), weld(), prune());
  repairNormals(doc);
  addMissingNormals(doc);
  await progress(30);
  const textured = doc.getRoot().listTextures().length > 0;
  if (textured) {
    const max = MODEL_LIMITS.maxTextureSize;
    await doc.transform(
      textureCompress({ encoder: sharp, resize: [max, max] }),
      // Colour textures become WebP (EXT_texture_webp, read by three.js); normal, roughness and
      // occlusion maps keep their lossless format so lighting does not pick up compression noise.
      textureCompress({ encoder: sharp, targetFormat: 'webp', slots: /^(baseColor|emissive)/, quality: 85 }),
    );
  }
  await progress(50);
  const thumbnail = await renderThumbnail(doc);
  await progress(60);
  // Checked before compression too: the validator cannot look inside meshopt-compressed buffers.
  const plainErrors = await outputErrors(await io.writeBinary(doc));
  if (plainErrors) throw new Error(plainErrors);
  await progress(70);
  const after = modelCounts(doc);
  await compress(doc);
  const main = await io.writeBinary(doc);
  const mainErrors = await outputErrors(main);
  if (mainErrors) throw new Error(mainErrors);
  await progress(95);
  const { clipNames, textureBytes, ...counts } = after;
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const box = scene ? getBounds(scene) : null;
  return {
    main,
    thumbnail,
    stats: {
      ...counts,
      clipNames,
      textureBytes,
      ...(box && Number.isFinite(box.min[0]) ? { bounds: { min: box.min, max: box.max } } : {}),
      trianglesBefore: before.triangles,
      inputBytes: source.byteLength,
      outputBytes: main.byteLength,
      processingMs: Math.round(performance.now() - started),
    },
  };
}
