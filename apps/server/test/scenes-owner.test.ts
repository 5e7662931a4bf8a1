import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import {
  emptySceneDocument,
  msg,
  SCENE_DOCUMENT_LIMITS,
  sceneTooLargeMessage,
} from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, injectAs, type TestUser as User } from './support/users.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { OwnerScenesService } from '../src/modules/scenes/ownerService.ts';
import { LocalStorage } from '../src/storage/index.ts';
import type { Actor } from '../src/plugins/actor.ts';

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="cover"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}


describe.each(databases)('owner scene API on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let dataDir: string;
  let ada: User; // free
  let bob: User; // free, another user
  let sam: User; // Standard (pro-user)
  let pia: User; // Pro (premium-user)

  const create = (who: User, fields: Record<string, string> = { title: 'My space' }) =>
    app.inject({ method: 'POST', url: '/api/scene/metadata', headers: bearer(who.token), payload: fields });
  const put = (who: User, id: string, body: unknown) =>
    app.inject({ method: 'PUT', url: `/api/scene/content/${id}`, headers: bearer(who.token), payload: body as object });
  const get = (who: User | null, url: string) => injectAs(app, who, 'GET', url);

  beforeAll(async () => {
    db = await open();
    ({ app, dataDir } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob');
    sam = await signUpUser(app, db, 'sam@example.com', 'Sam', 'pro-user');
    pia = await signUpUser(app, db, 'pia@example.com', 'Pia', 'premium-user');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('creates a draft from multipart fields with a cover, and only the owner reads it', async () => {
    const cover = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#3dabff' } }).png().toBuffer();
    const form = multipart({ title: 'Gallery', description: 'Paintings', tags: 'art, paint', spaceTemplateId: 'gallery-small' }, {
      name: 'coverPhoto',
      type: 'image/png',
      data: cover,
    });
    const res = await app.inject({ method: 'POST', url: '/api/scene/metadata', headers: { ...bearer(ada.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const meta = res.json();
    expect(meta).toMatchObject({ title: 'Gallery', description: 'Paintings', tags: ['art', 'paint'], spaceTemplateId: 'gallery-small', state: 'Draft', ownerId: ada.id, creatorId: ada.id, contentVersion: 1 });
    expect(meta.coverPhotoUri).toMatch(new RegExp(`^/api/scene/metadata/${meta.sceneId}/cover\\?v=`));

    const coverRes = await get(ada, meta.coverPhotoUri);
    expect(coverRes.statusCode).toBe(200);
    expect(coverRes.headers['content-type']).toBe('image/jpeg');
    expect((await get(bob, meta.coverPhotoUri)).statusCode).toBe(404);

    expect((await get(ada, `/api/scene/metadata/${meta.sceneId}`)).json().title).toBe('Gallery');
    for (const url of [`/api/scene/metadata/${meta.sceneId}`, `/api/scene/content/${meta.sceneId}`]) {
      // Someone else's draft is not found, exactly like a missing one.
      const other = await get(bob, url);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toEqual({ code: 'NOT_FOUND', message: msg.scene.notFound });
      expect((await get(null, url)).statusCode).toBe(401);
    }
    expect((await get(ada, '/api/scene/metadata/01890000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${meta.sceneId}`, headers: bearer(ada.token), payload: { title: 'Renamed' } });
  });

  it('names an empty title "Untitled space" with the date and refuses titles over 100 characters', async () => {
    const res = await create(sam, { title: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toMatch(/^Untitled space \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const long = await create(sam, { title: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(`title: ${msg.maxChars(100)}`);
  });

  it('enforces the drafts limit per plan: Free 2, Standard 5, Pro unlimited', async () => {
    // ada holds one draft from the first test.
    expect((await get(ada, '/api/scene/metadata/draftsLimit')).json()).toEqual({ limit: 2, used: 1 });
    expect((await create(ada)).statusCode).toBe(201);
    const limit = await get(ada, '/api/scene/metadata/draftsLimit');
    expect(limit.statusCode).toBe(403);
    expect(limit.json().error).toEqual({ code: 'DRAFTS_LIMIT_REACHED', message: msg.scene.draftsLimitReached(2), details: { limit: 2 } });
    const third = await create(ada);
    expect(third.statusCode).toBe(403);
    expect(third.json().error.message).toBe(msg.scene.draftsLimitReached(2));

    // sam already has one (untitled test); Standard allows five.
    for (let i = 0; i < 4; i++) expect((await create(sam)).statusCode).toBe(201);
    expect((await create(sam)).json().error.code).toBe('DRAFTS_LIMIT_REACHED');

    for (let i = 0; i < 7; i++) expect((await create(pia)).statusCode).toBe(201);
    expect((await get(pia, '/api/scene/metadata/draftsLimit')).json()).toEqual({ limit: null, used: 7 });
  });

  it('lists my spaces newest first with paging and a total', async () => {
    const page = await get(pia, '/api/scene/metadata/my?cp=0&ipp=3');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('7');
    expect(page.json()).toHaveLength(3);
    const last = await get(pia, '/api/scene/metadata/my?cp=2&ipp=3');
    expect(last.json()).toHaveLength(1);
    const all = (await get(ada, '/api/scene/metadata/my?state=Draft')).json() as { ownerId: string; title: string; updatedAt: string }[];
    expect(all.map((s) => s.ownerId)).toEqual([ada.id, ada.id]);
    expect(all.map((s) => s.title)).toContain('Renamed');
    expect(all[0]!.updatedAt >= all[1]!.updatedAt).toBe(true);
  });

  it('saves content with a version, serves it with an ETag and refuses a stale version with 409', async () => {
    const id = (await create(pia)).json().sceneId as string;
    const doc = { ...emptySceneDocument(), props: [{ id: 'chair-1', propId: 'chair', position: [1, 0, 2] }] };
    const saved = await put(pia, id, { baseVersion: 1, document: doc });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contentVersion: 2, etag: `"${id}-d2"`, items: 1 });

    const read = await get(pia, `/api/scene/content/${id}`);
    expect(read.headers.etag).toBe(`"${id}-d2"`);
    expect(read.headers['x-content-version']).toBe('2');
    expect(read.json().props[0]).toMatchObject({ id: 'chair-1', position: [1, 0, 2], collisions: 'Precise' });
    const cached = await app.inject({ url: `/api/scene/content/${id}`, headers: { ...bearer(pia.token), 'if-none-match': `"${id}-d2"` } });
    expect(cached.statusCode).toBe(304);

    // A second tab still based on version 1.
    const stale = await put(pia, id, { baseVersion: 1, document: emptySceneDocument() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'SCENE_VERSION_CONFLICT', message: msg.scene.versionConflict, details: { currentVersion: 2 } });
    expect((await get(pia, `/api/scene/content/${id}`)).json().props).toHaveLength(1);
    // Overwrite: the tab re-sends based on the version the conflict reported.
    expect((await put(pia, id, { baseVersion: 2, document: emptySceneDocument() })).json().contentVersion).toBe(3);

    const other = await put(bob, id, { baseVersion: 3, document: emptySceneDocument() });
    expect(other.statusCode).toBe(404);
    expect((await get(pia, `/api/scene/content/${id}`)).headers['x-content-version']).toBe('3');
  });

  it('answers an invalid document with 400 naming the failing path', async () => {
    const id = (await create(pia)).json().sceneId as string;
    const res = await put(pia, id, { baseVersion: 1, document: { ...emptySceneDocument(), pictures: [{ id: 'p', position: [0, 'up', 0], imageUri: '/a.png' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toContain('pictures.0.position.1');
    const noBase = await put(pia, id, { document: emptySceneDocument() });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().error.message).toContain('baseVersion');
  });

  it('refuses documents over 20,000 items or 10 MB with 413 stating the cap', async () => {
    const id = (await create(pia)).json().sceneId as string;
    const many = Array.from({ length: SCENE_DOCUMENT_LIMITS.maxItems + 1 }, (_, i) => ({ id: `p${i}`, propId: 'chair', position: [i, 0, 0] }));
    const res = await put(pia, id, { baseVersion: 1, document: { ...emptySceneDocument(), props: many } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: sceneTooLargeMessage() });
    expect(sceneTooLargeMessage()).toContain('10 MB');
    expect(sceneTooLargeMessage()).toContain('20,000 items');

    const huge = { ...emptySceneDocument(), pictures: [{ id: 'p', position: [0, 0, 0], imageUri: 'x', description: 'y'.repeat(SCENE_DOCUMENT_LIMITS.maxJsonBytes) }] };
    const big = await put(pia, id, { baseVersion: 1, document: huge });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(sceneTooLargeMessage());
    // Beyond what the body parser accepts at all: the same stated cap, not a generic parser message.
    const past = await put(pia, id, { baseVersion: 1, document: { ...huge, pictures: [{ ...huge.pictures[0]!, description: 'y'.repeat(SCENE_DOCUMENT_LIMITS.maxJsonBytes + 512 * 1024) }] } });
    expect(past.statusCode).toBe(413);
    expect(past.json().error.message).toBe(sceneTooLargeMessage());
    expect((await get(pia, `/api/scene/content/${id}`)).headers['x-content-version']).toBe('1');
  }, 30_000);

  it('patches metadata of own scenes only', async () => {
    const id = (await create(pia, { title: 'Before' })).json().sceneId as string;
    const form = multipart({ title: 'After', tags: '["a","b"]' });
    const res = await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${id}`, headers: { ...bearer(pia.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'After', tags: ['a', 'b'], description: '' });
    const other = await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${id}`, headers: bearer(bob.token), payload: { title: 'Mine now' } });
    expect(other.statusCode).toBe(404);
    expect((await get(pia, `/api/scene/metadata/${id}`)).json().title).toBe('After');
  });

  it('service: concurrent creates cannot pass the drafts limit, concurrent saves cannot both land', async () => {
    const service = new OwnerScenesService({ repo: new ScenesRepo(db.db), storage: new LocalStorage(`${dataDir}/files`) });
    const actor: Actor = { userId: bob.id, subject: bob.id, name: 'Bob', email: null, role: 'free-user', via: 'bearer' };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => service.create(actor, { title: 'Race' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await service.draftsLimit({ ...actor, role: 'pro-user' })).used).toBe(2);

    const id = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ sceneId: string }>).value.sceneId;
    const saves = await Promise.allSettled([1, 2, 3].map(() => service.putContent(actor, id, { baseVersion: 1, document: emptySceneDocument() })));
    expect(saves.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await service.content(actor, id)).version).toBe(2);
  });
});
