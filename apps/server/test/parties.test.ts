import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import { eq } from 'drizzle-orm';
import {
  REALTIME_PROTOCOL_VERSION,
  HUB_EVENTS,
  HUB_METHODS,
  PARTY_LIMITS,
  type HubAck,
  type PartyInvitationView,
  type PartyLeaderMoved,
  type PartyView,
} from '@atrium/shared';
import { scenes } from '../src/db/schema/index.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import {
  connected,
  hub,
  joinSpace,
  listen,
  makePeople,
  makeSpace,
  next,
  spaceClient,
  until,
  type Person,
} from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(3000).emitWithAck(method, args) as Promise<HubAck<T>>;

// Issue 20 parties (spec §3, §7 party, partyinvitation): invite, accept, leave, kick, up to 8 people,
// one party each; when the leader enters an instance, members are told to follow into it.
describe.each(databases)('parties on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let people: Person[];
  const sockets: Socket[] = [];
  const rooms: Room[] = [];

  const req = (who: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const invite = (from: Person, to: string) => req(from, 'POST', '/api/partyinvitation', { userId: to });
  const invitations = async (who: Person) =>
    (await req(who, 'GET', '/api/partyinvitation')).json<PartyInvitationView[]>();
  const partyOf = async (who: Person) =>
    (await req(who, 'GET', '/api/party')).json<{ party: PartyView | null }>().party;
  const acceptFrom = async (who: Person, partyId: string) => {
    const inv = (await invitations(who)).find((i) => i.partyId === partyId)!;
    return req(who, 'POST', `/api/partyinvitation/${inv.invitationId}`);
  };

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    people = await makePeople(db.db, 14, 'party');
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

  it('lets a visitor start a party, invite, and the invitee accept; leaving hands the lead on', async () => {
    const [ann, ben, cat] = people as [Person, Person, Person];
    expect(await partyOf(ann)).toBeNull();
    const created = await req(ann, 'POST', '/api/party');
    expect(created.statusCode).toBe(201);
    const party = created.json<PartyView>();
    expect(party.leaderId).toBe(ann.id);
    expect(party.members.map((m) => m.userId)).toEqual([ann.id]);
    expect((await req(ann, 'POST', '/api/party')).statusCode).toBe(409);

    const invited = await invite(ann, ben.id);
    expect(invited.statusCode).toBe(200);
    expect(invited.json<PartyView>().invited.map((i) => i.userId)).toEqual([ben.id]);
    // Inviting twice keeps one invitation.
    expect((await invite(ann, ben.id)).json<PartyView>().invited).toHaveLength(1);
    const inv = await invitations(ben);
    expect(inv).toHaveLength(1);
    // The invitation is also a notification, once (inviting again adds none).
    const notes = (await req(ben, 'GET', '/api/notification/my')).json<{
      items: { type: string; text: string }[];
    }>().items;
    expect(notes.filter((n) => n.type === 'partyInvite').map((n) => n.text)).toEqual([
      `${ann.name} invited you to their party`,
    ]);
    expect(inv[0]).toMatchObject({
      partyId: party.partyId,
      from: { userId: ann.id },
      leader: { userId: ann.id },
      memberCount: 1,
    });
    // Someone else cannot accept or see Ben's invitation, nor the party.
    expect((await req(cat, 'POST', `/api/partyinvitation/${inv[0]!.invitationId}`)).statusCode).toBe(404);
    expect((await req(cat, 'GET', `/api/party/${party.partyId}`)).statusCode).toBe(404);
    expect((await req(cat, 'DELETE', `/api/party/${party.partyId}`)).statusCode).toBe(404);

    const accepted = await req(ben, 'POST', `/api/partyinvitation/${inv[0]!.invitationId}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<PartyView>().members.map((m) => m.userId)).toEqual([ann.id, ben.id]);
    expect(await invitations(ben)).toEqual([]);
    expect((await req(ben, 'GET', `/api/party/${party.partyId}`)).json<PartyView>().invited).toEqual([]);

    // Any member may invite; Cat joins.
    await invite(ben, cat.id);
    expect((await acceptFrom(cat, party.partyId)).statusCode).toBe(200);

    // The leader leaves: the earliest member leads.
    expect((await req(ann, 'DELETE', `/api/party/${party.partyId}`)).statusCode).toBe(204);
    expect(await partyOf(ann)).toBeNull();
    const after = (await partyOf(cat))!;
    expect(after.leaderId).toBe(ben.id);
    expect(after.members.map((m) => m.userId)).toEqual([ben.id, cat.id]);
    // The last two leave: the party is gone.
    await req(cat, 'DELETE', `/api/party/${party.partyId}/members/${cat.id}`);
    await req(ben, 'DELETE', `/api/party/${party.partyId}`);
    expect((await req(ben, 'GET', `/api/party/${party.partyId}`)).statusCode).toBe(404);
  });

  it('lets only the leader remove others, and declines and withdrawals end invitations', async () => {
    const [lea, mo, ned, ola] = people.slice(3, 7) as [Person, Person, Person, Person];
    // Inviting without a party starts one led by the inviter.
    const party = (await invite(lea, mo.id)).json<PartyView>();
    expect(party.leaderId).toBe(lea.id);
    await acceptFrom(mo, party.partyId);
    await invite(lea, ned.id);
    await acceptFrom(ned, party.partyId);

    const kickByMember = await req(mo, 'DELETE', `/api/party/${party.partyId}/members/${ned.id}`);
    expect(kickByMember.statusCode).toBe(403);
    expect(kickByMember.json().error.code).toBe('FORBIDDEN');
    expect((await req(ola, 'DELETE', `/api/party/${party.partyId}/members/${ned.id}`)).statusCode).toBe(404);
    expect((await req(lea, 'DELETE', `/api/party/${party.partyId}/members/${ola.id}`)).statusCode).toBe(404);
    expect((await req(lea, 'DELETE', `/api/party/${party.partyId}/members/${ned.id}`)).statusCode).toBe(204);
    expect(await partyOf(ned)).toBeNull();

    // Declined by the invitee; withdrawn by a member; nobody else can touch it.
    await invite(mo, ola.id);
    const [inv] = await invitations(ola);
    expect((await req(ned, 'DELETE', `/api/partyinvitation/${inv!.invitationId}`)).statusCode).toBe(404);
    expect((await req(ola, 'DELETE', `/api/partyinvitation/${inv!.invitationId}`)).statusCode).toBe(204);
    expect(await invitations(ola)).toEqual([]);
    await invite(mo, ola.id);
    const [again] = await invitations(ola);
    expect((await req(lea, 'DELETE', `/api/partyinvitation/${again!.invitationId}`)).statusCode).toBe(204);
    expect((await req(ola, 'POST', `/api/partyinvitation/${again!.invitationId}`)).statusCode).toBe(404);

    // Accepting another party's invitation leaves the current one.
    await invite(ola, ned.id);
    await invite(ola, mo.id);
    const mine = (await partyOf(ola))!;
    expect((await acceptFrom(mo, mine.partyId)).statusCode).toBe(200);
    expect((await partyOf(lea))!.members.map((m) => m.userId)).toEqual([lea.id]);
    expect((await partyOf(mo))!.partyId).toBe(mine.partyId);
  });

  it('starts one party when two invitations are sent at once by someone without one', async () => {
    const [dee, eve, fay] = people.slice(11, 14) as [Person, Person, Person];
    const answers = await Promise.all([invite(dee, eve.id), invite(dee, fay.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const party = (await partyOf(dee))!;
    expect(party.members.map((m) => m.userId)).toEqual([dee.id]);
    expect(party.invited.map((i) => i.userId).sort()).toEqual([eve.id, fay.id].sort());
    await req(dee, 'DELETE', `/api/party/${party.partyId}`);
  });

  it('holds at most 8 people and answers bad input with 4xx', async () => {
    const [host, ...rest] = people as [Person, ...Person[]];
    const party = (await req(host, 'POST', '/api/party')).json<PartyView>();
    for (const p of rest.slice(0, PARTY_LIMITS.maxMembers - 1)) {
      expect((await invite(host, p.id)).statusCode).toBe(200);
      expect((await acceptFrom(p, party.partyId)).statusCode).toBe(200);
    }
    expect((await partyOf(host))!.members).toHaveLength(PARTY_LIMITS.maxMembers);
    const ninth = rest[PARTY_LIMITS.maxMembers - 1]!;
    expect((await invite(host, ninth.id)).statusCode).toBe(409);

    expect((await invite(host, host.id)).statusCode).toBe(400);
    expect((await invite(host, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await invite(host, rest[0]!.id)).statusCode).toBe(409);
    expect((await req(host, 'POST', '/api/partyinvitation', { userId: 'nobody' })).statusCode).toBe(400);
    expect(
      (await req(host, 'POST', '/api/partyinvitation', { userId: ninth.id, partyId: party.partyId }))
        .statusCode,
    ).toBe(400);
    expect((await req(host, 'POST', '/api/partyinvitation/not-an-id')).statusCode).toBe(400);
    expect((await req(host, 'GET', '/api/party/not-an-id')).statusCode).toBe(400);
    expect((await req(host, 'DELETE', `/api/party/${party.partyId}/members/me`)).statusCode).toBe(400);
    expect((await req(null, 'GET', '/api/party')).statusCode).toBe(401);
    expect((await req(null, 'POST', '/api/partyinvitation', { userId: host.id })).statusCode).toBe(401);
    // Everyone leaves so the next test starts clean.
    for (const p of [host, ...rest.slice(0, PARTY_LIMITS.maxMembers - 1)])
      await req(p, 'DELETE', `/api/party/${party.partyId}`);
    expect((await req(host, 'GET', `/api/party/${party.partyId}`)).statusCode).toBe(404);
  });

  it('tells members where the leader went, on the live-user hub, and shows where members are', async () => {
    const [lead, member, outsider] = people.slice(0, 3) as [Person, Person, Person];
    const party = (await invite(lead, member.id)).json<PartyView>();
    await acceptFrom(member, party.partyId);
    const [hl, hm, ho] = [
      hub(base, 'liveUser', lead.token),
      hub(base, 'liveUser', member.token),
      hub(base, 'liveUser', outsider.token),
    ];
    sockets.push(hl, hm, ho);
    await Promise.all([connected(hl), connected(hm), connected(ho)]);
    const changed = next<{ partyId: string }>(hm, HUB_EVENTS.partyChanged, 3000);
    await invite(lead, outsider.id);
    expect((await changed).partyId).toBe(party.partyId);

    const space = await makeSpace(db.db, { ownerId: lead.id });
    const room = await joinSpace(spaceClient(base, lead.token), space.id);
    rooms.push(room);
    const outsiderHeard: unknown[] = [];
    ho.on(HUB_EVENTS.partyLeaderMoved, (e: unknown) => outsiderHeard.push(e));
    const moved = next<PartyLeaderMoved>(hm, HUB_EVENTS.partyLeaderMoved, 3000);
    expect(await call(hl, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: room.roomId })).toEqual({
      ok: true,
    });
    expect(await moved).toEqual({
      partyId: party.partyId,
      leaderId: lead.id,
      sceneId: space.id,
      instanceId: room.roomId,
    });

    // A member entering does not move anyone.
    const followed = await spaceClient(base, member.token).joinById(room.roomId, {
      protocol: REALTIME_PROTOCOL_VERSION,
      sceneId: space.id,
      draft: false,
    });
    rooms.push(followed);
    const leaderHeard: unknown[] = [];
    hl.on(HUB_EVENTS.partyLeaderMoved, (e: unknown) => leaderHeard.push(e));
    expect(await call(hm, HUB_METHODS.joinScene, { sceneId: space.id, instanceId: room.roomId })).toEqual({
      ok: true,
    });

    // Where members are, for the party panel: both in the leader's instance.
    await until(
      async () => (await partyOf(member))!.members.every((m) => m.where?.instanceId === room.roomId),
      5000,
      'members located',
    );
    // A private space of the leader's is not told to a member who may not read it.
    await db.db
      .update(scenes)
      .set({ publishedPublic: false, privacyAclEnabled: true })
      .where(eq(scenes.id, space.id));
    const seenByMember = (await partyOf(member))!.members.find((m) => m.userId === lead.id)!;
    expect(seenByMember.where).toBeNull();
    expect((await partyOf(lead))!.members.find((m) => m.userId === lead.id)!.where?.sceneId).toBe(space.id);
    expect(outsiderHeard).toEqual([]);
    expect(leaderHeard).toEqual([]);
  });
});
