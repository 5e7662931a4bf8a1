import type { Document } from '@gltf-transform/core';
import { EXTTextureWebP, KHRTextureBasisu } from '@gltf-transform/extensions';
import { AppError, msg } from '@atrium/shared';

const KTX2_MAGIC = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb];

/** The image format by its magic bytes; names and declared mime types are not trusted. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/ktx2' | null {
  const at = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at([0x52, 0x49, 0x46, 0x46]) && at([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (at(KTX2_MAGIC)) return 'image/ktx2';
  return null;
}

const usesExtension = (doc: Document, name: string) => doc.getRoot().listExtensionsUsed().some((e) => e.extensionName === name);

/**
 * Every texture must be an image glTF can carry, or the written model would not validate: PNG or
 * JPEG; WebP (EXT_texture_webp is declared for it); KTX2 only under KHR_texture_basisu. A file
 * whose name says .png but whose bytes are KTX2 (or anything else) is refused with the reason
 * rather than turned into an invalid model.
 */
export function checkTextures(doc: Document, modelName: string): void {
  const refuse = (detail: string) => new AppError('VALIDATION_FAILED', msg.asset.modelInvalid(modelName, detail));
  doc.getRoot().listTextures().forEach((texture, i) => {
    const image = texture.getImage();
    if (!image) return;
    const label = texture.getURI() || texture.getName() || `#${i}`;
    const kind = sniffImage(image);
    if (!kind) throw refuse(`texture ${label} is not a PNG, JPEG, WebP or KTX2 image`);
    if (kind === 'image/ktx2' && !usesExtension(doc, KHRTextureBasisu.EXTENSION_NAME)) {
      throw refuse(`texture ${label} is a KTX2 image, which glTF allows only through the KHR_texture_basisu extension`);
    }
    if (kind === 'image/webp' && !usesExtension(doc, EXTTextureWebP.EXTENSION_NAME)) doc.createExtension(EXTTextureWebP).setRequired(true);
    texture.setMimeType(kind);
  });
}
