import type { FastifyRequest } from 'fastify';
import { AppError, USER_LIMITS } from '@atrium/shared';
import { pictureTooLarge } from '../users/images.ts';

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
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('BAD_REQUEST', 'The multipart body could not be read');
  }
  return cover ? { fields, cover } : { fields };
}
