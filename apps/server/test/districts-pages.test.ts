import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { listTemplates } from '@atrium/assets';
import { msg, type DistrictView } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { multipart, picture } from './support/assetFixtures.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';

const TEMPLATE = listTemplates()[0]!.spaceTemplateId;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(databases)('district pages and follows on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let owner: User;
  let creator: User;
  let guest: User;
  let outsider: User;
  let fan: User;
  let pub: DistrictView;
  let priv: DistrictView;

  const call = (who: User | null, method: Method, url: string, payload?: object, headers?: Record<string, string>) =>
    injectAs(app, who, method, url, payload, headers);
  const ok = async (who: User | null, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };
  /** A space by `by`, published (visible and public unless said) into a slot of `districtId` when given. */
  const space = async (by: User, title: string, o: { districtId?: string; draft?: boolean; publicAudience?: boolean } = {}) => {
    const r = await db.db.execute(sql`
      insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
      values (gen_random_uuid(), ${by.id}, ${by.id}, ${title}, ${o.draft ? 'Draft' : 'Published'}, true, ${o.publicAudience ?? true}, '{}'::jsonb, '{}'::jsonb, ${o.draft ? null : new Date()})
      returning id`);
    const id = rows<{ id: string }>(r)[0]!.id;
    if (o.districtId)
      await db.db.execute(sql`insert into slots (id, owner_id, kind, scene_id, district_id) values (gen_random_uuid(), ${owner.id}, 'district', ${id}, ${o.districtId})`);
    return id;
  };
  const asset = async (by: User, sceneId: string, kind: string, title: string) => {
    const r = await db.db.execute(sql`insert into assets (id, owner_id, kind, title) values (gen_random_uuid(), ${by.id}, ${kind}, ${title}) returning id`);
    const id = rows<{ id: string }>(r)[0]!.id;
    await db.db.execute(sql`insert into scene_assets (scene_id, asset_id) values (${sceneId}, ${id})`);
    return id;
  };
  const join = (d: DistrictView, u: User, role: 'Creator' | 'Guest') =>
    db.db.execute(sql`insert into district_members (district_id, user_id, role) values (${d.districtId}, ${u.id}, ${role})`);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { TEST_CLOCK: 'true' }));
    owner = await signUpUser(app, db, 'owner@example.com', 'Olga Owner', 'premium-user');
    creator = await signUpUser(app, db, 'creator@example.com', 'Cleo Creator');
    guest = await signUpUser(app, db, 'guest@example.com', 'Gus Guest');
    outsider = await signUpUser(app, db, 'outsider@example.com', 'Oscar Outsider');
    fan = await signUpUser(app, db, 'fan@example.com', 'Fay Fan');
    pub = await ok(owner, 'POST', '/api/districts', { title: 'Harbour', subdomain: 'harbour', public: true, freeSpaceTemplateId: TEMPLATE });
    priv = await ok(owner, 'POST', '/api/districts', { title: 'Vault', subdomain: 'vault', public: false, freeSpaceTemplateId: TEMPLATE });
    for (const d of [pub, priv]) {
      await join(d, creator, 'Creator');
      await join(d, guest, 'Guest');
    }
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('Spaces > Published lists only the spaces placed in the district, newest first and paged, that the reader may see', async () => {
    const a = await space(creator, 'Pier', { districtId: pub.districtId });
    const b = await space(owner, 'Lighthouse', { districtId: pub.districtId });
    const members = await space(creator, 'Members room', { districtId: pub.districtId, publicAudience: false });
    await space(creator, 'Elsewhere'); // published, but in no district
    await space(creator, 'Vault room', { districtId: priv.districtId });
    const url = `/api/district/${pub.districtId}/spaces/published`;
    const titles = (list: { title: string }[]) => list.map((s) => s.title);
    // Members see every published, visible space placed here; others only what they could read anyway.
    expect(titles(await ok(guest, 'GET', url))).toEqual(['Members room', 'Lighthouse', 'Pier']);
    expect(titles(await ok(null, 'GET', url))).toEqual(['Lighthouse', 'Pier']);
    expect(titles(await ok(outsider, 'GET', url))).toEqual(['Lighthouse', 'Pier']);
    expect(titles(await ok(guest, 'GET', `${url}?cp=1&ipp=2`))).toEqual(['Pier']);
    // Unpublishing takes a space off the page at once.
    await db.db.execute(sql`update scenes set state = 'Draft' where id = ${b}`);
    expect(titles(await ok(guest, 'GET', url))).toEqual(['Members room', 'Pier']);
    await db.db.execute(sql`update scenes set visible = false where id = ${members}`);
    expect((await ok(guest, 'GET', url)).map((s: { sceneId: string }) => s.sceneId)).toEqual([a]);
  });

  it('a private district answers "Hold Up, Explorer" to outsiders on every category, and 404 for an unknown id', async () => {
    const base = `/api/district/${priv.districtId}`;
    for (const url of [`${base}/spaces/published`, `${base}/library/images`, `/api/group/district/${priv.districtId}`, `${base}/image/photo`]) {
      for (const who of [null, outsider]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('DISTRICT_ACCESS_DENIED');
      }
    }
    expect((await ok(guest, 'GET', `${base}/spaces/published`)).map((s: { title: string }) => s.title)).toEqual(['Vault room']);
    expect((await call(guest, 'GET', `/api/district/${crypto.randomUUID()}/spaces/published`)).statusCode).toBe(404);
    expect((await call(guest, 'GET', `${base}/library/webviews`)).statusCode).toBe(400);
  });

  it('Spaces > Drafts: the Owner and Creators see their own drafts; Guests, outsiders and anonymous may not', async () => {
    await space(creator, 'Cleo draft', { draft: true });
    await space(owner, 'Olga draft', { draft: true });
    const url = `/api/district/${pub.districtId}/spaces/drafts`;
    expect((await ok(creator, 'GET', url)).map((s: { title: string }) => s.title)).toEqual(['Cleo draft']);
    // Lighthouse went back to draft when it was unpublished above.
    expect((await ok(owner, 'GET', url)).map((s: { title: string }) => s.title)).toEqual(['Olga draft', 'Lighthouse']);
    const g = await call(guest, 'GET', url);
    expect([g.statusCode, g.json().error.message]).toEqual([403, msg.districts.creatorsOnly]);
    expect((await call(outsider, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });

  it('Library lists each file of one kind that the district\'s visible spaces use, once', async () => {
    const s1 = await space(creator, 'Gallery', { districtId: pub.districtId });
    const s2 = await space(creator, 'Gallery 2', { districtId: pub.districtId });
    const hidden = await space(creator, 'Secret', { districtId: pub.districtId, publicAudience: false });
    const outside = await space(creator, 'Outside');
    const shared = await asset(creator, s1, 'picture', 'Sunset');
    await db.db.execute(sql`insert into scene_assets (scene_id, asset_id) values (${s2}, ${shared})`);
    await asset(creator, s1, 'video', 'Waves');
    await asset(creator, hidden, 'picture', 'Members photo');
    await asset(creator, outside, 'picture', 'Not here');
    const images = `/api/district/${pub.districtId}/library/images`;
    const got = await ok(null, 'GET', images);
    expect(got.map((i: { title: string }) => i.title)).toEqual(['Sunset']);
    expect(got[0].thumbnailUrl).toBe(`/api/thumbnail/${shared}`);
    expect((await ok(guest, 'GET', images)).map((i: { title: string }) => i.title)).toEqual(['Members photo', 'Sunset']);
    expect((await ok(null, 'GET', `/api/district/${pub.districtId}/library/videos`)).map((i: { title: string }) => i.title)).toEqual(['Waves']);
    expect(await ok(null, 'GET', `/api/district/${pub.districtId}/library/3d-models`)).toEqual([]);
  });

  it('Groups: the Owner creates district groups, everyone who may enter sees them; others may not create', async () => {
    const url = `/api/group/district/${pub.districtId}`;
    expect(await ok(null, 'GET', url)).toEqual([]);
    const g = await ok(owner, 'POST', url, { title: 'Sailors', description: 'Crew' });
    expect(g).toMatchObject({ title: 'Sailors', districtId: pub.districtId, ownerId: owner.id, memberCount: 0 });
    expect((await ok(guest, 'GET', url)).map((x: { title: string }) => x.title)).toEqual(['Sailors']);
    expect((await call(owner, 'POST', url, { title: 'sailors' })).statusCode).toBe(409);
    expect((await call(creator, 'POST', url, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call(outsider, 'POST', `/api/group/district/${priv.districtId}`, { title: 'Mine' })).json().error.code).toBe('DISTRICT_ACCESS_DENIED');
    expect((await call(null, 'POST', url, { title: 'Mine' })).statusCode).toBe(401);
    expect(await ok(owner, 'GET', `/api/group/district/${priv.districtId}`)).toEqual([]);
  });

  it('logo and cover: the Owner uploads (re-encoded JPEG, versioned URL), replaces and removes; nobody else may', async () => {
    const url = `/api/district/${pub.districtId}/image/photo`;
    const png = multipart({}, [{ name: 'logo.png', data: await picture(300, 200, 'png'), type: 'image/png' }]);
    for (const who of [creator, guest, outsider]) expect((await app.inject({ method: 'PUT', url, payload: png.payload, headers: { ...png.headers, authorization: `Bearer ${who.token}` } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, payload: png.payload, headers: png.headers })).statusCode).toBe(401);
    const put = (kind: string, body: { payload: Buffer; headers: Record<string, string> }) =>
      app.inject({ method: 'PUT', url: `/api/district/${pub.districtId}/image/${kind}`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${owner.token}` } });
    expect((await put('photo', png)).statusCode).toBe(204);
    const first = (await ok(null, 'GET', `/api/district/${pub.districtId}`)) as DistrictView;
    expect(first.photo).toMatch(new RegExp(`^/api/district/${pub.districtId}/image/photo\\?v=logo-[0-9a-f]+$`));
    expect(first.coverPhoto).toBeNull();
    const file = await call(null, 'GET', first.photo!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Explore's card carries the logo too.
    const listed = (await ok(null, 'GET', '/api/district/search?title=harbour')) as DistrictView[];
    expect(listed[0]!.photo).toBe(first.photo);
    // Not a picture: refused by the same pipeline as profile pictures.
    const bad = multipart({}, [{ name: 'x.png', data: Buffer.from('not an image at all'), type: 'image/png' }]);
    expect((await put('coverPhoto', bad)).statusCode).toBe(415);
    expect((await put('coverPhoto', multipart({}, [{ name: 'c.jpg', data: await picture(1200, 400) }]))).statusCode).toBe(204);
    expect((await put('photo', multipart({}, [{ name: 'l2.jpg', data: await picture(64, 64) }]))).statusCode).toBe(204);
    const second = (await ok(null, 'GET', `/api/district/${pub.districtId}`)) as DistrictView;
    expect(second.photo).not.toBe(first.photo);
    expect(second.coverPhoto).toMatch(/image\/coverPhoto\?v=/);
    expect((await ok(owner, 'DELETE', url)) as null).toBeNull();
    expect(((await ok(null, 'GET', `/api/district/${pub.districtId}`)) as DistrictView).photo).toBeNull();
    expect((await call(null, 'GET', url)).statusCode).toBe(404);
  });

  it('follows: idempotent, counted, notify the owner once; private districts only for members; lists show what the reader may enter', async () => {
    const base = `/api/districtfollow/district/${pub.districtId}`;
    expect(await ok(null, 'GET', `${base}/doesfollow`)).toEqual({ districtId: pub.districtId, following: false, followers: 0 });
    expect((await call(null, 'POST', base)).statusCode).toBe(401);
    expect(await ok(fan, 'POST', base)).toEqual({ districtId: pub.districtId, following: true, followers: 1 });
    expect(await ok(fan, 'POST', base)).toEqual({ districtId: pub.districtId, following: true, followers: 1 });
    expect(await ok(fan, 'GET', `${base}/doesfollow`)).toMatchObject({ following: true, followers: 1 });
    expect(((await ok(null, 'GET', `/api/district/${pub.districtId}`)) as DistrictView).followers).toBe(1);
    const notes = (await ok(owner, 'GET', '/api/notification/my')).items.filter((n: { type: string }) => n.type === 'districtFollow');
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toBe(msg.social.notification.districtFollow('Fay Fan', 'Harbour'));
    expect(notes[0].payload).toMatchObject({ actorId: fan.id, districtId: pub.districtId });
    expect((await call(owner, 'POST', base)).statusCode).toBe(400);
    // A private district: outsiders get its no-access answer, members may follow.
    const privBase = `/api/districtfollow/district/${priv.districtId}`;
    expect((await call(outsider, 'POST', privBase)).json().error.code).toBe('DISTRICT_ACCESS_DENIED');
    expect((await call(outsider, 'GET', `${privBase}/doesfollow`)).statusCode).toBe(403);
    expect(await ok(guest, 'POST', privBase)).toMatchObject({ following: true, followers: 1 });
    await ok(guest, 'POST', base);
    const followed = (who: User | null) => ok(who, 'GET', `/api/districtfollow/user/${guest.id}`) as Promise<DistrictView[]>;
    expect((await followed(guest)).map((d) => d.title)).toEqual(['Harbour', 'Vault']);
    expect((await followed(outsider)).map((d) => d.title)).toEqual(['Harbour']);
    expect((await followed(null)).map((d) => d.title)).toEqual(['Harbour']);
    // Removed from the private district: the follow stays theirs to drop, but the district no longer lists.
    await ok(owner, 'DELETE', `/api/district/${priv.districtId}/member/${guest.id}`);
    expect((await followed(guest)).map((d) => d.title)).toEqual(['Harbour']);
    expect(await ok(guest, 'DELETE', privBase)).toMatchObject({ following: false, followers: 0 });
    expect(await ok(fan, 'DELETE', base)).toMatchObject({ following: false, followers: 1 });
    expect(await ok(fan, 'DELETE', base)).toMatchObject({ following: false, followers: 1 });
    await join(priv, guest, 'Guest');
  });

  it('Explore Districts: a signed-in caller\'s cards say whether they follow each district; the Owner\'s and signed-out cards say nothing', async () => {
    const cards = async (who: User | null) =>
      Object.fromEntries(((await ok(who, 'GET', '/api/district/search?title=harbour')) as DistrictView[]).map((d) => [d.subdomain, d.following]));
    expect(await cards(null)).toEqual({ harbour: undefined });
    expect(await cards(fan)).toEqual({ harbour: false });
    await ok(fan, 'POST', `/api/districtfollow/district/${pub.districtId}`);
    expect(await cards(fan)).toEqual({ harbour: true });
    expect(await cards(outsider)).toEqual({ harbour: false });
    expect(await cards(owner)).toEqual({ harbour: undefined });
    await ok(fan, 'DELETE', `/api/districtfollow/district/${pub.districtId}`);
    expect(await cards(fan)).toEqual({ harbour: false });
  });

  it('member counts follow joins and removals (Explore sorts by them)', async () => {
    const count = async () => ((await ok(owner, 'GET', `/api/district/${pub.districtId}`)) as DistrictView).memberCount;
    expect(await count()).toBe(3);
    await join(pub, fan, 'Guest');
    expect(await count()).toBe(4);
    await ok(owner, 'DELETE', `/api/district/${pub.districtId}/member/${fan.id}`);
    expect(await count()).toBe(3);
  });
});
