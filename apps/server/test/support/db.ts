import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type DbHandle } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb extends DbHandle {
  /** The PostgreSQL schema this test file owns (undefined for PGlite). */
  schema?: string;
}

/** The server project's globalSetup's migrated PGlite dump, when running under it (not in benches). */
async function pgliteTemplate(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const file = inject('atriumPgliteTemplate');
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * An in-memory PGlite with all migrations applied: loaded from the run's migrated dump when there is
 * one (a few times faster than migrating an empty database in every file), then migrated anyway,
 * which finds nothing to do unless a migration was added since the dump.
 */
export async function openTestPglite(): Promise<TestDb> {
  const template = await pgliteTemplate();
  const h = await openPglite(null, template ? { loadDataDir: template } : {});
  await migrate(h);
  return h;
}

/** A fresh schema on the real PostgreSQL, dropped again on close, so test files never share rows. */
export async function openTestPostgres(): Promise<TestDb> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const h = await openPostgres(TEST_DATABASE_URL, schema);
  await migrate(h);
  return {
    ...h,
    schema,
    async close() {
      await h.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** For describe.each: every repository and service test runs on both engines. */
export const databases: [string, () => Promise<TestDb>][] = [
  ['pglite', openTestPglite],
  ['postgres', openTestPostgres],
];
