import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { avatarPose, REALTIME_LIMITS, REALTIME_PROTOCOL_VERSION, SPACE_MESSAGES, SPACE_ROOM, wirePose, type AvatarStateShape } from '@atrium/shared';
import { openTestPglite, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

type Avatars = Map<string, AvatarStateShape>;
const avatarsOf = (room: Room): Avatars =>
  (room.state as { avatars?: Avatars } | undefined)?.avatars ?? new Map<string, AvatarStateShape>();

// Space instances with real Colyseus clients over WebSockets on a listening server.
describe('space instances', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let people: Person[];
  const rooms: Room[] = [];
  const track = (r: Room) => (rooms.push(r), r);

  beforeAll(async () => {
    db = await openTestPglite();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    people = await makePeople(db.db, 27);
  });
  afterAll(async () => {
    // A room that already left never settles its leave(); do not wait on those.
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('refuses a join without a token, with a forged token and with another protocol version', async () => {
    const space = await makeSpace(db.db);
    await expect(joinSpace(spaceClient(base), space.id)).rejects.toMatchObject({ code: 401 });
    const forged = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    await expect(joinSpace(spaceClient(base, forged), space.id)).rejects.toMatchObject({ code: 401 });
    await expect(
      spaceClient(base, people[0]!.token).joinOrCreate(SPACE_ROOM, { protocol: REALTIME_PROTOCOL_VERSION + 1, sceneId: space.id }),
    ).rejects.toMatchObject({ code: 400 });
  });

  it('refuses a draft, a hidden or a missing space to anyone but its owner', async () => {
    const [owner, other] = [people[0]!, people[1]!];
    const draft = await makeSpace(db.db, { state: 'Draft', ownerId: owner.id });
    const hidden = await makeSpace(db.db, { visible: false });
    await expect(joinSpace(spaceClient(base, other.token), draft.id)).rejects.toMatchObject({ code: 403 });
    await expect(joinSpace(spaceClient(base, other.token), hidden.id)).rejects.toMatchObject({ code: 403 });
    await expect(
      joinSpace(spaceClient(base, other.token), '00000000-0000-7000-8000-000000000000'),
    ).rejects.toMatchObject({ code: 403 });
    const mine = track(await spaceClient(base, owner.token).joinOrCreate(SPACE_ROOM, { protocol: REALTIME_PROTOCOL_VERSION, sceneId: draft.id, draft: true }));
    expect(mine.roomId).toBeTruthy();
  });

  it('puts 25 visitors in one instance, the 26th in a second one, and lets a friend pick the first', async () => {
    const space = await makeSpace(db.db);
    const joined: Room[] = [];
    for (const p of people.slice(0, 26)) joined.push(track(await joinSpace(spaceClient(base, p.token), space.id)));
    const first = joined[0]!.roomId;
    expect(joined.slice(0, 25).every((r) => r.roomId === first)).toBe(true);
    expect(joined[25]!.roomId).not.toBe(first);
    await until(() => avatarsOf(joined[0]!).size === 25, 5000, '25 avatars');

    // A full instance cannot be joined by id; once someone leaves, a friend can join it directly.
    const friend = people[26]!;
    await expect(spaceClient(base, friend.token).joinById(first, { protocol: REALTIME_PROTOCOL_VERSION, sceneId: space.id })).rejects.toBeTruthy();
    await joined[3]!.leave();
    await until(() => avatarsOf(joined[0]!).size === 24, 5000, 'a seat to free up');
    const viaId = track(await spaceClient(base, friend.token).joinById(first, { protocol: REALTIME_PROTOCOL_VERSION, sceneId: space.id }));
    expect(viaId.roomId).toBe(first);
  });

  it('replicates moves and emotes, clamps teleports and takes identity from the token', async () => {
    const space = await makeSpace(db.db);
    const [a, b] = [people[0]!, people[1]!];
    const ra = track(await joinSpace(spaceClient(base, a.token), space.id));
    const rb = track(await joinSpace(spaceClient(base, b.token), space.id));
    expect(rb.roomId).toBe(ra.roomId);
    await until(() => avatarsOf(rb).has(ra.sessionId), 3000, 'a in b’s state');
    const seen = () => avatarsOf(rb).get(ra.sessionId)!;
    expect(seen().userId).toBe(a.id);
    expect(seen().name).toBe(a.name);

    ra.send(SPACE_MESSAGES.move, { x: 1, y: 0, z: 1, ry: 0.5, anim: 'walk' });
    const xOf = (a: AvatarStateShape | undefined) => (a ? avatarPose(a).position[0] : undefined);
    await until(() => xOf(seen()) === 1 && seen().anim === 'walk', 3000, 'the spawn move');
    // The pose travels quantised: whole centimetres, yaw in 256ths of a turn.
    expect([seen().x, seen().z, seen().ry]).toEqual([100, 100, wirePose.yawSteps(0.5)]);
    expect(Math.abs(avatarPose(seen()).yaw - 0.5)).toBeLessThanOrEqual(Math.PI / 256);
    // 500 m in one step is a teleport: the server keeps at most max speed × (elapsed + jitter).
    ra.send(SPACE_MESSAGES.move, { x: 501, y: 0, z: 1, ry: 0.5, anim: 'run', userId: b.id });
    await until(() => seen().anim === 'run', 3000, 'the clamped move');
    expect(xOf(seen())).toBeGreaterThan(1);
    expect(xOf(seen())).toBeLessThan(1 + REALTIME_LIMITS.maxSpeedMps * 2);
    expect(seen().userId).toBe(a.id);

    ra.send(SPACE_MESSAGES.emote, { emote: 'wave' });
    await until(() => seen().emote === 'wave' && seen().emoteSeq === 1, 3000, 'the wave');
    ra.send(SPACE_MESSAGES.emote, { emote: 'wave' });
    await until(() => seen().emoteSeq === 2, 3000, 'the second wave');

    const errors: unknown[] = [];
    ra.onMessage(SPACE_MESSAGES.error, (e) => errors.push(e));
    ra.send(SPACE_MESSAGES.emote, { emote: 'moonwalk' });
    ra.send(SPACE_MESSAGES.move, { x: Number.NaN, y: 0, z: 0, ry: 0, anim: 'walk' });
    await until(() => errors.length === 2, 3000, 'two refusals');
    expect(errors[0]).toMatchObject({ code: 'BAD_REQUEST' });
    expect(seen().emote).toBe('wave');
  });

  it('keeps a dropped visitor’s seat for the reconnection window and lets them back into the same instance', async () => {
    const space = await makeSpace(db.db);
    const [a, b] = [people[2]!, people[3]!];
    const ca = spaceClient(base, a.token);
    const ra = await joinSpace(ca, space.id);
    const rb = track(await joinSpace(spaceClient(base, b.token), space.id));
    await until(() => avatarsOf(rb).has(ra.sessionId), 3000, 'a present');
    ra.reconnection.enabled = false;
    const token = ra.reconnectionToken;
    // An abrupt network loss, not a polite leave.
    (ra.connection.transport as unknown as { ws: { close(): void } }).ws.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(avatarsOf(rb).has(ra.sessionId)).toBe(true);
    const back = track(await ca.reconnect(token));
    expect(back.roomId).toBe(rb.roomId);
    expect(back.sessionId).toBe(ra.sessionId);
    back.send(SPACE_MESSAGES.move, { x: 2, y: 0, z: 2, ry: 0, anim: 'idle' });
    await until(() => avatarsOf(rb).get(back.sessionId)?.x === wirePose.centimetres(2), 3000, 'moves after reconnecting');
  });

  it('removes the avatar when a visitor leaves', async () => {
    const space = await makeSpace(db.db);
    const ra = await joinSpace(spaceClient(base, people[4]!.token), space.id);
    const rb = track(await joinSpace(spaceClient(base, people[5]!.token), space.id));
    await until(() => avatarsOf(rb).has(ra.sessionId), 3000, 'a present');
    await ra.leave();
    await until(() => !avatarsOf(rb).has(ra.sessionId), 3000, 'a gone');
  });
});
