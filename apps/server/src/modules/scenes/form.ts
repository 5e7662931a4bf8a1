import type { FastifyRequest } from 'fastify';
import { AppError, USER_LIMITS } from '@atrium/shared';
import { pictureTooLarge } from '../users/images.ts';
import { multipartError } from '../users/multipart.ts';

export interface SceneForm {
  fields: Record<string, unknown>;
  cover?: Buffer;
}

/**
 * Reads a scene metadata body: multipart (fields plus an optional `coverPhoto` file, spec §7) or
 * JSON for clients without a cover. Files are buffered only up to the picture limit; more is 413.
 */
export async function readSceneForm(req: FastifyRequest): Promise<SceneForm> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown> };
  const fields: Record<string, unknown> = {};
  let cover: Buffer | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: USER_LIMITS.pictureBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
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
  return cover ? { fields, cover } : { fields };
}
