import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { TEST_DATABASE_URL, type TestDb } from '../apps/server/test/support/db.ts';

/**
 * A fresh PostgreSQL schema (dropped again on close) plus a raw client on it: benches seed it with
 * generate_series and time their SQL on the raw client next to the same query through the API.
 * `keep` leaves the schema in place on close (its name is printed) and `schema` opens such a kept
 * one again, applying pending migrations first, so a long seed can be measured more than once.
 */
export async function openScratchDb(opts: { schema?: string; keep?: boolean } = {}) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  const schema = opts.schema ?? `t_${crypto.randomBytes(6).toString('hex')}`;
  if (!/^t_[0-9a-f]+$/.test(schema)) throw new Error(`not a scratch schema: ${schema}`);
  if (!opts.schema) await client.query(`create schema ${schema}`);
  const handle = await openPostgres(TEST_DATABASE_URL, schema);
  await migrate(handle);
  const db: TestDb = { ...handle, schema };
  await client.query(`set search_path to ${schema}`);
  const keep = opts.keep || opts.schema !== undefined;
  return {
    db,
    client,
    async close() {
      await handle.close();
      if (keep) console.log(`kept scratch schema ${schema} (drop schema ${schema} cascade when done)`);
      else await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}
