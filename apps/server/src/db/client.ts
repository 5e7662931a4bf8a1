import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import type { Config } from '../config.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database connection that hides which engine (PGlite or PostgreSQL) is behind it. */
export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs one or more SQL statements without parameters (migrations, schema set-up). */
  exec(sql: string): Promise<void>;
  /** Runs statements inside one transaction on one connection; rolls back on error. */
  execInTransaction(sql: string): Promise<void>;
  queryRows<T>(sql: string): Promise<T[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, for `openPglite(null, { loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the connection pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

/** `loadDataDir`: start an in-memory database from a dump (tests start from an already migrated one). */
export async function openPglite(dir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = dir ? await PGlite.create(dir) : await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    exec: async (sql) => {
      await client.exec(sql);
    },
    execInTransaction: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    queryRows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    ping: async () => {
      try {
        return (await client.query('select 1 as ok')).rows.length === 1;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string, schemaName?: string): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A per-connection search_path lets tests (and operators) keep Atrium in its own schema.
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    exec: async (sql) => {
      await pool.query(sql);
    },
    execInTransaction: async (sql) => {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        await conn.query(sql);
        await conn.query('commit');
      } catch (err) {
        await conn.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    queryRows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    ping: async () => {
      try {
        return (await pool.query('select 1 as ok')).rowCount === 1;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
  };
}

export function openDatabase(config: Config): Promise<DbHandle> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, config.database.schema)
    : openPglite(config.database.dir);
}
