import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emptySceneDocument, INPUT_MESSAGES, MAX_INPUT_DEPTH } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, type TestUser } from './support/users.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';

const NUL = '\u0000';

const BOUNDARY = '----atrium-input-guard';
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const multipart = (fields: Record<string, string>) =>
  Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${BOUNDARY}--\r\n`,
  );

/** `{"a":{"a":…}}` nested `depth` levels, built as text so the test itself never recurses. */
const nestedJson = (depth: number, leaf = '1') => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);

interface Case {
  name: string;
  signedIn: boolean;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  make: (text: string) => { url: string; payload?: object | Buffer };
  /** The status the clean request gets when it is not a success. */
  clean?: number;
}

describe.each(databases)('untrusted input on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: TestUser;
  let bob: TestUser;
  let draftId: string;
  let publishedId: string;
  let groupId: string;
  let contentVersion = 1;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, { rateLimit: { max: 10_000, contactMax: 10_000 } }));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada', 'premium-user');
    bob = await signUpUser(app, db, 'bob@example.org', 'Bob');
    const created = await app.inject({ method: 'POST', url: '/api/scene/metadata', headers: bearer(ada.token), payload: { title: 'Draft' } });
    draftId = created.json().sceneId;
    const published = await new ScenesRepo(db.db).insert({
      title: 'Hall',
      state: 'Published',
      publishedPublic: true,
      ownerId: ada.id,
      creatorId: ada.id,
      content: emptySceneDocument(),
      publishedContent: emptySceneDocument(),
      publishedContentVersion: 1,
      publishedAt: new Date(),
    });
    publishedId = published.id;
    const group = await app.inject({ method: 'POST', url: '/api/group', headers: bearer(ada.token), payload: { title: 'Friends' } });
    groupId = group.json().groupId;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const enc = encodeURIComponent;
  /** Each case builds its request around `text`: once clean (must be accepted), once with a NUL in it. */
  const cases: Case[] = [
    // Anonymous: search queries, the FAQ filter, the public forms, a path parameter.
    { name: 'explore search query', signedIn: false, method: 'GET', make: (t) => ({ url: `/api/publishedscene/metadata/search?q=${enc(t)}` }) },
    { name: 'FAQ category query', signedIn: false, method: 'GET', make: (t) => ({ url: `/api/faqs?category=${enc(t)}` }) },
    { name: 'people search query', signedIn: false, method: 'GET', make: (t) => ({ url: `/api/user/search?q=${enc(t)}` }) },
    {
      name: 'contact form',
      signedIn: false,
      method: 'POST',
      make: (t) => ({
        url: '/api/contactus/send',
        payload: { firstName: t, lastName: 'L', email: 'ada@example.org', inquiryType: 'Sales', country: 'UK', message: 'Hello there, a museum please.' },
      }),
    },
    { name: 'coming-soon sign-up', signedIn: false, method: 'POST', make: (t) => ({ url: '/api/comingsoon/subscribe', payload: { email: `${t}@example.org` } }) },
    { name: 'path parameter', signedIn: false, method: 'GET', make: (t) => ({ url: `/auth-ui/fonts/${enc(t)}` }), clean: 404 },
    // Signed in: JSON bodies, a scene document, multipart text fields, list filters.
    { name: 'profile (JSON)', signedIn: true, method: 'PATCH', make: (t) => ({ url: '/api/user/my', payload: { name: t } }) },
    { name: 'profile (multipart)', signedIn: true, method: 'PATCH', make: (t) => ({ url: '/api/user/my', payload: multipart({ name: t }) }) },
    { name: 'new space (JSON)', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/scene/metadata', payload: { title: t } }) },
    { name: 'new space (multipart)', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/scene/metadata', payload: multipart({ title: t }) }) },
    { name: 'space metadata edit', signedIn: true, method: 'PATCH', make: (t) => ({ url: `/api/scene/metadata/${draftId}`, payload: { description: t } }) },
    {
      name: 'scene document',
      signedIn: true,
      method: 'PUT',
      make: (t) => ({
        url: `/api/scene/content/${draftId}`,
        payload: { baseVersion: contentVersion, document: { ...emptySceneDocument(), texts3d: [{ id: 't', position: [0, 1, 0], text: t }] } },
      }),
    },
    { name: 'comment', signedIn: true, method: 'POST', make: (t) => ({ url: `/api/scenecomment/scene/${publishedId}`, payload: { body: t } }) },
    { name: 'group', signedIn: true, method: 'PATCH', make: (t) => ({ url: `/api/group/${groupId}`, payload: { title: t } }) },
    { name: 'API key name', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/apikeys', payload: { name: t } }) },
    { name: 'text asset (JSON)', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/text3d', payload: { text: t } }) },
    { name: 'text asset (multipart)', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/text3d', payload: multipart({ text: t }) }) },
    { name: 'asset list search', signedIn: true, method: 'GET', make: (t) => ({ url: `/api/picture?q=${enc(t)}` }) },
    { name: 'direct message group', signedIn: true, method: 'POST', make: (t) => ({ url: '/api/directmessagegroup', payload: { memberIds: [bob.id], title: t } }) },
  ];

  const send = (c: Case, text: string) => {
    const { url, payload } = c.make(text);
    return app.inject({
      method: c.method,
      url,
      headers: { ...(c.signedIn ? bearer(ada.token) : {}), ...(Buffer.isBuffer(payload) ? multipartHeaders : {}) },
      ...(payload ? { payload } : {}),
    });
  };

  it.each(cases)('refuses a NUL character in the $name with 400 VALIDATION_FAILED, not a database 500', async (c) => {
    const clean = await send(c, 'Ada');
    if (c.clean === undefined) expect(clean.statusCode, clean.body).toBeLessThan(300);
    else expect(clean.statusCode, clean.body).toBe(c.clean);
    if (c.name === 'scene document') contentVersion = clean.json().contentVersion;

    const res = await send(c, `A${NUL}da`);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.values(error.details.fieldErrors as Record<string, string[]>).flat()).toContain(INPUT_MESSAGES.nul);
  });

  it('refuses a NUL character in an object key too', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/user/my', headers: bearer(ada.token), payload: { [`na${NUL}me`]: 'Ada' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers a JSON body nested 20,000 levels deep with 400 INPUT_TOO_DEEP before parsing it', async () => {
    const headers = { 'content-type': 'application/json' };
    const anonymous = await app.inject({ method: 'POST', url: '/api/contactus/send', headers, payload: nestedJson(20_000) });
    expect(anonymous.statusCode, anonymous.body).toBe(400);
    expect(anonymous.json().error.code).toBe('INPUT_TOO_DEEP');

    const doc = `{"baseVersion":${contentVersion},"document":{"version":1,"customSpace":${nestedJson(20_000, '[]')}}}`;
    const scene = await app.inject({ method: 'PUT', url: `/api/scene/content/${draftId}`, headers: { ...headers, ...bearer(ada.token) }, payload: doc });
    expect(scene.statusCode, scene.body).toBe(400);
    expect(scene.json().error.code).toBe('INPUT_TOO_DEEP');
  });

  it('lets bodies at the depth limit through to their schema, and counts brackets inside strings as text', async () => {
    const headers = { 'content-type': 'application/json', ...bearer(ada.token) };
    const atLimit = await app.inject({ method: 'PATCH', url: '/api/user/my', headers, payload: `{"name":${nestedJson(MAX_INPUT_DEPTH - 1)}}` });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.code).toBe('VALIDATION_FAILED');
    const brackets = await app.inject({ method: 'PATCH', url: '/api/user/my', headers, payload: { name: 'Ada {'.padEnd(90, '{[') } });
    expect(brackets.statusCode, brackets.body).toBe(200);
  });
});
