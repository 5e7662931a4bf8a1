import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { validateBytes, type ValidatorMessage } from 'gltf-validator';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, MODEL_FILE_EXTENSIONS, msg, supportedFormats } from '@atrium/shared';
import type { UploadedFile } from '../upload.ts';
import { gatherFiles } from './gather.ts';
import { dropDraco, modelIO } from './io.ts';
import { repairNormals } from './normals.ts';
import { objToDocument } from './obj.ts';
import { checkTextures } from './textures.ts';
import { resolveUri } from './uris.ts';

const invalid = (message: string, details?: unknown) => new AppError('VALIDATION_FAILED', message, details);
const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType(supportedFormats('model3d')));
const ext = (name: string) => path.extname(name).toLowerCase();
const IMAGE_EXTS = new Set(['.png', '.jpg', '.jpeg', '.webp']);

/** The validated model: a glTF-Transform document plus what the upload contained. */
export interface CollectedModel {
  document: Document;
  /** The model file's name inside the upload ("chair/scene.gltf"). */
  modelName: string;
  format: 'glb' | 'gltf' | 'obj';
  files: Map<string, Buffer>;
  inputBytes: number;
  validatorWarnings: number;
}

/** Spec §5: exactly one model file among glb, gltf and obj ('You should upload only one 3D model'). */
export function pickModel(files: Map<string, Buffer>): string {
  const models = [...files.keys()].filter((n) => (MODEL_FILE_EXTENSIONS as readonly string[]).includes(ext(n)));
  if (models.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.noModel);
  if (models.length > 1) throw invalid(msg.asset.onlyOne('3D model'), { files: models });
  return models[0]!;
}

export interface GltfJson {
  buffers?: { uri?: string }[];
  images?: { uri?: string }[];
  nodes?: unknown[];
  extensions?: Record<string, unknown>;
}

/** The JSON chunk of a GLB, with the header checked so a truncated file is reported, not half-read. */
export function glbJson(name: string, bytes: Buffer): GltfJson {
  const fail = (detail: string) => invalid(msg.asset.modelInvalid(name, detail));
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'glTF') throw unsupported();
  if (bytes.readUInt32LE(4) !== 2) throw fail('only glTF 2.0 is supported');
  const declared = bytes.readUInt32LE(8);
  if (declared > bytes.length) throw fail(`the file is truncated (${bytes.length} of ${declared} bytes)`);
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== 0x4e4f534a || 20 + jsonLength > bytes.length) throw fail('the JSON chunk is damaged');
  try {
    return JSON.parse(bytes.toString('utf8', 20, 20 + jsonLength)) as GltfJson;
  } catch {
    throw fail('the JSON chunk is damaged');
  }
}

const describe = (m: ValidatorMessage) => `${m.message}${m.pointer ? ` (${m.pointer})` : ''}`;

/**
 * Checks a glTF/GLB with the Khronos validator, giving it only the uploaded files for external
 * resources. Errors reject the upload, reported per file; warnings are counted.
 */
export async function validate(files: Map<string, Buffer>, name: string, format: 'glb' | 'gltf'): Promise<number> {
  const report = await validateBytes(new Uint8Array(files.get(name)!), {
    uri: name,
    format,
    maxIssues: 50,
    externalResourceFunction: async (uri) => {
      const key = resolveUri(files, name, uri);
      return new Uint8Array(files.get(key)!);
    },
  }).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw invalid(msg.asset.modelInvalid(name, String((err as Error)?.message ?? err)));
  });
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  if (report.issues.numErrors > 0) {
    throw invalid(msg.asset.modelInvalid(name, errors.slice(0, 3).map(describe).join('; ')), {
      file: name,
      issues: errors.map((m) => ({ code: m.code, message: m.message, pointer: m.pointer ?? null })),
    });
  }
  return report.issues.numWarnings;
}

/** Every image the upload carries must really be an image (a renamed executable is refused). */
async function checkImages(files: Map<string, Buffer>) {
  for (const [name, bytes] of files) {
    if (!IMAGE_EXTS.has(ext(name))) continue;
    const t = await fileTypeFromBuffer(bytes);
    if (!t || !['image/png', 'image/jpeg', 'image/webp'].includes(t.mime)) throw unsupported();
  }
}

/** Validates the uploaded model and reads it into a document; throws coded errors for bad input. */
export async function collectModel(uploaded: UploadedFile[]): Promise<CollectedModel> {
  const files = await gatherFiles(uploaded);
  const modelName = pickModel(files);
  await checkImages(files);
  const bytes = files.get(modelName)!;
  const inputBytes = [...files.values()].reduce((n, b) => n + b.length, 0);
  const io = await modelIO();
  const format = ext(modelName).slice(1) as 'glb' | 'gltf' | 'obj';

  if (format === 'obj') {
    if (bytes.subarray(0, 8192).includes(0)) throw unsupported();
    const document = await objToDocument(files, modelName);
    checkTextures(document, modelName);
    repairNormals(document);
    // The converted model is checked like an uploaded glTF, so what OBJ cannot express is refused here.
    const converted = new Map([[modelName, Buffer.from(await io.writeBinary(document))]]);
    const validatorWarnings = await validate(converted, modelName, 'glb');
    return { document, modelName, format, files, inputBytes, validatorWarnings };
  }

  let json: GltfJson;
  if (format === 'glb') json = glbJson(modelName, bytes);
  else {
    try {
      json = JSON.parse(bytes.toString('utf8')) as GltfJson;
    } catch {
      throw unsupported();
    }
  }
  // URIs are checked before the validator or the reader sees them: no fetch is ever attempted.
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const r of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (!r.uri) continue;
    const key = resolveUri(files, modelName, r.uri);
    if (!key.startsWith('data:')) resources[r.uri] = new Uint8Array(files.get(key)!);
  }
  const validatorWarnings = await validate(files, modelName, format);
  let document: Document;
  try {
    document =
      format === 'glb'
        ? await io.binaryToJSON(new Uint8Array(bytes)).then((doc) => {
            Object.assign(doc.resources, resources);
            return io.readJSON(doc);
          })
        : await io.readJSON({ json: json as never, resources });
  } catch (err) {
    throw invalid(msg.asset.modelInvalid(modelName, String((err as Error).message)));
  }
  checkTextures(document, modelName);
  return { document: dropDraco(document), modelName, format, files, inputBytes, validatorWarnings };
}
