import type { FastifyRequest } from 'fastify';
import { AppError, PUBLISH_LIMITS, USER_LIMITS } from '@atrium/shared';
import { pictureTooLarge } from '../users/images.ts';
import { multipartError } from '../users/multipart.ts';
import { assertCleanInput } from '../../plugins/inputGuard.ts';

export interface SceneForm {
  fields: Record<string, unknown>;
  cover?: Buffer;
  /** `photoGalleryFiles` parts in the order they came (`new:<i>` in the photoGallery field). */
  gallery: Buffer[];
}

/**
 * Reads a scene metadata body: multipart (fields plus an optional `coverPhoto` file and up to the
 * gallery cap of `photoGalleryFiles`, spec §3/§7) or JSON for clients without files. Each file is
 * buffered only up to the picture limit; a bigger one, or more files than the cap, is 413.
 */
export async function readSceneForm(req: FastifyRequest): Promise<SceneForm> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, gallery: [] };
  const fields: Record<string, unknown> = {};
  let cover: Buffer | undefined;
  const gallery: Buffer[] = [];
  try {
    for await (const part of req.parts({
      limits: { fileSize: USER_LIMITS.pictureBytes, files: 1 + PUBLISH_LIMITS.galleryMax, fields: 20, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'photoGalleryFiles') {
          const buf = await part.toBuffer();
          if (part.file.truncated) throw pictureTooLarge();
          gallery.push(buf);
          continue;
        }
        if (part.fieldname !== 'coverPhoto') {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `Unknown file field "${part.fieldname}"`, {
            fieldErrors: { [part.fieldname]: ['Unknown field'] },
          });
        }
        const buf = await part.toBuffer();
        if (part.file.truncated) throw pictureTooLarge();
        cover = buf;
      } else {
        // An empty spaceTemplateId field means "no template" (custom space).
        const raw = String(part.value);
        fields[part.fieldname] = part.fieldname === 'spaceTemplateId' && raw === '' ? null : raw;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  assertCleanInput(fields);
  return cover ? { fields, cover, gallery } : { fields, gallery };
}
