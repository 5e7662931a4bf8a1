import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../src/db/schema/index.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';

// Every authenticated request reads its user row (revocation, deletion) and its plan (role).
// Requests that arrive together share one query for each (UsersRepo, SubscriptionsRepo: DataLoader
// without a cache): each must still get its own row, and a change committed before the requests
// must be seen by all of them.
describe.each(databases)('identity: user and plan lookups shared by requests that arrive together on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let people: TestUser[];
  const me = (who: TestUser) => injectAs(app, who, 'GET', '/api/user/my');

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { SIGNUP_RATE_LIMIT_MAX: '100' }));
    people = [];
    for (let i = 0; i < 6; i++) people.push(await signUpUser(app, db, `batched-${i}@example.com`, `Batched ${i}`));
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers each of many simultaneous requests as its own person, with fewer queries than requests', async () => {
    // The driver under Drizzle (a pg Pool or a PGlite): count the queries that look a subject up.
    const driver = (db.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(driver, 'query');
    const answers = await Promise.all(people.map((p) => me(p)));
    const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text?: string }).text ?? ''));
    spy.mockRestore();
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
    expect(answers.map((a) => a.json().userId)).toEqual(people.map((p) => p.id));
    const bySubject = texts.filter((t) => /from "users" where "users"."subject"/.test(t));
    expect(bySubject.length).toBeGreaterThan(0);
    expect(bySubject.length).toBeLessThan(people.length);
  });

  it('refuses, among simultaneous requests, exactly the one whose tokens were revoked just before', async () => {
    const revoked = people[2]!;
    await db.db.update(users).set({ tokensValidAfter: sql`now() + interval '1 second'` }).where(eq(users.id, revoked.id));
    const answers = await Promise.all(people.map((p) => me(p)));
    expect(answers.map((a) => a.statusCode)).toEqual(people.map((p) => (p === revoked ? 401 : 200)));
  });

  it('gives, among simultaneous requests, the new role only to the person whose plan just started', async () => {
    const pro = people[4]!;
    await db.db.insert(subscriptions).values({
      userId: pro.id,
      plan: 'PRO',
      interval: 'monthly',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      provider: 'builtin',
    });
    const answers = await Promise.all(people.filter((p) => p !== people[2]).map(async (p) => [p, await me(p)] as const));
    for (const [p, a] of answers) expect(a.json().role, p.name).toBe(p === pro ? 'premium-user' : 'free-user');
  });
});
