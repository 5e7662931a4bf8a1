import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, formatBytes, msg } from '@atrium/shared';

export interface UploadedFile {
  /** The name the client gave, reduced to its last path segment. */
  name: string;
  path: string;
  size: number;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes the temp folder; always called, whether the upload was accepted or not. */
  cleanup(): Promise<void>;
}

export const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', msg.asset.tooLarge(formatBytes(limit)));

const safeName = (n: string) => path.basename(n.replace(/\\/g, '/')).replace(/[^\w.\- ]+/g, '_').slice(0, 200) || 'file';

/**
 * Streams a multipart body to a private temp folder: text fields kept as strings, every part in field
 * `file` written to disk while its bytes are counted against the kind's limit (all files together), so
 * an oversized upload is cut off as soon as it passes the limit and never held in memory.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number, maxFiles: number): Promise<Upload> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atrium-upload-'));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    if (!req.isMultipart()) {
      for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
        fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
      }
      return { fields, files, cleanup };
    }
    for await (const part of req.parts({
      limits: { fileSize: maxBytes + 1, files: maxFiles, fields: 60, fieldSize: 64 * 1024 },
    })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unknown file field "${part.fieldname}"`, {
          fieldErrors: { [part.fieldname]: ['Unknown field'] },
        });
      }
      let name = safeName(part.filename);
      while (files.some((f) => f.name === name)) name = `_${name}`;
      const file = path.join(dir, `${files.length}-${name}`);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          total += chunk.length;
          done(total > maxBytes ? tooLarge(maxBytes) : null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(file));
      files.push({ name, path: file, size });
    }
    return { fields, files, cleanup };
  } catch (err) {
    await cleanup();
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', `At most ${maxFiles} files per upload`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('BAD_REQUEST', 'The multipart body could not be read');
  }
}
