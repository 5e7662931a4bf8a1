import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../src/db/migrate.ts';
import type { TestDb } from './db.ts';

/**
 * Rebuilds the test schema as it stood before migration `idx`, so a test can lay down rows the way
 * earlier code stored them and then prove the migration carries them over. With `laterToo`, the
 * migrations after `idx` are applied as well (only `idx` is held back): for tests that drive today's
 * app against the old rows, whose requests read tables added since.
 */
export async function migrateToBefore(db: TestDb, idx: number, { laterToo = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-mig-'));
  const src = path.resolve(import.meta.dirname, '../../drizzle');
  const journal = JSON.parse(fs.readFileSync(path.join(src, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const before = journal.entries.filter((e) => (laterToo ? e.idx !== idx : e.idx < idx));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
  for (const e of before) fs.copyFileSync(path.join(src, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  const schema = db.schema ?? 'public';
  await db.exec(`drop schema ${schema} cascade; create schema ${schema}`);
  await migrate(db, dir);
}
