import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ByteRange, type Storage } from './storage.ts';

/** Files under one folder (DATA_DIR/files). Writes go to a temp file in the same folder, then rename. */
export class LocalStorage implements Storage {
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string) {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer) {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        fs.createWriteStream(tmp, { flags: 'wx' }),
      );
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    const { size } = await fsp.stat(file);
    return { key, size };
  }

  async get(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    try {
      const { size } = await fsp.stat(file);
      return { stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stat(key: string) {
    try {
      const { size } = await fsp.stat(this.pathOf(key));
      return { size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async list(prefix: string) {
    const clean = prefix.replace(/\/+$/, '');
    const dir = clean ? this.pathOf(clean) : this.root;
    try {
      const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  async delete(key: string) {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string) {
    const clean = prefix.replace(/\/+$/, '');
    await fsp.rm(this.pathOf(clean), { recursive: true, force: true });
  }
}
