import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { SPACE_MESSAGES, avatarAppearance, type AvatarStateShape } from '@atrium/shared';
import { buildVrmFixture } from '@atrium/engine/avatars/vrm/fixture';
import { makeTestApp } from './support/app.ts';
import { multipart } from './support/assetFixtures.ts';
import { openTestPglite, type TestDb } from './support/db.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

// A VRM avatar choice travels to everyone in the instance; a client cannot wear someone else's VRM.

type Avatars = Map<string, AvatarStateShape>;
const avatarsOf = (room: Room): Avatars => (room.state as { avatars?: Avatars } | undefined)?.avatars ?? new Map();

describe('VRM avatars in a space instance', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let a: Person;
  let b: Person;
  const rooms: Room[] = [];
  const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });

  const uploadVrm = async (p: Person) => {
    const form = multipart({}, [{ name: 'me.vrm', data: Buffer.from(buildVrmFixture()) }]);
    const res = await app.inject({ method: 'POST', url: '/api/avatar', headers: { ...auth(p), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; modelUrl: string };
  };

  beforeAll(async () => {
    db = await openTestPglite();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    [a, b] = (await makePeople(db.db, 2, 'vrm')) as [Person, Person];
  });
  afterAll(async () => {
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('broadcasts the stored VRM, serves its file to anyone, and refuses another person’s VRM over the socket', async () => {
    const mine = await uploadVrm(a);
    const theirs = await uploadVrm(b);
    const look = { model: 'nova', body: '#3DABFF', skin: '#C68863', clothes: '#2E3A59' };
    const put = await app.inject({ method: 'PUT', url: '/api/user/my/avatar', headers: auth(a), payload: { ...look, vrm: { assetId: mine.id, url: `/api/file/${mine.id}` } } });
    expect(put.statusCode, put.body).toBe(200);

    const space = await makeSpace(db.db);
    const ra = await joinSpace(spaceClient(base, a.token), space.id);
    rooms.push(ra);
    const rb = await joinSpace(spaceClient(base, b.token), space.id);
    rooms.push(rb);
    await until(() => avatarsOf(rb).has(ra.sessionId), 3000, 'a in b’s state');
    const seen = () => avatarAppearance.parse(JSON.parse(avatarsOf(rb).get(ra.sessionId)!.avatar));
    expect(seen().vrm).toEqual({ assetId: mine.id, url: mine.modelUrl });
    // Bob's browser loads it without any credentials.
    expect((await app.inject({ method: 'GET', url: mine.modelUrl })).statusCode).toBe(200);

    const errors: unknown[] = [];
    ra.onMessage(SPACE_MESSAGES.error, (e) => errors.push(e));
    ra.send(SPACE_MESSAGES.avatar, { avatar: { ...look, vrm: { assetId: theirs.id, url: `/api/file/${theirs.id}` } } });
    ra.send(SPACE_MESSAGES.avatar, { avatar: { ...look, vrm: { assetId: mine.id, url: 'https://tracker.example/x.vrm' } } });
    await until(() => errors.length === 2, 3000, 'two refusals');
    expect(errors[0]).toMatchObject({ code: 'BAD_REQUEST' });
    expect(seen().vrm?.assetId).toBe(mine.id);
    // The own VRM with other fallback colours is fine.
    ra.send(SPACE_MESSAGES.avatar, { avatar: { ...look, body: '#FF6B6B', vrm: { assetId: mine.id, url: mine.modelUrl } } });
    await until(() => seen().body === '#FF6B6B', 3000, 'the new colours');
    expect(seen().vrm?.assetId).toBe(mine.id);
  });
});
