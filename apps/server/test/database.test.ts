import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestPostgres, type TestDb } from './support/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { openPostgres } from '../src/db/client.ts';
import { CmsRepo } from '../src/modules/cms/repo.ts';
import { faqs } from '../src/db/schema/index.ts';
import { TEST_DATABASE_URL } from './support/db.ts';

describe.each(databases)('migrations and seed on %s', (_name, open) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('re-running migrations applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const rows = await db.queryRows<{ tag: string }>('select tag from atrium_migrations order by idx');
    expect(rows.map((r) => r.tag)).toContain('0000_foundation');
  });

  it('seeds once even when run concurrently, and the FAQ repository lists it in order', async () => {
    const runs = await Promise.all([seed(db.db), seed(db.db), seed(db.db)]);
    // Other steps may follow; what matters is that each step ran exactly once across the racers.
    expect(runs.flat()).toContain('0001-faqs');
    expect(new Set(runs.flat()).size).toBe(runs.flat().length);
    expect(await seed(db.db)).toEqual([]);
    const list = await new CmsRepo(db.db).listFaqs();
    expect(list.length).toBe(await db.db.$count(faqs));
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((f) => f.position)).toEqual([...list.map((f) => f.position)].sort((a, b) => a - b));
    const pricing = await new CmsRepo(db.db).listFaqs('pricing');
    expect(pricing.length).toBeGreaterThan(0);
    expect(pricing.every((f) => f.category === 'pricing')).toBe(true);
  });
});

describe('migrations on PostgreSQL from two processes at once', () => {
  it('applies each file exactly once', async () => {
    const first = await openTestPostgres();
    // Empty the schema, then two handles race to migrate it, as two processes starting together would.
    await first.exec(`drop schema ${first.schema} cascade; create schema ${first.schema}`);
    const second = await openPostgres(TEST_DATABASE_URL, first.schema);
    const results = await Promise.allSettled([migrate(first), migrate(second)]);
    const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    expect(applied.filter((t) => t === '0000_foundation')).toHaveLength(1);
    expect(applied.filter((t) => t === '0001_scenes')).toHaveLength(1);
    const rows = await first.queryRows<{ n: string }>('select count(*) as n from atrium_migrations');
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
    await second.close();
    await first.close();
  });
});
