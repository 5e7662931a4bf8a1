import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError, formatBytes, msg } from '@atrium/shared';
import { assertCleanInput } from '../../plugins/inputGuard.ts';

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

const PREFIX = 'atrium-upload-';
// Folders named without a process id come from versions before it was added; none of their uploads
// can still be running after this long.
const UNNAMED_STALE_MS = 60 * 60 * 1000;

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the upload folders a crashed or killed server left in `root`: those whose owning process is
 * gone. Another server on the same machine keeps its folder, since its process is still alive.
 */
export async function removeStaleUploads(root: string, log?: FastifyBaseLogger): Promise<void> {
  const names = (await fsp.readdir(root).catch(() => [] as string[])).filter((n) => n.startsWith(PREFIX));
  await Promise.all(
    names.map(async (name) => {
      const full = path.join(root, name);
      const st = await fsp.lstat(full).catch(() => null);
      if (!st?.isDirectory() || st.uid !== process.getuid?.()) return;
      const pid = /^atrium-upload-(\d+)-/.exec(name)?.[1];
      const stale = pid ? !running(Number(pid)) : Date.now() - st.mtimeMs > UNNAMED_STALE_MS;
      if (!stale) return;
      await fsp
        .rm(full, { recursive: true, force: true })
        .catch((err: unknown) => log?.warn({ err, dir: full }, 'stale upload folder not removed'));
    }),
  );
}

/**
 * This server's folder for uploads in progress (`atrium-upload-<pid>-…` in the system temp folder),
 * one sub-folder per upload. Opening it first clears what earlier runs left; closing removes it with
 * anything still inside.
 */
export class UploadTemp {
  readonly dir: string;
  private constructor(dir: string) {
    this.dir = dir;
  }

  static async open(log?: FastifyBaseLogger, root = os.tmpdir()): Promise<UploadTemp> {
    await removeStaleUploads(root, log);
    return new UploadTemp(await fsp.mkdtemp(path.join(root, `${PREFIX}${process.pid}-`)));
  }

  close(): Promise<void> {
    return fsp.rm(this.dir, { recursive: true, force: true, maxRetries: 2 });
  }
}

export const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', msg.asset.tooLarge(formatBytes(limit)));

const safeName = (n: string) => path.basename(n.replace(/\\/g, '/')).replace(/[^\w.\- ]+/g, '_').slice(0, 200) || 'file';

/**
 * Streams a multipart body to its own folder inside `temp`: text fields kept as strings, every part in
 * field `file` written to disk while its bytes are counted against the kind's limit (all files together), so
 * an oversized upload is cut off as soon as it passes the limit and never held in memory.
 */
export async function readUpload(
  req: FastifyRequest,
  temp: UploadTemp,
  maxBytes: number,
  maxFiles: number,
): Promise<Upload> {
  const dir = await fsp.mkdtemp(path.join(temp.dir, 'upload-'));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true, maxRetries: 2 });
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
        assertCleanInput({ [part.fieldname]: fields[part.fieldname] });
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
    // A folder that resists removal goes with the server's upload folder on close; the client's error
    // is what this answer is for.
    await cleanup().catch(() => undefined);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', `At most ${maxFiles} files per upload`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('BAD_REQUEST', 'The multipart body could not be read');
  }
}
