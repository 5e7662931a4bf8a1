import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import {
  HUB_EVENTS,
  HUB_METHODS,
  REALTIME_LIMITS,
  type EventMessage,
  type HubAck,
  type PartyLeaderMoved,
  type PartyMessage,
  type PartyView,
  type PublicMessage,
} from '@atrium/shared';
import { openPostgres, type DbHandle } from '../src/db/client.ts';
import { TEST_DATABASE_URL } from './support/db.ts';
import { isolatedRedis, startServer, type ServerProcess } from './support/processes.ts';
import {
  connected,
  hub,
  joinSpace,
  makePeople,
  makeSpace,
  next,
  spaceClient,
  type Person,
} from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(5000).emitWithAck(method, args) as Promise<HubAck<T>>;
const post = async (base: string, token: string, url: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};

// Events and parties when scaled out: two server processes on one PostgreSQL schema and one Redis.
// An event's chat sent on one process reaches a visitor of another instance connected to the other;
// a leader on one process moves a member connected to the other.
describe('events and parties across two server processes', () => {
  const schema = `gt_${crypto.randomBytes(5).toString('hex')}`;
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
    one = await startServer(env);
    two = await startServer(env);
    db = await openPostgres(TEST_DATABASE_URL, schema);
    people = await makePeople(db.db, 3, 'gather');
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.race([
      Promise.allSettled(rooms.map((r) => r.leave())),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    await Promise.allSettled([one?.stop(), two?.stop()]);
    await db?.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
    await admin.end();
  }, 60_000);

  it("sends an event's chat from an instance on one process to another instance through the other process", async () => {
    const [owner, guest] = [people[0]!, people[1]!];
    const space = await makeSpace(db.db, { ownerId: owner.id });
    // The owner and 24 more seats of the owner's fill the first instance; the guest's opens a second.
    const first = await joinSpace(spaceClient(one.baseURL, owner.token), space.id);
    rooms.push(first);
    for (let i = 1; i < REALTIME_LIMITS.maxClientsPerInstance; i++)
      rooms.push(await joinSpace(spaceClient(one.baseURL, owner.token), space.id));
    const second = await joinSpace(spaceClient(two.baseURL, guest.token), space.id);
    rooms.push(second);
    expect(second.roomId).not.toBe(first.roomId);

    const scheduled = await post(one.baseURL, owner.token, `/api/sceneevent/scene/${space.id}`, {
      title: 'Across processes',
      startsAt: new Date().toISOString(),
      durationMinutes: 30,
    });
    expect(scheduled.status).toBe(201);

    const [ho, hg] = [hub(one.baseURL, 'liveUser', owner.token), hub(two.baseURL, 'liveUser', guest.token)];
    sockets.push(ho, hg);
    await Promise.all([connected(ho), connected(hg)]);
    expect(await call(ho, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: first.roomId })).toEqual({
      ok: true,
    });
    expect(await call(hg, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: second.roomId })).toEqual({
      ok: true,
    });

    const publicAtGuest: PublicMessage[] = [];
    hg.on(HUB_EVENTS.publicMessage, (m: PublicMessage) => publicAtGuest.push(m));
    const atGuest = next<EventMessage>(hg, HUB_EVENTS.eventMessage, 5000);
    expect((await call(ho, HUB_METHODS.sendEventMessage, { text: 'Hello, second instance' })).ok).toBe(true);
    expect(await atGuest).toMatchObject({
      text: 'Hello, second instance',
      instanceId: first.roomId,
      user: { id: owner.id },
    });
    const atOwner = next<EventMessage>(ho, HUB_EVENTS.eventMessage, 5000);
    expect((await call(hg, HUB_METHODS.sendEventMessage, { text: 'Hello back' })).ok).toBe(true);
    expect((await atOwner).instanceId).toBe(second.roomId);
    // Public chat is still per instance.
    await call(ho, HUB_METHODS.sendPublicMessage, { text: 'Only here' });
    await new Promise((r) => setTimeout(r, 500));
    expect(publicAtGuest).toEqual([]);
  });

  it('moves a party member connected to one process when the leader enters an instance through the other', async () => {
    const [leader, member] = [people[2]!, people[1]!];
    const party = (await post(one.baseURL, leader.token, '/api/partyinvitation', { userId: member.id }))
      .json as PartyView;
    const invitations = (await (
      await fetch(`${two.baseURL}/api/partyinvitation`, {
        headers: { authorization: `Bearer ${member.token}` },
      })
    ).json()) as {
      invitationId: string;
    }[];
    expect(
      (await post(two.baseURL, member.token, `/api/partyinvitation/${invitations[0]!.invitationId}`)).status,
    ).toBe(200);

    const hm = hub(two.baseURL, 'liveUser', member.token);
    const hl = hub(one.baseURL, 'liveUser', leader.token);
    sockets.push(hm, hl);
    await Promise.all([connected(hm), connected(hl)]);
    const space = await makeSpace(db.db);
    const room = await joinSpace(spaceClient(one.baseURL, leader.token), space.id);
    rooms.push(room);
    const moved = next<PartyLeaderMoved>(hm, HUB_EVENTS.partyLeaderMoved, 5000);
    expect(await call(hl, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: room.roomId })).toEqual({
      ok: true,
    });
    expect(await moved).toEqual({
      partyId: party.partyId,
      leaderId: leader.id,
      sceneId: space.id,
      instanceId: room.roomId,
    });
  });

  it("sends party chat from a member on one process to the others on the other, and to no one else", async () => {
    // The party of the test above: leader (process one) and member (process two); people[0] is not in it.
    const [outsider, member, leader] = [people[0]!, people[1]!, people[2]!];
    const hl = hub(one.baseURL, 'liveUser', leader.token);
    const hm = hub(two.baseURL, 'liveUser', member.token);
    const ho = hub(two.baseURL, 'liveUser', outsider.token);
    sockets.push(hl, hm, ho);
    await Promise.all([connected(hl), connected(hm), connected(ho)]);
    let outsiderSaw = false;
    ho.on(HUB_EVENTS.partyMessage, () => (outsiderSaw = true));
    const toMember = next<PartyMessage>(hm, HUB_EVENTS.partyMessage, 5000);
    const echo = next<PartyMessage>(hl, HUB_EVENTS.partyMessage, 5000);
    const sent = await call<PartyMessage>(hl, HUB_METHODS.sendPartyMessage, { text: 'meet at the portal' });
    expect(sent.ok).toBe(true);
    expect(await toMember).toMatchObject({ text: 'meet at the portal', user: { id: leader.id } });
    expect((await echo).id).toBe((await toMember).id);
    // The outsider cannot send party chat (no party), and saw nothing.
    expect(await call(ho, HUB_METHODS.sendPartyMessage, { text: 'let me in' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_PARTY' },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(outsiderSaw).toBe(false);
  });
});
