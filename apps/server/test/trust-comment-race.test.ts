import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_LIMITS } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { isolatedRedis } from './support/processes.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';

describe.each(databases)('comment rate limit under concurrency on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: TestUser;
  let bob: TestUser;
  let sceneId: string;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada Lovelace');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob Marley');
    const draft = await injectAs(app, ada, 'POST', '/api/scene/metadata', { title: 'Race Track', tags: ['gallery', 'painting', 'museum'], description: '' });
    sceneId = draft.json().sceneId;
    const slot = (await injectAs(app, ada, 'GET', '/api/slot/available')).json()[0].slotId;
    const pub = await injectAs(app, ada, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId: slot });
    expect(pub.statusCode, pub.body).toBeLessThan(300);
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lets exactly the per-minute number of 20 parallel comments through (atomic, not count-then-insert)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => injectAs(app, bob, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: `race ${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(SOCIAL_LIMITS.commentRateMax);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - SOCIAL_LIMITS.commentRateMax);
    expect(results.find((r) => r.statusCode === 429)!.json().error.code).toBe('RATE_LIMITED');
    const stored = (await injectAs(app, null, 'GET', `/api/scenecomment/scene/${sceneId}?cp=0&ipp=50`)).json();
    expect(stored).toHaveLength(SOCIAL_LIMITS.commentRateMax);
    // Another person's limit is their own.
    expect((await injectAs(app, ada, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: 'owner here' })).statusCode).toBe(201);
  });
});

describe.each(databases)('comment rate limit shared through Redis by two processes on %s', (_name, open) => {
  let db: TestDb;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let bob: TestUser;
  let sceneId: string;

  beforeAll(async () => {
    db = await open();
    const env = { ...isolatedRedis(), REALTIME: 'false' };
    ({ app: one } = await makeTestApp(db, {}, env));
    ({ app: two } = await makeTestApp(db, {}, env));
    const ada = await signUpUser(one, db, 'ada@example.com', 'Ada Lovelace');
    bob = await signUpUser(one, db, 'bob@example.com', 'Bob Marley');
    const draft = await injectAs(one, ada, 'POST', '/api/scene/metadata', { title: 'Shared Track', tags: ['gallery', 'painting', 'museum'], description: '' });
    sceneId = draft.json().sceneId;
    const slot = (await injectAs(one, ada, 'GET', '/api/slot/available')).json()[0].slotId;
    expect((await injectAs(one, ada, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId: slot })).statusCode).toBeLessThan(300);
  }, 90_000);
  afterAll(async () => {
    await one.close();
    await two.close();
    await db.close();
  });

  it('lets the per-minute number through in all, however the requests are spread', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        injectAs(i % 2 ? two : one, bob, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: `shared ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SOCIAL_LIMITS.commentRateMax);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - SOCIAL_LIMITS.commentRateMax);
  });
});
