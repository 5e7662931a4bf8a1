import pg from 'pg';
import { openTestPostgres, TEST_DATABASE_URL } from '../apps/server/test/support/db.ts';

/**
 * A fresh PostgreSQL schema (dropped again on close) plus a raw client on it: benches seed it with
 * generate_series and time their SQL on the raw client next to the same query through the API.
 */
export async function openScratchDb() {
  const db = await openTestPostgres();
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`set search_path to ${db.schema}`);
  return {
    db,
    client,
    async close() {
      await client.end();
      await db.close();
    },
  };
}
