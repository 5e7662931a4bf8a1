import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_DATABASE_URL } from './db.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Runs the admin CLI as operators do: a separate process, configured only through its environment. */
export function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/bin/atrium.js'), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** A fresh DATA_DIR for one CLI scenario. */
export const cliDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-'));

/**
 * Gives `body` a CLI environment on its own new PostgreSQL schema and a client to inspect it; the
 * schema is dropped afterwards.
 */
export async function withPgSchema<T>(
  body: (env: Record<string, string>, admin: pg.Client, schema: string) => Promise<T>,
): Promise<T> {
  const schema = `cli_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, DATA_DIR: cliDataDir() };
    return await body(env, admin, schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
