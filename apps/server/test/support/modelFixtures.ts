import { type Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { draco } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { validateBytes, type ValidationReport } from 'gltf-validator';
import { createDefaultContainer, write as writeKtx2, VK_FORMAT_R8G8B8A8_SRGB } from 'ktx-parse';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import { cubeObj, sphereDocument } from './assetFixtures.ts';

// Model fixtures for the pipeline's trust checks, all generated at test time (a few KB each).

let encoderIO: Promise<NodeIO> | null = null;
/** A NodeIO with the Draco encoder, for writing KHR_draco_mesh_compression fixtures. */
function dracoIO() {
  encoderIO ??= draco3d
    .createEncoderModule()
    .then((encoder) => new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'draco3d.encoder': encoder }));
  return encoderIO;
}

/** A four-colour checker, so a textured render shows several hues where an untextured one shows one. */
export function checkerPng(size = 64): Promise<Buffer> {
  const colours = [
    [230, 40, 40],
    [40, 200, 60],
    [40, 80, 230],
    [240, 220, 40],
  ];
  const raw = Buffer.alloc(size * size * 3);
  const cell = size / 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) raw.set(colours[(Math.floor(x / cell) + Math.floor(y / cell)) % 4]!, (y * size + x) * 3);
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/** A textured sphere whose base colour factor is white, so only the texture colours it. */
export async function texturedSphere(segments = 32, rings = 16): Promise<Document> {
  const doc = sphereDocument(segments, rings, { texture: await checkerPng() });
  doc.getRoot().listMaterials()[0]!.setBaseColorFactor([1, 1, 1, 1]);
  return doc;
}

/** The textured sphere as a Draco-compressed GLB (KHR_draco_mesh_compression, required). */
export async function dracoGlb(): Promise<Buffer> {
  const doc = await texturedSphere();
  await doc.transform(draco());
  return Buffer.from(await (await dracoIO()).writeBinary(doc));
}

/** The same as a .gltf with its Draco buffer in scene.bin and its texture as albedo.png. */
export async function dracoGltfFiles(): Promise<{ gltf: Buffer; bin: Buffer; png: Buffer }> {
  const doc = await texturedSphere(16, 8);
  await doc.transform(draco());
  const { json, resources } = await (await dracoIO()).writeJSON(doc, { format: 'gltf' as never });
  const binName = Object.keys(resources).find((k) => k.endsWith('.bin'))!;
  const pngName = Object.keys(resources).find((k) => k.endsWith('.png'))!;
  json.buffers![0]!.uri = 'scene.bin';
  json.images![0]!.uri = 'albedo.png';
  return { gltf: Buffer.from(JSON.stringify(json)), bin: Buffer.from(resources[binName]!), png: Buffer.from(resources[pngName]!) };
}

/** The cube OBJ with one face's corners pointing at `vn 0 0 0` and the rest at a real normal. */
export const cubeObjZeroNormals = cubeObj
  .replace('mtllib cube.mtl\n', '')
  .replace('usemtl Blue', 'vn 0 0 0\nvn 0 0 1\nusemtl Blue')
  .replace('f 1/1 2/2 3/3 4/4', 'f 1/1/2 2/2/1 3/3/1 4/4/2');

/** A small uncompressed KTX2 image (RGBA8): a real KTX2 container, but not Basis Universal. */
export function ktx2Image(): Buffer {
  const c = createDefaultContainer();
  c.vkFormat = VK_FORMAT_R8G8B8A8_SRGB;
  c.pixelWidth = 4;
  c.pixelHeight = 4;
  c.typeSize = 1;
  c.levels = [{ levelData: new Uint8Array(64).fill(200), uncompressedByteLength: 64 }];
  return Buffer.from(writeKtx2(c));
}

/** A .gltf whose texture points at a .ktx2 file directly, without KHR_texture_basisu. */
export async function gltfWithBareKtx2(): Promise<{ gltf: Buffer; bin: Buffer; ktx2: Buffer }> {
  const doc = sphereDocument(8, 4, { texture: await checkerPng(8) });
  const { json, resources } = await new NodeIO().writeJSON(doc, { format: 'gltf' as never });
  const binName = Object.keys(resources).find((k) => k.endsWith('.bin'))!;
  json.buffers![0]!.uri = 'scene.bin';
  // No mimeType: the validator cannot tell the format, so the upload check alone used to pass it.
  json.images![0] = { uri: 'albedo.ktx2' };
  return { gltf: Buffer.from(JSON.stringify(json)), bin: Buffer.from(resources[binName]!), ktx2: ktx2Image() };
}

const errorsOf = (r: ValidationReport) => r.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}`);

/**
 * Two independent checks of a served model: the Khronos validator on the bytes as served, and the
 * validator again on the geometry after glTF-Transform has decoded the meshopt streams (the
 * validator cannot look inside compressed buffer views, so bad normals would hide there).
 */
export async function validateServed(bytes: Uint8Array): Promise<{ served: string[]; decoded: string[]; triangles: number }> {
  const served = errorsOf(await validateBytes(bytes, { maxIssues: 100 }));
  await MeshoptDecoder.ready;
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  const doc = await io.readBinary(bytes);
  for (const ext of doc.getRoot().listExtensionsUsed()) if (ext.extensionName === EXTMeshoptCompression.EXTENSION_NAME) ext.dispose();
  const decoded = errorsOf(await validateBytes(await io.writeBinary(doc), { maxIssues: 100 }));
  let triangles = 0;
  for (const mesh of doc.getRoot().listMeshes()) for (const p of mesh.listPrimitives()) triangles += (p.getIndices()?.getCount() ?? 0) / 3;
  return { served, decoded, triangles };
}
