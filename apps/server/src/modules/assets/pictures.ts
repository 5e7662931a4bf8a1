import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError, MAX_PICTURE_PIXELS, UPLOAD_MIME_TYPES, msg, supportedFormats } from '@atrium/shared';
import type { Output } from './keys.ts';

export const unsupportedPicture = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType(supportedFormats('picture')));

export interface ProcessedPicture {
  outputs: Output[];
  width: number;
  height: number;
  mime: string;
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Rejects anything whose bytes are not JPEG, PNG or WebP, whatever its name says. */
export async function sniffPicture(file: string): Promise<string> {
  const type = await fileTypeFromFile(file);
  if (!type || !(UPLOAD_MIME_TYPES.picture as readonly string[]).includes(type.mime)) throw unsupportedPicture();
  return type.mime;
}

/**
 * The pixel count comes from the header alone, so a 60,000 × 60,000 "decompression bomb" is refused
 * before any pixel is decoded. Then: auto-rotate, strip EXIF (sharp drops metadata unless asked to keep
 * it), a main copy in the original format (≤ 4096 px), a WebP (≤ 2048 px) and a 480 px WebP thumbnail.
 */
export async function processPicture(file: string): Promise<ProcessedPicture> {
  const mime = await sniffPicture(file);
  let meta: Metadata;
  try {
    // limitInputPixels off: metadata reads the header only, and the cap is enforced just below.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedPicture();
  }
  if (!meta.width || !meta.height) throw unsupportedPicture();
  if (meta.width * meta.height > MAX_PICTURE_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', msg.asset.tooManyPixels(MAX_PICTURE_PIXELS / 1_000_000));
  }
  try {
    const base = () => sharp(file, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();
    const fit = (n: number) => ({ width: n, height: n, fit: 'inside' as const, withoutEnlargement: true });
    const mainPipe = base().resize(fit(4096));
    const main =
      mime === 'image/png'
        ? await mainPipe.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : mime === 'image/webp'
          ? await mainPipe.webp({ quality: 90 }).toBuffer({ resolveWithObject: true })
          : await mainPipe.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    const webp = await base().resize(fit(2048)).webp({ quality: 82 }).toBuffer();
    const thumb = await base().resize(fit(480)).webp({ quality: 75 }).toBuffer();
    return {
      outputs: [
        { variant: 'main', bytes: main.data, ext: EXT[mime]!, mime },
        { variant: 'webp', bytes: webp, ext: 'webp', mime: 'image/webp' },
        { variant: 'thumbnail', bytes: thumb, ext: 'webp', mime: 'image/webp' },
      ],
      width: main.info.width,
      height: main.info.height,
      mime,
    };
  } catch {
    throw unsupportedPicture();
  }
}

/** A 480 px WebP thumbnail from any still image the server made (video poster, model render). */
export const thumbnailOf = (input: Buffer | string) =>
  sharp(input, { limitInputPixels: MAX_PICTURE_PIXELS })
    .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
