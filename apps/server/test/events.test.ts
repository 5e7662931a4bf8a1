import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { eq } from 'drizzle-orm';
import {
  REALTIME_PROTOCOL_VERSION,
  HUB_EVENTS,
  HUB_METHODS,
  REALTIME_LIMITS,
  SPACE_ROOM,
  type EventMessage,
  type HubAck,
  type PublicMessage,
  type SceneEventView,
} from '@atrium/shared';
import { sceneAcl, scenes } from '../src/db/schema/index.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import {
  connected,
  hub,
  listen,
  makePeople,
  makeSpace,
  next,
  spaceClient,
  type Person,
} from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(3000).emitWithAck(method, args) as Promise<HubAck<T>>;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

// Issue 20 events: the space's owner schedules, edits and cancels them; anyone who may read the space
// lists them; while one is on, its chat reaches every instance of the space.
describe.each(databases)('space events on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: Person;
  let visitor: Person;
  let other: Person;
  let sceneId: string;
  const sockets: Socket[] = [];
  const rooms: Room[] = [];

  const req = (
    who: Person | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const schedule = (who: Person | null, body: Record<string, unknown>, space = sceneId) =>
    req(who, 'POST', `/api/sceneevent/scene/${space}`, body);

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    [owner, visitor, other] = (await makePeople(db.db, 3, 'events')) as [Person, Person, Person];
    sceneId = (await makeSpace(db.db, { ownerId: owner.id })).id;
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.race([
      Promise.allSettled(rooms.map((r) => r.leave())),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
    await app?.close();
    await db?.close();
  });

  it('lets the owner schedule, edit and cancel an event, and everyone who may read the space list it', async () => {
    const created = await schedule(owner, {
      title: '  Opening night ',
      description: 'Music at eight',
      startsAt: inMinutes(60),
      durationMinutes: 90,
    });
    expect(created.statusCode).toBe(201);
    const ev = created.json<SceneEventView>();
    expect(ev).toMatchObject({
      sceneId,
      title: 'Opening night',
      description: 'Music at eight',
      durationMinutes: 90,
      live: false,
    });
    expect(ev.host.userId).toBe(owner.id);
    expect(new Date(ev.endsAt).getTime() - new Date(ev.startsAt).getTime()).toBe(90 * 60_000);

    // Signed out or signed in, a reader of the public space sees it.
    for (const who of [null, visitor]) {
      const list = await req(who, 'GET', `/api/sceneevent/scene/${sceneId}`);
      expect(list.statusCode).toBe(200);
      expect(list.json<SceneEventView[]>().map((e) => e.eventId)).toContain(ev.eventId);
    }
    expect((await req(null, 'GET', `/api/sceneevent/${ev.eventId}`)).json<SceneEventView>().title).toBe(
      'Opening night',
    );

    const edited = await req(owner, 'PATCH', `/api/sceneevent/${ev.eventId}`, {
      title: 'Opening party',
      hostId: visitor.id,
      durationMinutes: 30,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<SceneEventView>()).toMatchObject({
      title: 'Opening party',
      durationMinutes: 30,
      host: { userId: visitor.id },
    });

    expect((await req(owner, 'DELETE', `/api/sceneevent/${ev.eventId}`)).statusCode).toBe(204);
    expect((await req(owner, 'GET', `/api/sceneevent/${ev.eventId}`)).statusCode).toBe(404);
    expect((await req(owner, 'DELETE', `/api/sceneevent/${ev.eventId}`)).statusCode).toBe(404);
  });

  it("refuses anyone but the owner, and never tells another person's hidden space exists", async () => {
    const ev = (
      await schedule(owner, { title: 'Owner only', startsAt: inMinutes(30), durationMinutes: 60 })
    ).json<SceneEventView>();
    const good = { title: 'Not yours', startsAt: inMinutes(30), durationMinutes: 60 };
    expect((await schedule(null, good)).statusCode).toBe(401);
    const forbidden = await schedule(visitor, good);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect(
      (await req(visitor, 'PATCH', `/api/sceneevent/${ev.eventId}`, { title: 'Mine now' })).statusCode,
    ).toBe(403);
    expect((await req(visitor, 'DELETE', `/api/sceneevent/${ev.eventId}`)).statusCode).toBe(403);
    expect((await req(null, 'DELETE', `/api/sceneevent/${ev.eventId}`)).statusCode).toBe(401);
    expect((await req(owner, 'GET', `/api/sceneevent/${ev.eventId}`)).json<SceneEventView>().title).toBe(
      'Owner only',
    );

    // Another person's draft: scheduling, listing and reading its events answer 404 like a missing space.
    const draft = await makeSpace(db.db, { ownerId: other.id, state: 'Draft' });
    const hidden = (await schedule(other, good, draft.id)).json<SceneEventView>();
    expect((await schedule(owner, good, draft.id)).statusCode).toBe(404);
    expect((await req(owner, 'GET', `/api/sceneevent/scene/${draft.id}`)).statusCode).toBe(404);
    expect((await req(owner, 'GET', `/api/sceneevent/${hidden.eventId}`)).statusCode).toBe(404);
    expect(
      (await req(owner, 'PATCH', `/api/sceneevent/${hidden.eventId}`, { title: 'Hello' })).statusCode,
    ).toBe(404);
    expect(
      (await req(other, 'GET', `/api/sceneevent/scene/${draft.id}`)).json<SceneEventView[]>(),
    ).toHaveLength(1);

    // A private space: its events are the access-denied answer to someone not on its list.
    const priv = await makeSpace(db.db, { ownerId: other.id });
    await db.db
      .update(scenes)
      .set({ publishedPublic: false, privacyAclEnabled: true })
      .where(eq(scenes.id, priv.id));
    const list = await req(visitor, 'GET', `/api/sceneevent/scene/${priv.id}`);
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('SPACE_ACCESS_DENIED');
    expect((await schedule(owner, good, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers bad input with 400, never 500', async () => {
    const good = { title: 'Talk', startsAt: inMinutes(10), durationMinutes: 60 };
    const bad: [string, unknown][] = [
      ['one-letter title', { ...good, title: 'a' }],
      ['title of spaces', { ...good, title: '   ' }],
      ['long title', { ...good, title: 'x'.repeat(81) }],
      ['in the past', { ...good, startsAt: new Date(Date.now() - 3_600_000).toISOString() }],
      ['ten years ahead', { ...good, startsAt: new Date(Date.now() + 10 * 365 * 86_400_000).toISOString() }],
      ['not a date', { ...good, startsAt: 'tomorrow' }],
      ['zero duration', { ...good, durationMinutes: 0 }],
      ['a day long', { ...good, durationMinutes: 24 * 60 }],
      ['fractional duration', { ...good, durationMinutes: 1.5 }],
      ['unknown host', { ...good, hostId: '00000000-0000-4000-8000-000000000000' }],
      ['host not an id', { ...good, hostId: 'me' }],
      ['extra field', { ...good, sceneId }],
      ['long description', { ...good, description: 'd'.repeat(2001) }],
      ['no body', undefined],
    ];
    for (const [what, body] of bad) {
      const res = await schedule(owner, body as Record<string, unknown>);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.code, what).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
    }
    expect((await req(owner, 'GET', '/api/sceneevent/scene/not-a-uuid')).statusCode).toBe(400);
    expect((await req(owner, 'GET', '/api/sceneevent/not-a-uuid')).statusCode).toBe(400);
    const ev = (await schedule(owner, good)).json<SceneEventView>();
    expect(
      (
        await req(owner, 'PATCH', `/api/sceneevent/${ev.eventId}`, {
          startsAt: new Date(Date.now() - 86_400_000).toISOString(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await req(owner, 'PATCH', `/api/sceneevent/${ev.eventId}`, { live: true })).statusCode).toBe(400);
    const malformed = await app.inject({
      method: 'POST',
      url: `/api/sceneevent/scene/${sceneId}`,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("sends an event's chat to visitors in every instance of the space, and only while it is on", async () => {
    const space = (await makeSpace(db.db, { ownerId: owner.id })).id;
    // Two instances of one space: matchmaking fills one before opening another, so the second is made here.
    const first = await spaceClient(base, owner.token).joinOrCreate(SPACE_ROOM, {
      protocol: REALTIME_PROTOCOL_VERSION,
      sceneId: space,
    });
    rooms.push(first);
    const second = await matchMaker.createRoom(SPACE_ROOM, { sceneId: space, draft: false });
    const inSecond = await spaceClient(base, visitor.token).joinById(second.roomId, {
      protocol: REALTIME_PROTOCOL_VERSION,
      sceneId: space,
      draft: false,
    });
    rooms.push(inSecond);
    expect(inSecond.roomId).not.toBe(first.roomId);

    const [ho, hv] = [hub(base, 'liveUser', owner.token), hub(base, 'liveUser', visitor.token)];
    sockets.push(ho, hv);
    await Promise.all([connected(ho), connected(hv)]);
    expect(await call(ho, HUB_METHODS.joinScene, { sceneId: space, instanceId: first.roomId })).toEqual({
      ok: true,
    });
    expect(await call(hv, HUB_METHODS.joinScene, { sceneId: space, instanceId: second.roomId })).toEqual({
      ok: true,
    });

    // No event on yet: refused.
    const early = await call(ho, HUB_METHODS.sendEventMessage, { text: 'Too early' });
    expect(early).toMatchObject({ ok: false, error: { code: 'NO_EVENT' } });
    const upcoming = (
      await schedule(owner, { title: 'Later', startsAt: inMinutes(120), durationMinutes: 30 }, space)
    ).json<SceneEventView>();
    expect((await call(ho, HUB_METHODS.sendEventMessage, { text: 'Still early' })).ok).toBe(false);

    const live = (
      await schedule(owner, { title: 'Live now', startsAt: inMinutes(0), durationMinutes: 60 }, space)
    ).json<SceneEventView>();
    expect(live.live).toBe(true);
    const atVisitor = next<EventMessage>(hv, HUB_EVENTS.eventMessage, 3000);
    const sent = await call<EventMessage>(ho, HUB_METHODS.sendEventMessage, { text: 'Welcome, everyone' });
    expect(sent.ok).toBe(true);
    const got = await atVisitor;
    expect(got).toMatchObject({
      eventId: live.eventId,
      sceneId: space,
      instanceId: first.roomId,
      text: 'Welcome, everyone',
      user: { id: owner.id },
    });
    expect(got.eventId).not.toBe(upcoming.eventId);
    // And back the other way.
    const atOwner = next<EventMessage>(ho, HUB_EVENTS.eventMessage, 3000);
    await call(hv, HUB_METHODS.sendEventMessage, { text: 'Hello from the second instance' });
    expect((await atOwner).instanceId).toBe(second.roomId);

    // Public chat stays within its instance.
    const publicSeen: PublicMessage[] = [];
    hv.on(HUB_EVENTS.publicMessage, (m: PublicMessage) => publicSeen.push(m));
    expect((await call(ho, HUB_METHODS.sendPublicMessage, { text: 'Only my instance' })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(publicSeen).toEqual([]);

    // Bad messages are refused like public ones.
    expect(await call(ho, HUB_METHODS.sendEventMessage, { text: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_EMPTY' },
    });
    expect(
      await call(ho, HUB_METHODS.sendEventMessage, { text: 'x'.repeat(REALTIME_LIMITS.messageMaxChars + 1) }),
    ).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LONG' },
    });
    expect(await call(ho, HUB_METHODS.sendEventMessage, { nope: 1 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });

    // Someone the communication list leaves out may watch, not talk.
    await db.db.update(scenes).set({ communicationAclEnabled: true }).where(eq(scenes.id, space));
    await db.db
      .insert(sceneAcl)
      .values({ sceneId: space, list: 'communication', principalType: 'user', principalId: owner.id });
    const hx = hub(base, 'liveUser', other.token);
    sockets.push(hx);
    await connected(hx);
    expect(await call(hx, HUB_METHODS.joinScene, { sceneId: space, instanceId: second.roomId })).toEqual({
      ok: true,
    });
    expect(await call(hx, HUB_METHODS.sendEventMessage, { text: 'Let me in' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    // Not in a space at all.
    const hy = hub(base, 'liveUser', other.token);
    sockets.push(hy);
    await connected(hy);
    expect(await call(hy, HUB_METHODS.sendEventMessage, { text: 'Hi' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_SCENE' },
    });

    // Once cancelled, its chat is closed again.
    expect((await req(owner, 'DELETE', `/api/sceneevent/${live.eventId}`)).statusCode).toBe(204);
    expect(await call(ho, HUB_METHODS.sendEventMessage, { text: 'Anyone?' })).toMatchObject({
      ok: false,
      error: { code: 'NO_EVENT' },
    });
  });
});
