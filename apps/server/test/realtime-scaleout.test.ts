import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import {
  HUB_EVENTS,
  HUB_METHODS,
  REALTIME_LIMITS,
  SPACE_MESSAGES,
  type AvatarStateShape,
  wirePose,
  type DirectMessage,
  type HubAck,
  type PublicMessage,
  type SceneLiveCount,
} from '@atrium/shared';
import { openPostgres, type DbHandle } from '../src/db/client.ts';
import { TEST_DATABASE_URL } from './support/db.ts';
import { isolatedRedis, startServer, type ServerProcess } from './support/processes.ts';
import { connected, hub, joinSpace, makePeople, makeSpace, next, spaceClient, until, type Person } from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(5000).emitWithAck(method, args) as Promise<HubAck<T>>;
const avatarsOf = (room: Room): Map<string, AvatarStateShape> =>
  (room.state as { avatars?: Map<string, AvatarStateShape> } | undefined)?.avatars ?? new Map();

// Two real server processes on one PostgreSQL schema and one Redis: visitors connected to different
// processes share an instance, counts, public chat and direct messages.
describe('realtime across two server processes', () => {
  const schema = `rt_${crypto.randomBytes(5).toString('hex')}`;
  let one: ServerProcess;
  let two: ServerProcess;
  let db: DbHandle;
  let people: Person[];
  const sockets: Socket[] = [];
  const rooms: Room[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, ...isolatedRedis() };
    // One after the other: the first applies the migrations the second then finds done.
    one = await startServer(env);
    two = await startServer(env);
    db = await openPostgres(TEST_DATABASE_URL, schema);
    people = await makePeople(db.db, 2, 'scale');
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await Promise.allSettled([one?.stop(), two?.stop()]);
    await db?.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
    await admin.end();
  }, 60_000);

  it('shares one instance, live counts, public chat and direct messages between processes', async () => {
    const [a, b] = [people[0]!, people[1]!];
    const space = await makeSpace(db.db);

    const ra = await joinSpace(spaceClient(one.baseURL, a.token), space.id);
    rooms.push(ra);
    const rb = await joinSpace(spaceClient(two.baseURL, b.token), space.id);
    rooms.push(rb);
    expect(rb.roomId).toBe(ra.roomId);
    await until(() => avatarsOf(rb).has(ra.sessionId) && avatarsOf(ra).has(rb.sessionId), 5000, 'both avatars on both sides');
    ra.send(SPACE_MESSAGES.move, { x: 3, y: 0, z: 4, ry: 1, anim: 'walk' });
    ra.send(SPACE_MESSAGES.emote, { emote: 'clap' });
    await until(() => avatarsOf(rb).get(ra.sessionId)?.emote === 'clap' && avatarsOf(rb).get(ra.sessionId)?.x === wirePose.centimetres(3), 5000, 'a’s move and clap at b');

    const ha = hub(one.baseURL, 'liveUser', a.token);
    const hb = hub(two.baseURL, 'liveUser', b.token);
    sockets.push(ha, hb);
    await Promise.all([connected(ha), connected(hb)]);
    const countAtB = next<{ count: number }>(hb, HUB_EVENTS.liveVisitorCountInMyScene, 5000, (v) => v.count === 2);
    expect(await call(ha, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: ra.roomId })).toEqual({ ok: true });
    expect(await call(hb, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: rb.roomId })).toEqual({ ok: true });
    await countAtB;

    const atB = next<PublicMessage>(hb, HUB_EVENTS.publicMessage);
    expect((await call(ha, HUB_METHODS.sendPublicMessage, { text: 'hello from process one' })).ok).toBe(true);
    expect(await atB).toMatchObject({ text: 'hello from process one', user: { id: a.id } });

    const da = hub(one.baseURL, 'directMessage', a.token);
    const dbs = hub(two.baseURL, 'directMessage', b.token);
    sockets.push(da, dbs);
    await Promise.all([connected(da), connected(dbs)]);
    const created = await fetch(`${one.baseURL}/api/directmessagegroup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ memberIds: [b.id] }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const dmAtB = next<DirectMessage>(dbs, HUB_EVENTS.newDirectMessageGroupMessage);
    expect((await call(da, HUB_METHODS.sendDirectMessageGroupMessage, { groupId: created.id, text: 'direct' })).ok).toBe(true);
    expect(await dmAtB).toMatchObject({ groupId: created.id, text: 'direct', user: { id: a.id } });
  }, 60_000);

  it('holds one chat rate limit per person over both processes and feeds live counts from either', async () => {
    // Someone who has sent nothing yet, so the whole window is theirs.
    const [a] = await makePeople(db.db, 1, 'rate');
    const b = people[1]!;
    const space = await makeSpace(db.db);
    const [h1, h2] = [hub(one.baseURL, 'liveUser', a!.token), hub(two.baseURL, 'liveUser', a!.token)];
    sockets.push(h1, h2);
    await Promise.all([connected(h1), connected(h2)]);
    expect(await call(h1, HUB_METHODS.joinScene, { sceneId: space.id })).toEqual({ ok: true });
    expect(await call(h2, HUB_METHODS.joinScene, { sceneId: space.id })).toEqual({ ok: true });
    // Four from each tab at once: one shared window lets five through, a per-process one would let all eight.
    const sends = [h1, h2].flatMap((s, i) =>
      Array.from({ length: 4 }, (_, k) => call(s, HUB_METHODS.sendPublicMessage, { text: `tab ${i} message ${k}` })),
    );
    const results = await Promise.all(sends);
    expect(results.filter((r) => r.ok)).toHaveLength(REALTIME_LIMITS.messagesPerSecond);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error.code === 'RATE_LIMITED')).toBe(true);

    // A card watcher on process two sees a visitor who entered through process one.
    const feed = hub(two.baseURL, 'liveCounts');
    sockets.push(feed);
    await connected(feed);
    expect(await call(feed, HUB_METHODS.watchScenes, { sceneIds: [space.id] })).toEqual({ ok: true });
    const arrived = next<SceneLiveCount>(feed, HUB_EVENTS.liveVisitorsInScene, 8000, (v) => v.count === 1);
    rooms.push(await joinSpace(spaceClient(one.baseURL, b.token), space.id));
    expect((await arrived).visitors.map((v) => v.userId)).toEqual([b.id]);
  }, 60_000);
});
