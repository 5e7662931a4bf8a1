import fs from 'node:fs';
import path from 'node:path';
import type { DbHandle } from './client.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * Applies drizzle-kit's numbered SQL files in order, each in its own transaction.
 * Written by hand (not drizzle's migrator) because drizzle-kit qualifies foreign keys with
 * "public", which would break schema-per-test isolation on PostgreSQL; stripping it here keeps
 * the checked-in files untouched.
 */
export async function migrate(h: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
  await h.exec(
    'create table if not exists atrium_migrations (idx integer primary key, tag text not null, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await h.queryRows<{ idx: number }>('select idx from atrium_migrations')).map((r) => Number(r.idx)),
  );
  const applied: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    if (done.has(entry.idx)) continue;
    const body = fs
      .readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8')
      .replaceAll('"public".', '')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(';\n');
    const tag = entry.tag.replaceAll("'", "''");
    try {
      // Claiming the row in the same transaction makes concurrent starters apply each file once.
      await h.execInTransaction(`insert into atrium_migrations (idx, tag) values (${entry.idx}, '${tag}');\n${body};`);
      applied.push(entry.tag);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') continue;
      throw new Error(`Migration ${entry.tag} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return applied;
}
