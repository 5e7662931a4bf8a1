import { Logger, NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { AppError, msg, supportedFormats, VRM_REQUIRED_BONES } from '@atrium/shared';
import { glbJson, validate, type GltfJson } from './collect.ts';
import { renderThumbnail } from './render.ts';
import { modelCounts } from './stats.ts';

// VRM avatars (https://vrm.dev): a GLB whose JSON carries the VRMC_vrm (1.0) or VRM (0.x)
// extension with a humanoid bone map. The file is stored exactly as uploaded: glTF-Transform does
// not know these extensions, so the model pipeline's optimisation would strip them.

export interface CheckedVrm {
  version: '1.0' | '0.x';
  /** The avatar's own name from its meta, if it has one. */
  name: string | null;
  validatorWarnings: number;
}

type VrmJson = GltfJson & {
  extensions?: {
    VRMC_vrm?: { meta?: { name?: unknown }; humanoid?: { humanBones?: Record<string, { node?: unknown }> } };
    VRM?: { meta?: { title?: unknown }; humanoid?: { humanBones?: { bone?: unknown; node?: unknown }[] } };
  };
};

/**
 * Checks that the bytes are a glTF binary with a VRM humanoid: not a GLB at all → 415 with the
 * accepted formats; a GLB without VRM data → 415 NOT_A_VRM; truncated, external files, errors from
 * the Khronos validator or missing humanoid bones → 400.
 */
export async function checkVrm(name: string, bytes: Buffer): Promise<CheckedVrm> {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'glTF') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType(supportedFormats('avatar')));
  }
  const json = glbJson(name, bytes) as VrmJson;
  const v1 = json.extensions?.VRMC_vrm;
  const v0 = json.extensions?.VRM;
  if (!v1 && !v0) throw new AppError('NOT_A_VRM', msg.asset.notVrm(name));

  // The bone map, as bone name → node index, whichever version wrote it.
  const bones = new Map<string, unknown>();
  if (v1) for (const [bone, b] of Object.entries(v1.humanoid?.humanBones ?? {})) bones.set(bone, b?.node);
  else for (const b of Array.isArray(v0?.humanoid?.humanBones) ? v0.humanoid.humanBones : []) bones.set(String(b?.bone), b?.node);
  const nodeCount = json.nodes?.length ?? 0;
  const missing = VRM_REQUIRED_BONES.filter((b) => {
    const node = bones.get(b);
    return typeof node !== 'number' || !Number.isInteger(node) || node < 0 || node >= nodeCount;
  });
  if (missing.length) throw new AppError('VALIDATION_FAILED', msg.asset.vrmNoHumanoid(name, missing.join(', ')), { missing });

  // A VRM travels as one file: anything it refers to outside itself is refused, never fetched.
  for (const r of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (r.uri && !r.uri.startsWith('data:')) throw new AppError('VALIDATION_FAILED', msg.asset.externalUri(r.uri));
  }
  const validatorWarnings = await validate(new Map([[name, bytes]]), name, 'glb');
  const metaName = v1 ? v1.meta?.name : v0?.meta?.title;
  return {
    version: v1 ? '1.0' : '0.x',
    name: typeof metaName === 'string' && metaName.trim() ? metaName.trim().slice(0, 100) : null,
    validatorWarnings,
  };
}

// Its own reader, quiet about the VRM extensions it does not know (every VRM would log a warning).
let io: Promise<NodeIO> | null = null;
const vrmIO = () =>
  (io ??= MeshoptDecoder.ready.then(() =>
    new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.ERROR))
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder }),
  ));

/**
 * Counts and a library thumbnail of the avatar in its rest pose, seen mostly from the front (VRM
 * 1.0 faces +Z, 0.x faces -Z). Null when glTF-Transform cannot read the file's geometry; the
 * avatar is still usable, it just has no picture.
 */
export async function vrmPreview(bytes: Buffer, version: CheckedVrm['version']) {
  let doc: Document;
  try {
    doc = await (await vrmIO()).readBinary(new Uint8Array(bytes));
  } catch {
    return null;
  }
  const { clipNames: _names, ...counts } = modelCounts(doc);
  const thumbnail = await renderThumbnail(doc, { yawDegrees: version === '1.0' ? -20 : 160 });
  return { counts, thumbnail };
}
