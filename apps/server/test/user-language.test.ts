import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';

// Issue 17 Languages: the interface language is stored on the user (Settings / profile menu) and comes
// back with the profile on the next visit; a code that is not a supported language is bad input.
describe.each(databases)('interface language on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ann: TestUser;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ann = await signUpUser(app, db, 'ann-lang@example.org', 'Ann');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('starts unset, is stored by PATCH /api/settings/my and read back by settings and user/my', async () => {
    expect((await injectAs(app, ann, 'GET', '/api/settings/my')).json().language).toBeNull();
    const res = await injectAs(app, ann, 'PATCH', '/api/settings/my', { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('fr');
    expect((await injectAs(app, ann, 'GET', '/api/settings/my')).json().language).toBe('fr');
    expect((await injectAs(app, ann, 'GET', '/api/user/my')).json().language).toBe('fr');
    // The public profile does not tell others which language someone reads.
    expect((await injectAs(app, null, 'GET', `/api/user/${ann.id}`)).json()).not.toHaveProperty('language');
  });

  it('refuses a language that does not exist (400) and keeps the stored one; signed out is 401', async () => {
    for (const language of ['xx', 'EN', '', 42, null]) {
      const res = await injectAs(app, ann, 'PATCH', '/api/settings/my', { language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    expect((await injectAs(app, ann, 'GET', '/api/settings/my')).json().language).toBe('fr');
    expect((await injectAs(app, null, 'PATCH', '/api/settings/my', { language: 'en' })).statusCode).toBe(401);
  });
});
