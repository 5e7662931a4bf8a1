import { UPLOAD_EXTENSIONS, uploadLimitOf, type AssetKind } from '@atrium/shared/assets/kinds';

/**
 * Dropzone `accept` maps for the file kinds. The dropzone accepts a file whose MIME type or extension
 * is listed; model files have no dependable browser MIME type, so their extensions do the work.
 */
export function acceptFor(kind: AssetKind): Record<string, string[]> | undefined {
  switch (kind) {
    case 'picture':
      return { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] };
    case 'video':
      return { 'video/mp4': ['.mp4'], 'video/webm': ['.webm'], 'video/ogg': ['.ogg'], 'video/quicktime': ['.mov'] };
    case 'audio':
      return { 'audio/mpeg': ['.mp3'], 'audio/wav': ['.wav'], 'audio/ogg': ['.ogg'] };
    case 'model3d':
      return { 'application/octet-stream': [...UPLOAD_EXTENSIONS.model3d] };
    default:
      return undefined;
  }
}

export const hasFile = (kind: AssetKind) => kind === 'picture' || kind === 'video' || kind === 'audio' || kind === 'model3d';
export const limitFor = uploadLimitOf;
