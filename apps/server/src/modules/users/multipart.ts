import type { FastifyRequest } from 'fastify';
import { AppError, USER_LIMITS } from '@atrium/shared';
import { pictureTooLarge } from './images.ts';
import { assertCleanInput } from '../../plugins/inputGuard.ts';
import type { UploadedImages } from './service.ts';

const BOOLEAN_FIELDS = new Set([
  'autoSave',
  'searchable',
  'allowGroupInvites',
  'showContentLibrary',
  'showGroups',
]);
const JSON_FIELDS = new Set(['socialMedia']);
const FILE_FIELDS = new Set(['profilePicture', 'coverPhoto']);

/** Turns a form field's text into the value the shared schema expects (booleans, JSON lists, null). */
function fieldValue(name: string, raw: string): unknown {
  if (BOOLEAN_FIELDS.has(name)) return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (JSON_FIELDS.has(name)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (name === 'gender' && raw === '') return null;
  return raw;
}

/**
 * Reads a PATCH body: JSON, or multipart with fields plus `profilePicture` / `coverPhoto` files.
 * Files are read into memory only up to the picture limit; more bytes answer 413.
 */
/** The coded error for a failure while reading a multipart form with a picture in it. */
export function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return pictureTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE');
  return new AppError('BAD_REQUEST', 'The multipart body could not be read');
}

/**
 * The one picture of a request whose scope's multipart parser takes one file and no fields (a
 * district's logo or cover, a group's image): its bytes, read up to the picture limit.
 */
export async function onePicture(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the image as multipart/form-data');
  try {
    const part = await req.file();
    if (!part) throw new AppError('BAD_REQUEST', 'No file in the form');
    const buf = await part.toBuffer();
    if (part.file.truncated) throw pictureTooLarge();
    return buf;
  } catch (err) {
    throw multipartError(err);
  }
}

export async function readUserPatch(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; images: UploadedImages }> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, images: {} };
  const fields: Record<string, unknown> = {};
  const images: UploadedImages = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: USER_LIMITS.pictureBytes, files: 2, fields: 40, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (!FILE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `Unknown file field "${part.fieldname}"`, {
            fieldErrors: { [part.fieldname]: ['Unknown field'] },
          });
        }
        const buf = await part.toBuffer();
        if (part.file.truncated) throw pictureTooLarge();
        images[part.fieldname as keyof UploadedImages] = buf;
      } else {
        fields[part.fieldname] = fieldValue(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  assertCleanInput(fields);
  return { fields, images };
}
