import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '../src/db/schema/identity.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

describe.each(databases)('API key "last used" on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const lastUsed = async (id: string) =>
    (await db.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]?.at?.getTime() ?? null;
  /** The touch is fire-and-forget, so wait for the row to change rather than for a fixed time. */
  const changedFrom = async (id: string, before: number | null) => {
    for (let i = 0; i < 200; i++) {
      const now = await lastUsed(id);
      if (now !== before) return now;
      await new Promise((r) => setTimeout(r, 10));
    }
    return before;
  };

  it('records use at most once a minute instead of writing on every request', async () => {
    const ada = await signUpUser(app, db, 'ada-keys@example.org', 'Ada');
    const created = (await app.inject({ method: 'POST', url: '/api/apikeys', headers: bearer(ada.token), payload: { name: 'script' } })).json();
    const me = () => app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(created.key) });

    expect((await me()).statusCode).toBe(200);
    const first = await changedFrom(created.id, null);
    expect(first).not.toBeNull();

    for (let i = 0; i < 5; i++) expect((await me()).statusCode).toBe(200);
    // A request that did write would be visible by now: the next read goes through the same pool.
    await app.inject({ method: 'GET', url: '/api/apikeys', headers: bearer(ada.token) });
    expect(await lastUsed(created.id)).toBe(first);

    await db.db.update(apiKeys).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(apiKeys.id, created.id));
    const old = await lastUsed(created.id);
    expect((await me()).statusCode).toBe(200);
    expect(await changedFrom(created.id, old)).toBeGreaterThan(old!);
  });
});
