import type { Document } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import { cloneDocument, dedup, getBounds, prune, reorder, simplify, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import sharp from 'sharp';
import { MODEL_LIMITS, type ModelStats } from '@atrium/shared';
import { modelIO, quietLogger } from './io.ts';
import { renderThumbnail } from './render.ts';
import { addMissingNormals } from './normals.ts';
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
  lod: Uint8Array;
  thumbnail: Buffer;
  stats: ModelStats;
}

/**
 * The web preparation every model gets: dedup, weld, prune, textures resized to ≤ 2048 px, meshopt
 * compression for the file the viewer loads, and a simplified LOD (about a quarter of the triangles)
 * for distant views. `progress` reports 0–100 so the upload dialog can show it.
 */
export async function optimizeModel(
  source: Uint8Array,
  progress: (pct: number) => Promise<void> = async () => {},
): Promise<OptimizedModel> {
  const started = performance.now();
  const io = await modelIO();
  await MeshoptSimplifier.ready;
  const doc: Document = (await io.readBinary(source)).setLogger(quietLogger);
  const before = modelCounts(doc);
  await progress(10);
  await doc.transform(dedup(), weld(), prune());
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
  const lodDoc = cloneDocument(doc).setLogger(quietLogger);
  await lodDoc.transform(
    simplify({ simplifier: MeshoptSimplifier, ratio: MODEL_LIMITS.lodRatio, error: 0.01 }),
    prune(),
    // Seen from afar: a quarter of the texture resolution is plenty.
    ...(textured ? [textureCompress({ encoder: sharp, resize: [MODEL_LIMITS.maxTextureSize / 4, MODEL_LIMITS.maxTextureSize / 4] })] : []),
  );
  const lodCounts = modelCounts(lodDoc);
  await compress(lodDoc);
  const lod = await io.writeBinary(lodDoc);
  await progress(80);
  const after = modelCounts(doc);
  await compress(doc);
  const main = await io.writeBinary(doc);
  await progress(95);
  const { clipNames, textureBytes, ...counts } = after;
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  const box = scene ? getBounds(scene) : null;
  return {
    main,
    lod,
    thumbnail,
    stats: {
      ...counts,
      clipNames,
      textureBytes,
      ...(box && Number.isFinite(box.min[0]) ? { bounds: { min: box.min, max: box.max } } : {}),
      trianglesBefore: before.triangles,
      lodTriangles: lodCounts.triangles,
      inputBytes: source.byteLength,
      outputBytes: main.byteLength,
      processingMs: Math.round(performance.now() - started),
    },
  };
}
