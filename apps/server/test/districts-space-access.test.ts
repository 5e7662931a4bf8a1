import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { sql } from 'drizzle-orm';
import type { DistrictView, SceneCard } from '@atrium/shared';
import { SceneAccess } from '../src/modules/sceneAccess/access.ts';
import type { Actor } from '../src/plugins/actor.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { joinSpace, listen, spaceClient } from './support/realtime.ts';
import { districtCast, districtSpace, placeInDistrict } from './support/districtCast.ts';
import { injectAs, type Method, type TestUser as User } from './support/users.ts';

// Issue 16 part A: a space's district fields (spec §3 districtId, districtSubdomain,
// publishedPublicDistricts, publishedPrivateDistricts) on every read, and a private district's spaces
// out of reach of non-members by id, search, Explore cards, files and live rooms (IDOR).

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(databases)('district spaces on every read on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: User;
  let creator: User;
  let guest: User;
  let outsider: User;
  let rival: User; // Creator of another person's district
  let pub: DistrictView;
  let priv: DistrictView;
  const rooms: Room[] = [];

  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const ok = async (who: User | null, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };
  const space = (by: User, title: string, o: { districtId?: string; publicAudience?: boolean } = {}) => districtSpace(db, by, title, o);
  const inPrivate = (sceneId: string) => placeInDistrict(db, sceneId, priv.districtId);
  const actor = (u: User): Actor => ({ userId: u.id, subject: u.id, name: u.name, email: null, role: 'free-user', via: 'bearer' });
  const search = async (who: User | null, q: string, extra = '') =>
    ((await ok(who, 'GET', `/api/publishedscene/metadata/search?q=${encodeURIComponent(q)}${extra}`)) as { items?: SceneCard[] } | SceneCard[]);
  const titles = (x: { items?: SceneCard[] } | SceneCard[]) => (Array.isArray(x) ? x : (x.items ?? [])).map((s) => s.title);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    ({ owner, creator, guest, outsider, rival, pub, priv } = await districtCast(app, db));
  }, 120_000);
  afterAll(async () => {
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('a private district\'s space: members read it by id with its district fields; outsiders, another district\'s Creator and anonymous are refused', async () => {
    const id = await space(creator, 'Strongroom');
    await inPrivate(id);
    for (const who of [guest, creator, owner]) {
      expect(await ok(who, 'GET', `/api/publishedscene/metadata/${id}`)).toMatchObject({
        districtId: priv.districtId,
        districtSubdomain: 'vault',
        publishedPublicDistricts: [],
        publishedPrivateDistricts: [priv.districtId],
      });
      expect((await call(who, 'GET', `/api/publishedscene/content/${id}`)).statusCode).toBe(200);
    }
    for (const who of [null, outsider, rival]) {
      for (const url of [`/api/publishedscene/metadata/${id}`, `/api/publishedscene/content/${id}`]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('SPACE_ACCESS_DENIED');
      }
    }
  });

  it('search, Explore lists and cards by id leave a private district\'s spaces to its members', async () => {
    const id = await space(creator, 'Quokka vault');
    await space(creator, 'Quokka harbour', { districtId: pub.districtId });
    await inPrivate(id);
    for (const who of [null, outsider, rival]) {
      expect(titles(await search(who, 'Quokka'))).toEqual(['Quokka harbour']);
      expect(titles(await search(who, '', '&filter=Recommended'))).not.toContain('Quokka vault');
      expect(titles(await search(who, '', `&userId=${creator.id}`))).not.toContain('Quokka vault');
      expect(await ok(who, 'GET', `/api/publishedscene/metadata/many/${id}`)).toEqual([]);
    }
    for (const who of [guest, owner]) {
      expect(titles(await search(who, 'Quokka')).sort()).toEqual(['Quokka harbour', 'Quokka vault']);
      expect(titles(await search(who, 'Quokka', '&filter=Public')).sort()).toEqual(['Quokka harbour', 'Quokka vault']);
      // Signed-in Recommended reads the district's spaces as its own part of the readable set.
      expect(titles(await search(who, 'Quokka', '&filter=Recommended')).sort()).toEqual(['Quokka harbour', 'Quokka vault']);
      expect(titles(await search(who, '', '&filter=Recommended'))).toContain('Quokka vault');
      const [card] = (await ok(who, 'GET', `/api/publishedscene/metadata/many/${id}`)) as SceneCard[];
      expect(card).toMatchObject({ districtId: priv.districtId, districtSubdomain: 'vault', publishedPrivateDistricts: [priv.districtId] });
    }
    // The district's own page: outsiders cannot enter it at all.
    expect((await call(outsider, 'GET', `/api/district/${priv.districtId}/spaces/published`)).statusCode).toBe(403);
  });

  it('files: an asset is readable through a private district\'s space by its members only', async () => {
    const id = await space(creator, 'Archive');
    await inPrivate(id);
    const [a] = rows<{ id: string }>(await db.db.execute(sql`insert into assets (id, owner_id, kind, title) values (gen_random_uuid(), ${creator.id}, 'picture', 'Ledger') returning id`));
    await db.db.execute(sql`insert into scene_assets (scene_id, asset_id) values (${id}, ${a!.id})`);
    const access = new SceneAccess(db.db);
    expect(await access.readsAssetViaSpace(actor(guest), a!.id)).toBe(true);
    expect(await access.readsAssetViaSpace(actor(outsider), a!.id)).toBe(false);
    expect(await access.readsAssetViaSpace(actor(rival), a!.id)).toBe(false);
    expect(await access.readsAssetViaSpace(null, a!.id)).toBe(false);
    const file = await call(outsider, 'GET', `/api/file/${a!.id}`);
    expect([403, 404]).toContain(file.statusCode);
  });

  it('live rooms: members join a private district\'s space, others are turned away', async () => {
    const id = await space(creator, 'Meeting room');
    await inPrivate(id);
    rooms.push(await joinSpace(spaceClient(base, guest.token), id));
    await expect(joinSpace(spaceClient(base, outsider.token), id)).rejects.toMatchObject({ code: 403 });
    await expect(joinSpace(spaceClient(base, rival.token), id)).rejects.toMatchObject({ code: 403 });
    // Anonymous visitors are asked to sign in first (a signed-out visitor of a refused space).
    await expect(joinSpace(spaceClient(base), id)).rejects.toMatchObject({ code: 401 });
  });

  it('a district moved to a new subdomain: its spaces name the new one on every read at once', async () => {
    const id = await space(creator, 'Moving vault');
    await inPrivate(id);
    const meta = `/api/publishedscene/metadata/${id}`;
    expect(await ok(creator, 'GET', meta)).toMatchObject({ districtId: priv.districtId, districtSubdomain: 'vault' });
    await ok(owner, 'PATCH', `/api/district/${priv.districtId}`, { subdomain: 'strongbox' });
    try {
      expect(await ok(creator, 'GET', meta)).toMatchObject({ districtId: priv.districtId, districtSubdomain: 'strongbox' });
      const slots = (await ok(owner, 'GET', `/api/district/${priv.districtId}/slots`)) as { sceneId: string | null; districtSubdomain: string }[];
      expect(slots.find((s) => s.sceneId === id)).toMatchObject({ districtSubdomain: 'strongbox' });
      // Still private: moving does not open it.
      expect((await call(outsider, 'GET', meta)).statusCode).toBe(403);
    } finally {
      await ok(owner, 'PATCH', `/api/district/${priv.districtId}`, { subdomain: 'vault' });
    }
    expect(await ok(creator, 'GET', meta)).toMatchObject({ districtSubdomain: 'vault' });
  });

  it('visibility changes, membership changes and leaving the slot apply at once', async () => {
    const id = await space(creator, 'Tidal pool');
    await inPrivate(id);
    const meta = `/api/publishedscene/metadata/${id}`;
    expect((await call(outsider, 'GET', meta)).statusCode).toBe(403);
    // Private → public opens the space to all and moves it to the public list.
    await ok(owner, 'PATCH', `/api/district/${priv.districtId}`, { public: true });
    expect(await ok(null, 'GET', meta)).toMatchObject({ districtId: priv.districtId, publishedPublicDistricts: [priv.districtId], publishedPrivateDistricts: [] });
    expect(titles(await search(null, 'Tidal'))).toEqual(['Tidal pool']);
    expect(titles(await search(null, '', '&filter=Recommended'))).toContain('Tidal pool');
    // Public → private closes it again, in search, Recommended (scene_rank) and by id.
    await ok(owner, 'PATCH', `/api/district/${priv.districtId}`, { public: false });
    expect((await call(null, 'GET', meta)).statusCode).toBe(403);
    expect(titles(await search(null, 'Tidal'))).toEqual([]);
    expect(titles(await search(null, '', '&filter=Recommended'))).not.toContain('Tidal pool');
    // A Guest removed from the district loses the space with it.
    expect((await call(guest, 'GET', meta)).statusCode).toBe(200);
    await ok(owner, 'DELETE', `/api/district/${priv.districtId}/member/${guest.id}`);
    expect((await call(guest, 'GET', meta)).statusCode).toBe(403);
    await db.db.execute(sql`insert into district_members (district_id, user_id, role) values (${priv.districtId}, ${guest.id}, 'Guest')`);
    // Out of the district's slot, the space is its owner's public space again, without district fields.
    await db.db.execute(sql`update slots set scene_id = null where scene_id = ${id}`);
    expect(await ok(outsider, 'GET', meta)).toMatchObject({ districtId: null, districtSubdomain: null, publishedPublicDistricts: [], publishedPrivateDistricts: [] });
  });

  it('members read a space placed in their public district even when it is not public; hosting a private district\'s space elsewhere exposes nothing', async () => {
    const membersOnly = await space(creator, 'Crew cabin', { districtId: pub.districtId, publicAudience: false });
    expect((await call(guest, 'GET', `/api/publishedscene/metadata/${membersOnly}`)).statusCode).toBe(200);
    for (const who of [null, outsider, rival]) expect((await call(who, 'GET', `/api/publishedscene/metadata/${membersOnly}`)).statusCode).toBe(403);
    const published = async (who: User | null) => ((await ok(who, 'GET', `/api/district/${pub.districtId}/spaces/published`)) as SceneCard[]).map((s) => s.title);
    expect(await published(guest)).toContain('Crew cabin');
    expect(await published(outsider)).not.toContain('Crew cabin');

    const secret = await space(creator, 'Sealed hall');
    await inPrivate(secret);
    const req = await ok(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, { sceneId: secret });
    await ok(owner, 'POST', `/api/district/${pub.districtId}/requests/hosting/${req.requestId}/accept`);
    expect((await ok(guest, 'GET', `/api/publishedscene/metadata/${secret}`))).toMatchObject({
      districtId: priv.districtId,
      publishedPublicDistricts: [pub.districtId],
      publishedPrivateDistricts: [priv.districtId],
    });
    expect(await published(guest)).toContain('Sealed hall');
    expect(await published(outsider)).not.toContain('Sealed hall');
    expect(await published(null)).not.toContain('Sealed hall');
    expect((await call(outsider, 'GET', `/api/publishedscene/metadata/${secret}`)).statusCode).toBe(403);
  });
});
