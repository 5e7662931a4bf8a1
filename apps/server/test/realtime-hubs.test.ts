import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import {
  HUB_EVENTS,
  HUB_METHODS,
  REALTIME_LIMITS,
  type DirectMessage,
  type DirectMessageGroup,
  type HubAck,
  type InstanceEvent,
  type PublicMessage,
  type SceneLiveCount,
} from '@atrium/shared';
import { eq } from 'drizzle-orm';
import { scenes } from '../src/db/schema/index.ts';
import { openTestPglite, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { connected, hub, joinSpace, listen, makePeople, makeSpace, next, spaceClient, type Person } from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(3000).emitWithAck(method, args) as Promise<HubAck<T>>;

// The three hubs with real socket.io clients against a listening server.
describe('realtime hubs', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let people: Person[];
  const sockets: Socket[] = [];
  const rooms: Room[] = [];
  const open = async (name: 'liveUser' | 'directMessage' | 'notification', p: Person) => {
    const s = hub(base, name, p.token);
    sockets.push(s);
    await connected(s);
    return s;
  };

  beforeAll(async () => {
    db = await openTestPglite();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    people = await makePeople(db.db, 6, 'hub');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('refuses a connection without a token or with a forged one as 401', async () => {
    for (const token of [undefined, 'not-a-token', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln']) {
      const s = hub(base, 'liveUser', token);
      sockets.push(s);
      const err = (await connected(s).then(
        () => null,
        (e: unknown) => e,
      )) as { message: string; data?: { status?: number } } | null;
      expect(err?.message).toBe('UNAUTHENTICATED');
      expect(err?.data?.status).toBe(401);
    }
    // The HEAD check the client makes after a failed connect tells the two cases apart.
    expect((await app.inject({ method: 'HEAD', url: '/api/communication/key?access_token=nope' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'HEAD', url: `/api/communication/key?access_token=${people[0]!.token}` })).statusCode,
    ).toBe(204);
  });

  it('tells a visitor who they are, and counts and announces visitors of their space', async () => {
    const [a, b] = [people[0]!, people[1]!];
    const space = await makeSpace(db.db);
    const s = hub(base, 'liveUser', a.token);
    sockets.push(s);
    const me = next<{ userId: string }>(s, HUB_EVENTS.myUserId);
    await connected(s);
    expect((await me).userId).toBe(a.id);

    const ra = await joinSpace(spaceClient(base, a.token), space.id);
    rooms.push(ra);
    const inScene = next<{ count: number }>(s, HUB_EVENTS.liveVisitorCountInMyScene);
    const inInstance = next<{ visitors: { userId: string }[] }>(s, HUB_EVENTS.liveVisitorsInMySceneInstance);
    expect(await call(s, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: ra.roomId })).toEqual({ ok: true });
    expect((await inScene).count).toBe(1);
    expect((await inInstance).visitors.map((v) => v.userId)).toEqual([a.id]);

    const entered = next<InstanceEvent>(s, HUB_EVENTS.enteredInstance);
    const twoNow = next<{ count: number }>(s, HUB_EVENTS.liveVisitorCountInMyScene, 5000, (v) => v.count === 2);
    const rb = await joinSpace(spaceClient(base, b.token), space.id);
    rooms.push(rb);
    expect((await entered).user.userId).toBe(b.id);
    await twoNow;

    const exited = next<InstanceEvent>(s, HUB_EVENTS.exitedInstance);
    await rb.leave();
    expect((await exited).user.userId).toBe(b.id);

    // An instance id that does not host this space is not trusted.
    expect(await call(s, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: 'someOtherRoom' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const live = (await app.inject(`/api/live?sceneIds=${space.id}`)).json();
    expect(live.scenes[0]).toMatchObject({ sceneId: space.id, count: 1 });
    expect(live.total).toBeGreaterThanOrEqual(1);
  });

  it('takes a visitor\'s scene moves in the order they were sent', async () => {
    const a = people[0]!;
    const space = await makeSpace(db.db);
    const s = await open('liveUser', a);
    const ra = await joinSpace(spaceClient(base, a.token), space.id);
    rooms.push(ra);
    // Sent back to back: the join awaits access checks, the exit does not; the exit still lands last.
    const [joined, left] = await Promise.all([
      call(s, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: ra.roomId }),
      call(s, HUB_METHODS.exitCurrentScene, {}),
    ]);
    expect([joined, left]).toEqual([{ ok: true }, { ok: true }]);
    expect(await call(s, HUB_METHODS.sendPublicMessage, { text: 'still here?' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_SCENE' },
    });
    await ra.leave();
  });

  it('feeds Explore and space cards live counts without a sign-in, only for watched spaces', async () => {
    const [a, b] = [people[0]!, people[1]!];
    const [watched, other] = [await makeSpace(db.db), await makeSpace(db.db)];
    const s = hub(base, 'liveCounts');
    sockets.push(s);
    const total = next<{ count: number }>(s, HUB_EVENTS.totalLiveVisitors);
    await connected(s);
    const before = (await total).count;
    expect(await call(s, HUB_METHODS.watchScenes, { sceneIds: 'all' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const tooMany = Array.from({ length: REALTIME_LIMITS.watchScenesMax + 1 }, (_, i) => `s${i}`);
    expect(await call(s, HUB_METHODS.watchScenes, { sceneIds: tooMany })).toMatchObject({ ok: false });

    const empty = next<SceneLiveCount>(s, HUB_EVENTS.liveVisitorsInScene);
    expect(await call(s, HUB_METHODS.watchScenes, { sceneIds: [watched.id] })).toEqual({ ok: true });
    expect(await empty).toEqual({ sceneId: watched.id, count: 0, visitors: [] });

    const seen: SceneLiveCount[] = [];
    s.on(HUB_EVENTS.liveVisitorsInScene, (v: SceneLiveCount) => seen.push(v));
    const twoIn = next<SceneLiveCount>(s, HUB_EVENTS.liveVisitorsInScene, 6000, (v) => v.count === 2);
    const totalUp = next<{ count: number }>(s, HUB_EVENTS.totalLiveVisitors, 6000, (v) => v.count === before + 3);
    const r1 = await joinSpace(spaceClient(base, a.token), watched.id);
    const r2 = await joinSpace(spaceClient(base, b.token), watched.id);
    const r3 = await joinSpace(spaceClient(base, a.token), other.id);
    rooms.push(r1, r2, r3);
    const two = await twoIn;
    expect(two.visitors.map((v) => v.userId).sort()).toEqual([a.id, b.id].sort());
    await totalUp;
    // The unwatched space never comes up on this socket.
    expect(seen.every((v) => v.sceneId === watched.id)).toBe(true);

    const back = next<SceneLiveCount>(s, HUB_EVENTS.liveVisitorsInScene, 6000, (v) => v.count === 1);
    await r2.leave();
    expect((await back).visitors.map((v) => v.userId)).toEqual([a.id]);
  });

  it('delivers public chat within the instance, as the token’s user, with HTML kept as text', async () => {
    const [a, b, c] = [people[2]!, people[3]!, people[4]!];
    const space = await makeSpace(db.db);
    const [sa, sb, sc] = [await open('liveUser', a), await open('liveUser', b), await open('liveUser', c)];
    expect(await call(sa, HUB_METHODS.sendPublicMessage, { text: 'hello?' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_SCENE' },
    });
    await call(sa, HUB_METHODS.joinScene, { sceneId: space.id });
    await call(sb, HUB_METHODS.joinScene, { sceneId: space.id });
    const other = await makeSpace(db.db);
    await call(sc, HUB_METHODS.joinScene, { sceneId: other.id });
    let leaked = false;
    sc.on(HUB_EVENTS.publicMessage, () => (leaked = true));

    const html = '<img src=x onerror="alert(1)"><b>hi</b>';
    const arrives = next<PublicMessage>(sb, HUB_EVENTS.publicMessage);
    const ack = await call<PublicMessage>(sa, HUB_METHODS.sendPublicMessage, {
      text: html,
      user: { id: b.id, name: 'Someone else' },
      userId: b.id,
    });
    expect(ack.ok).toBe(true);
    const got = await arrives;
    expect(got.text).toBe(html);
    expect(got.user).toEqual({ id: a.id, name: a.name, profilePicture: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('drops messages over 1,000 characters and beyond 5 per second with an error event', async () => {
    const a = people[5]!;
    const space = await makeSpace(db.db);
    const s = await open('liveUser', a);
    await call(s, HUB_METHODS.joinScene, { sceneId: space.id });
    const errorEvent = next<{ code: string }>(s, HUB_EVENTS.error);
    expect(await call(s, HUB_METHODS.sendPublicMessage, { text: 'x'.repeat(REALTIME_LIMITS.messageMaxChars + 1) })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LONG' },
    });
    expect((await errorEvent).code).toBe('MESSAGE_TOO_LONG');
    expect(await call(s, HUB_METHODS.sendPublicMessage, { text: '   ' })).toMatchObject({ ok: false, error: { code: 'MESSAGE_EMPTY' } });
    expect((await call(s, HUB_METHODS.sendPublicMessage, { text: 'x'.repeat(REALTIME_LIMITS.messageMaxChars) })).ok).toBe(true);

    const results = [];
    for (let i = 0; i < REALTIME_LIMITS.messagesPerSecond + 2; i++)
      results.push(await call(s, HUB_METHODS.sendPublicMessage, { text: `m${i}` }));
    const accepted = results.filter((r) => r.ok).length;
    // One message was already sent in this second above.
    expect(accepted).toBe(REALTIME_LIMITS.messagesPerSecond - 1);
    expect(results.at(-1)).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call(s, HUB_METHODS.sendPublicMessage, { text: 'later' })).ok).toBe(true);
  });

  it('creates a direct-message group, delivers and stores its messages, pages history and announces leaving', async () => {
    const [a, b, c] = [people[0]!, people[1]!, people[2]!];
    const [da, db_, dc] = [await open('directMessage', a), await open('directMessage', b), await open('directMessage', c)];
    const newGroup = next<DirectMessageGroup>(db_, HUB_EVENTS.newDirectMessageGroup);
    const joined = next<{ groupId: string; userId: string }>(db_, HUB_EVENTS.joinedGroup);
    const res = await app.inject({ method: 'POST', url: '/api/directmessagegroup', headers: bearer(a.token), payload: { memberIds: [b.id] } });
    expect(res.statusCode).toBe(200);
    const group = res.json<DirectMessageGroup>();
    expect((await newGroup).id).toBe(group.id);
    expect((await joined).groupId).toBe(group.id);

    let cSaw = false;
    dc.on(HUB_EVENTS.newDirectMessageGroupMessage, () => (cSaw = true));
    const toB = next<DirectMessage>(db_, HUB_EVENTS.newDirectMessageGroupMessage);
    const sent = await call<DirectMessage>(da, HUB_METHODS.sendDirectMessageGroupMessage, { groupId: group.id, text: 'psst', userId: b.id });
    expect(sent.ok).toBe(true);
    const got = await toB;
    expect(got).toMatchObject({ groupId: group.id, text: 'psst', user: { id: a.id } });

    // Someone outside the group can neither post to it nor read it.
    expect(await call(dc, HUB_METHODS.sendDirectMessageGroupMessage, { groupId: group.id, text: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect((await app.inject({ url: `/api/directmessagegroup/${group.id}/messages`, headers: bearer(c.token) })).statusCode).toBe(404);
    expect(cSaw).toBe(false);

    for (let i = 0; i < 4; i++) {
      await app.inject({ method: 'POST', url: `/api/directmessagegroup/${group.id}/messages`, headers: bearer(b.token), payload: { text: `r${i}` } });
    }
    const page1 = (await app.inject({ url: `/api/directmessagegroup/${group.id}/messages?limit=3`, headers: bearer(a.token) })).json();
    expect(page1.messages.map((m: DirectMessage) => m.text)).toEqual(['r1', 'r2', 'r3']);
    const page2 = (
      await app.inject({ url: `/api/directmessagegroup/${group.id}/messages?limit=3&before=${page1.nextBefore}`, headers: bearer(a.token) })
    ).json();
    expect(page2.messages.map((m: DirectMessage) => m.text)).toEqual(['psst', 'r0']);
    expect(page2.nextBefore).toBeNull();
    const list = (await app.inject({ url: '/api/directmessagegroup', headers: bearer(b.token) })).json<DirectMessageGroup[]>();
    expect(list[0]).toMatchObject({ id: group.id, lastMessage: { text: 'r3' } });

    const left = next<{ groupId: string; userId: string }>(da, HUB_EVENTS.leftGroup);
    expect((await app.inject({ method: 'DELETE', url: `/api/directmessagegroup/${group.id}`, headers: bearer(b.token) })).statusCode).toBe(204);
    expect(await left).toEqual({ groupId: group.id, userId: b.id });
  });

  it('delivers notification topics live to the user’s own sockets only', async () => {
    const [a, b] = [people[3]!, people[4]!];
    const [na, nb] = [await open('notification', a), await open('notification', b)];
    let bSaw = false;
    nb.on('Wallet', () => (bSaw = true));
    const wallet = next<{ topic: string; payload: unknown }>(na, 'Wallet');
    app.realtime!.notify(a.id, 'Wallet', { availableBalance: 600 });
    expect(await wallet).toMatchObject({ topic: 'Wallet', payload: { availableBalance: 600 } });
    await new Promise((r) => setTimeout(r, 150));
    expect(bSaw).toBe(false);
  });

  it('says communications are disabled where the space’s communication list leaves the visitor out', async () => {
    const [owner, guest] = [people[0]!, people[1]!];
    const space = await makeSpace(db.db, { ownerId: owner.id });
    await db.db.update(scenes).set({ communicationAclEnabled: true }).where(eq(scenes.id, space.id));
    const [so, sg] = [await open('liveUser', owner), await open('liveUser', guest)];
    await call(so, HUB_METHODS.joinScene, { sceneId: space.id });
    await call(sg, HUB_METHODS.joinScene, { sceneId: space.id });
    expect(await call(sg, HUB_METHODS.sendPublicMessage, { text: 'hi' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Communications are disabled' },
    });
    expect((await call(so, HUB_METHODS.sendPublicMessage, { text: 'hi' })).ok).toBe(true);
  });

  it('keeps a private space’s instances and counts to the people it is shared with', async () => {
    const [owner, guest] = [people[2]!, people[3]!];
    const space = await makeSpace(db.db, { ownerId: owner.id });
    await db.db.update(scenes).set({ publishedPublic: false, privacyAclEnabled: true }).where(eq(scenes.id, space.id));
    await expect(joinSpace(spaceClient(base, guest.token), space.id)).rejects.toMatchObject({ code: 403 });
    const sg = await open('liveUser', guest);
    expect(await call(sg, HUB_METHODS.joinScene, { sceneId: space.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    rooms.push(await joinSpace(spaceClient(base, owner.token), space.id));
  });

  it('delivers a stored notification live when it is created (a follow)', async () => {
    const [a, b] = [people[4]!, people[5]!];
    const nb = await open('notification', b);
    const arrives = next<{ topic: string; payload: { type: string } }>(nb, 'Notification');
    expect((await app.inject({ method: 'POST', url: `/api/userFollow/${b.id}`, headers: bearer(a.token) })).statusCode).toBe(200);
    expect(await arrives).toMatchObject({ topic: 'Notification', payload: { type: 'follow' } });
  });

  it('stores the avatar choice and refuses an unknown model', async () => {
    const a = people[0]!;
    const initial = (await app.inject({ url: '/api/user/my/avatar', headers: bearer(a.token) })).json();
    expect(initial.model).toBeTruthy();
    const choice = { model: 'nova', body: '#112233', skin: '#C68863', clothes: '#445566' };
    expect((await app.inject({ method: 'PUT', url: '/api/user/my/avatar', headers: bearer(a.token), payload: choice })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/my/avatar', headers: bearer(a.token) })).json()).toEqual(choice);
    const bad = await app.inject({ method: 'PUT', url: '/api/user/my/avatar', headers: bearer(a.token), payload: { ...choice, model: 'robot' } });
    expect(bad.statusCode).toBe(400);
  });
});
