import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySceneDocument } from '@atrium/shared';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { makeTestApp } from './support/app.ts';
import { multipart, picture } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { migrateToBefore } from './support/migrations.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';

// Issue 13 (Trust), access control: files of private spaces, existence leaks, the library default.

const TAGS = ['gallery', 'painting', 'museum'];
const withPicture = (uri: string) => ({ ...emptySceneDocument(), pictures: [{ id: 'p1', position: [0, 1.6, 0], imageUri: uri }] });

describe.each(databases)('trust: access control on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let bob: User; // Pro: may publish private spaces, in more than one slot
  let ada: User; // on bob's privacy list
  let eve: User; // nobody's friend

  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const uploadPicture = async (who: User) => {
    const form = multipart({}, [{ name: 'p.png', data: await picture(32, 24, 'png') }]);
    const res = await app.inject({ method: 'POST', url: '/api/picture', headers: { ...bearer(who.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; imageUrl: string; thumbnailUrl: string };
  };
  const draftWith = async (who: User, document: object) => {
    const res = await call(who, 'POST', '/api/scene/metadata', { title: 'Space', tags: TAGS });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().sceneId as string;
    const put = await call(who, 'PUT', `/api/scene/content/${id}`, { baseVersion: 1, document });
    expect(put.statusCode, put.body).toBe(200);
    return id;
  };
  const freeSlot = async (who: User) => (await call(who, 'GET', '/api/slot/available')).json()[0].slotId as string;
  const publish = async (who: User, id: string, extra: object = {}) => {
    const res = await call(who, 'POST', `/api/sceneactions/${id}/publish`, { slotId: await freeSlot(who), ...extra });
    expect(res.statusCode, res.body).toBe(200);
  };
  const status = async (who: User | null, url: string) => (await call(who, 'GET', url)).statusCode;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    await seed(db.db);
    bob = await signUpUser(app, db, 'bob.trust@example.org', 'Bob', 'premium-user');
    ada = await signUpUser(app, db, 'ada.trust@example.org', 'Ada');
    eve = await signUpUser(app, db, 'eve.trust@example.org', 'Eve', 'premium-user');
    // Libraries explicitly hidden, so only the space rule below can grant these reads.
    for (const who of [bob, eve]) await call(who, 'PATCH', '/api/settings/my', { showContentLibrary: false });
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves files of a private space only to those who may read the space', async () => {
    const pic = await uploadPicture(bob);
    const id = await draftWith(bob, withPicture(pic.imageUrl));
    await publish(bob, id, { publishedPublic: false, privacyACLEnabled: true, userPrivacyACL: [ada.id] });
    for (const url of [pic.imageUrl, pic.thumbnailUrl, `/api/picture/${pic.id}`]) {
      expect(await status(null, url), url).toBe(403);
      expect(await status(eve, url), url).toBe(403);
      expect(await status(ada, url), url).toBe(200);
      expect(await status(bob, url), url).toBe(200);
    }
    // Made public, the same files are everyone's; unpublished, nobody's but the owner's.
    await publish(bob, id, { publishedPublic: true });
    expect(await status(null, pic.imageUrl)).toBe(200);
    expect((await call(bob, 'POST', `/api/sceneactions/${id}/unpublish`)).statusCode).toBe(200);
    expect(await status(null, pic.imageUrl)).toBe(403);
    expect(await status(ada, pic.imageUrl)).toBe(403);
  });

  it('never publishes someone else’s asset whose id is pasted into another space', async () => {
    const secret = await uploadPicture(bob);
    await draftWith(bob, withPicture(secret.imageUrl));
    const theft = await draftWith(eve, withPicture(secret.imageUrl));
    await publish(eve, theft);
    expect(await status(null, secret.imageUrl)).toBe(403);
    expect(await status(eve, secret.imageUrl)).toBe(403);
    expect(await status(eve, `/api/picture/${secret.id}`)).toBe(403);
    expect(await status(bob, secret.imageUrl)).toBe(200);
  });

  it('gives a new user a private library and says so in their settings', async () => {
    const kim = await signUpUser(app, db, 'kim.trust@example.org', 'Kim');
    expect((await call(kim, 'GET', '/api/settings/my')).json().showContentLibrary).toBe(false);
    const pic = await uploadPicture(kim);
    expect(await status(null, pic.imageUrl)).toBe(403);
    expect(await status(ada, `/api/picture?userId=${kim.id}`)).toBe(403);
    await call(kim, 'PATCH', '/api/settings/my', { showContentLibrary: true });
    expect(await status(null, pic.imageUrl)).toBe(200);
  });

  it('answers 404 for another user’s draft and slot, 403 only where the space is visible to them', async () => {
    const draft = await draftWith(bob, emptySceneDocument());
    const bobSlot = await freeSlot(bob);
    const urls: [Method, string, object?][] = [
      ['GET', `/api/scene/metadata/${draft}`],
      ['GET', `/api/scene/content/${draft}`],
      ['PUT', `/api/scene/content/${draft}`, { baseVersion: 1, document: emptySceneDocument() }],
      ['POST', `/api/sceneactions/${draft}/publish`, { slotId: await freeSlot(eve) }],
      ['POST', `/api/sceneactions/${draft}/duplicate`],
      ['POST', `/api/sceneactions/${draft}/delete`],
      ['PATCH', `/api/scene/metadata/${draft}/visibility`, { visible: false }],
      ['GET', `/api/sceneaccess/${draft}`],
      ['GET', `/api/slot/${bobSlot}`],
    ];
    for (const [method, url, body] of urls) {
      const res = await call(eve, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Publishing one's own draft into someone else's slot: that slot is not found either.
    const mine = await draftWith(eve, emptySceneDocument());
    expect((await call(eve, 'POST', `/api/sceneactions/${mine}/publish`, { slotId: bobSlot })).statusCode).toBe(404);
    // A public space is no secret: touching it without owning it stays a 403.
    await publish(bob, draft);
    expect((await call(eve, 'POST', `/api/sceneactions/${draft}/delete`)).statusCode).toBe(403);
  });

  it('shows a space’s communication list to its owner only', async () => {
    const id = await draftWith(bob, emptySceneDocument());
    await publish(bob, id, { communicationACLEnabled: true, userCommunicationACL: [ada.id] });
    const anon = await call(null, 'GET', `/api/sceneaccess/${id}/communication`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toMatchObject({ enabled: true, users: [], groups: [], allowed: false });
    expect((await call(eve, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ users: [], allowed: false });
    expect((await call(ada, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ users: [], allowed: true });
    expect((await call(bob, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ users: [ada.id], allowed: true });
  });
});

describe.each(databases)('trust: asset uses of spaces published before migration 0011 on %s', (_name, open) => {
  it('are backfilled, owner-checked, so those spaces keep serving their files', async () => {
    const db = await open();
    try {
      // Back to the schema as it was before 0011, with a published space using its owner's asset
      // and an asset of someone else pasted in.
      await migrateToBefore(db, 11);

      const [owner, other, asset, foreign, scene] = [
        '01900000-0000-7000-8000-000000000001',
        '01900000-0000-7000-8000-000000000002',
        '01900000-0000-7000-8000-0000000000a1',
        '01900000-0000-7000-8000-0000000000a2',
        '01900000-0000-7000-8000-0000000000c1',
      ];
      await db.exec(`insert into users (id, subject, login_provider, name) values ('${owner}', 'o', 'test', 'O'), ('${other}', 'x', 'test', 'X')`);
      await db.exec(`insert into assets (id, owner_id, kind) values ('${asset}', '${owner}', 'picture'), ('${foreign}', '${other}', 'picture')`);
      const doc = JSON.stringify({ pictures: [{ imageUri: `/api/file/${asset}/webp` }, { imageUri: `/api/file/${foreign.toUpperCase()}` }] });
      await db.exec(
        `insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
         values ('${scene}', '${owner}', '${owner}', 'Old', 'Published', true, true, '${doc}', '${doc}', now())`,
      );

      expect(await migrate(db)).toContain('0011_scene_assets');
      const rows = await db.queryRows<{ scene_id: string; asset_id: string }>('select scene_id, asset_id from scene_assets');
      expect(rows).toEqual([{ scene_id: scene, asset_id: asset }]);
    } finally {
      await db.close();
    }
  });
});
