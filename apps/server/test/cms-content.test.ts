import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';
import { CmsRepo } from '../src/modules/cms/repo.ts';

// Issue 17 content management: staff create, edit and delete FAQs, glossary entries and video tutorials
// in the product. Signed out 401, signed in without the staff grant 403 (IDOR: nothing changes), bad
// input 400, unknown id 404, a taken slug 409.

const KINDS = [
  {
    name: 'FAQ',
    path: '/api/faqs',
    list: '/api/faqs',
    good: { slug: 'can-i-test-faqs', question: 'Can staff edit FAQs?', answer: 'Yes, from the FAQ page.', category: 'general', position: 3 },
    edit: { question: 'Can staff really edit FAQs?' },
    shown: (e: Record<string, unknown>) => e.question,
    bad: [
      { slug: 'Bad Slug', question: 'q', answer: 'a' },
      { slug: 'no-question', question: '   ', answer: 'a' },
      { slug: 'long', question: 'q'.repeat(301), answer: 'a' },
      { slug: 'extra', question: 'q', answer: 'a', hacked: true },
      { slug: 'neg', question: 'q', answer: 'a', position: -1 },
    ],
  },
  {
    name: 'glossary entry',
    path: '/api/glossary',
    list: '/api/glossary',
    good: { slug: 'test-term', term: 'Test term', definition: 'A word staff added.' },
    edit: { term: 'Tested term' },
    shown: (e: Record<string, unknown>) => e.term,
    bad: [
      { slug: 'x', term: '', definition: 'd' },
      { slug: 'x', term: 't', definition: 'd'.repeat(2001) },
      { slug: 'x', term: 't' },
    ],
  },
  {
    name: 'video tutorial',
    path: '/api/video-tutorials',
    list: '/api/video-tutorials',
    good: { slug: 'test-video', title: 'A test video', description: 'Shown on the page', youtube: 'https://www.youtube.com/watch?v=abcdefghijk' },
    edit: { title: 'A renamed video' },
    shown: (e: Record<string, unknown>) => e.title,
    bad: [
      { slug: 'x', title: 't', youtube: 'https://evil.example/watch?v=abcdefghijk' },
      { slug: 'x', title: 't', youtube: 'javascript:alert(1)' },
      { slug: 'x', title: '', youtube: 'abcdefghijk' },
    ],
  },
] as const;

describe.each(databases)('content management: FAQs, glossary, video tutorials on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, { rateLimit: { max: 10_000, contactMax: 1000 } }));
    staff = await signUpUser(app, db, 'content-staff@example.org', 'Staff');
    user = await signUpUser(app, db, 'content-user@example.org', 'User');
    await new CmsRepo(db.db).grantStaff(staff.id);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  for (const k of KINDS) {
    it(`${k.name}: staff create, edit and delete; the public list follows`, async () => {
      const created = await injectAs(app, staff, 'POST', k.path, k.good);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const listed = () => injectAs(app, null, 'GET', k.list).then((r) => r.json() as Record<string, unknown>[]);
      expect((await listed()).find((e) => e.id === id)).toBeTruthy();
      if (k.name === 'video tutorial') expect(created.json().embedUrl).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');

      const edited = await injectAs(app, staff, 'PUT', `${k.path}/${id}`, { ...k.good, ...k.edit });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(k.shown((await listed()).find((e) => e.id === id)!)).toBe(Object.values(k.edit)[0]);

      // The same slug again is a conflict, not a 500.
      const dup = await injectAs(app, staff, 'POST', k.path, k.good);
      expect(dup.statusCode).toBe(409);

      expect((await injectAs(app, staff, 'DELETE', `${k.path}/${id}`)).statusCode).toBe(204);
      expect((await listed()).find((e) => e.id === id)).toBeUndefined();
      expect((await injectAs(app, staff, 'DELETE', `${k.path}/${id}`)).statusCode).toBe(404);
      expect((await injectAs(app, staff, 'PUT', `${k.path}/${id}`, k.good)).statusCode).toBe(404);
    });

    it(`${k.name}: signed out 401, no staff grant 403, and nothing changes`, async () => {
      const own = (await injectAs(app, staff, 'POST', k.path, { ...k.good, slug: `${k.good.slug}-kept` })).json();
      const before = await injectAs(app, null, 'GET', k.list).then((r) => r.body);
      for (const [who, status] of [[null, 401], [user, 403]] as const) {
        expect((await injectAs(app, who, 'POST', k.path, { ...k.good, slug: `${k.good.slug}-x` })).statusCode).toBe(status);
        expect((await injectAs(app, who, 'PUT', `${k.path}/${own.id}`, { ...k.good, ...k.edit, slug: `${k.good.slug}-kept` })).statusCode).toBe(status);
        expect((await injectAs(app, who, 'DELETE', `${k.path}/${own.id}`)).statusCode).toBe(status);
      }
      expect(await injectAs(app, null, 'GET', k.list).then((r) => r.body)).toBe(before);
    });

    it(`${k.name}: bad input and malformed ids are 400`, async () => {
      for (const body of k.bad) {
        const res = await injectAs(app, staff, 'POST', k.path, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBeTruthy();
      }
      expect((await injectAs(app, staff, 'PUT', `${k.path}/not-a-uuid`, k.good)).statusCode).toBe(400);
      expect((await injectAs(app, staff, 'DELETE', `${k.path}/not-a-uuid`)).statusCode).toBe(400);
    });
  }
});
