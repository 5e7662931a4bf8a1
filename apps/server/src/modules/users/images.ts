import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, USER_LIMITS, msg } from '@atrium/shared';

export type ImageKind = 'profilePicture' | 'coverPhoto';

const formatBytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
const SUPPORTED = '.jpg .jpeg .png .webp';

export const pictureTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', msg.user.pictureTooLarge(formatBytes(USER_LIMITS.pictureBytes)));
export const pictureWrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', msg.user.pictureType(SUPPORTED));

/**
 * Trusts the bytes, not the name or declared type: the magic number must be JPEG, PNG or WebP.
 * The image is then decoded (pixel count capped against decompression bombs), auto-rotated, resized and
 * re-encoded as JPEG, which also drops EXIF and any other metadata (location, camera serials).
 */
export async function processImage(kind: ImageKind | 'galleryPhoto', input: Buffer): Promise<Buffer> {
  if (input.length > USER_LIMITS.pictureBytes) throw pictureTooLarge();
  const type = await fileTypeFromBuffer(input);
  if (!type || !USER_LIMITS.pictureTypes.includes(type.mime)) throw pictureWrongType();
  try {
    const img = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
    const sized =
      kind === 'profilePicture'
        ? img.resize(512, 512, { fit: 'cover' })
        : img.resize({ width: 1920, height: 1080, fit: 'inside', withoutEnlargement: true });
    return await sized.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw pictureWrongType();
  }
}
