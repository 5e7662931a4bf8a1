import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { z } from 'zod';
import type { DbHandle } from '../db/client.ts';
import type { Storage } from '../storage/index.ts';
import { assertSafeKey } from '../storage/storage.ts';
import { appliedMigrations, dumpDatabase, holdsData, loadDatabase } from './database.ts';

// `atrium backup` / `atrium restore`: one gzipped tar holding a manifest, the database as JSON lines
// per table and every stored file, with a SHA-256 per entry. A restore checks the whole archive
// before it touches anything, loads the database in one transaction, and only then prunes stored
// files the backup did not have, so a bad archive leaves the installation as it was.

const FORMAT = 'atrium-backup';
const MANIFEST = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['pglite', 'postgres']) }),
  migrations: z.array(z.number().int()),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int().min(0), sha256: z.string() })),
  files: z.array(z.object({ key: z.string().min(1), size: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The archive is missing, unreadable or not what this build can restore: the operator's mistake, not a crash. */
export class BackupArchiveError extends Error {}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

const tempDir = () => fsp.mkdtemp(path.join(os.tmpdir(), 'atrium-backup-'));
const fileEntry = (key: string) => path.join('files', ...key.split('/'));

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/** Writes the archive to `out` (through a temp name, so a failed run leaves no half archive). */
export async function backup(h: DbHandle, storage: Storage, out: string): Promise<BackupSummary> {
  const work = await tempDir();
  try {
    await fsp.mkdir(path.join(work, 'db'));
    // The snapshot first: a file uploaded after it is carried as an unused extra, never missing.
    const { migrations, tables } = await dumpDatabase(h.db, path.join(work, 'db'));
    const files: BackupManifest['files'] = [];
    let bytes = 0;
    for (const key of await storage.list('')) {
      const got = await storage.get(key);
      if (!got) continue; // deleted since it was listed
      const dest = path.join(work, fileEntry(key));
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      await pipeline(got.stream, fs.createWriteStream(dest));
      const { size } = await fsp.stat(dest);
      bytes += size;
      files.push({ key, size, sha256: await sha256File(dest) });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      source: { database: h.kind },
      migrations,
      tables: await Promise.all(tables.map(async (t) => ({ ...t, sha256: await sha256File(path.join(work, 'db', `${t.name}.jsonl`)) }))),
      files,
    };
    await fsp.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    const target = path.resolve(out);
    const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.partial`;
    try {
      await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [MANIFEST, 'db', ...(files.length ? ['files'] : [])]);
      await fsp.rename(partial, target);
    } finally {
      await fsp.rm(partial, { force: true });
    }
    return { tables: tables.length, rows: tables.reduce((n, t) => n + t.rows, 0), files: files.length, bytes };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** Unpacks and checks every entry against the manifest; throws BackupArchiveError on any mismatch. */
async function openArchive(file: string, work: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupArchiveError(`no backup archive at ${file}`);
  try {
    await tar.extract({ file, cwd: work, strict: true });
  } catch (err) {
    throw new BackupArchiveError(`${file} is not a readable backup archive (${(err as Error).message})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fsp.readFile(path.join(work, MANIFEST), 'utf8')));
  } catch {
    throw new BackupArchiveError(`${file} is not an Atrium backup (its ${MANIFEST} is missing or malformed)`);
  }
  const check = async (entry: string, sha256: string) => {
    const at = path.join(work, entry);
    if (!fs.existsSync(at)) throw new BackupArchiveError(`${file} is incomplete: ${entry} is missing`);
    if ((await sha256File(at)) !== sha256) throw new BackupArchiveError(`${file} is corrupt: ${entry} does not match its checksum`);
  };
  for (const t of manifest.tables) await check(path.join('db', `${t.name}.jsonl`), t.sha256);
  for (const f of manifest.files) {
    try {
      assertSafeKey(f.key);
    } catch {
      throw new BackupArchiveError(`${file} names a file outside the storage root (${JSON.stringify(f.key)})`);
    }
    await check(fileEntry(f.key), f.sha256);
  }
  return manifest;
}

export interface RestoreSummary extends BackupSummary {
  removedFiles: number;
}

/**
 * Replaces the database's rows and the stored files with the archive's. `h` must be migrated already;
 * the archive must come from the same migrations (restore with the Atrium version that made it,
 * then upgrade). Refuses a database that holds people or spaces unless `replace` is set.
 */
export async function restore(h: DbHandle, storage: Storage, file: string, opts: { replace?: boolean } = {}): Promise<RestoreSummary> {
  const work = await tempDir();
  try {
    const manifest = await openArchive(path.resolve(file), work);
    const here = await appliedMigrations(h.db);
    if (here.join(',') !== manifest.migrations.join(','))
      throw new BackupArchiveError(
        `the backup was made with database migrations ${manifest.migrations.at(-1) ?? 'none'} (${manifest.migrations.length}), this Atrium has ${here.at(-1) ?? 'none'} (${here.length}); restore it with the version that made it, then upgrade`,
      );
    if (!opts.replace && (await holdsData(h.db)))
      throw new BackupArchiveError('the database already holds people or spaces; pass --replace to overwrite everything with the backup');

    // Files first (new keys are harmless extras if the database load then fails), then the database
    // in one transaction, then the files it no longer knows.
    let bytes = 0;
    for (const f of manifest.files) {
      await storage.put(f.key, fs.createReadStream(path.join(work, fileEntry(f.key))));
      bytes += f.size;
    }
    await loadDatabase(h.db, path.join(work, 'db'), manifest.tables.map((t) => t.name));
    const keep = new Set(manifest.files.map((f) => f.key));
    const stale = (await storage.list('')).filter((k) => !keep.has(k));
    for (const k of stale) await storage.delete(k);
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: manifest.files.length,
      bytes,
      removedFiles: stale.length,
    };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
