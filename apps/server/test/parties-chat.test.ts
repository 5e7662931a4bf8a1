import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { HUB_EVENTS, HUB_METHODS, REALTIME_LIMITS, type HubAck, type PartyMessage, type PartyView } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { connected, hub, listen, makePeople, next, type Person } from './support/realtime.ts';

const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(3000).emitWithAck(method, args) as Promise<HubAck<T>>;

// Issue 20 party chat on the live-user hub: members only (a former member stops receiving it), with
// the same length, emptiness and rate rules as the other chats.
describe.each(databases)('party chat on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let leader: Person;
  let member: Person;
  let outsider: Person;
  const sockets: Socket[] = [];
  const live = async (p: Person) => {
    const s = hub(base, 'liveUser', p.token);
    sockets.push(s);
    await connected(s);
    return s;
  };

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    [leader, member, outsider] = (await makePeople(db.db, 3, 'pchat')) as [Person, Person, Person];
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
    await db?.close();
  });

  it('reaches every member and no one else; a member who leaves stops receiving it', async () => {
    const party = (
      await app.inject({ method: 'POST', url: '/api/partyinvitation', headers: bearer(leader.token), payload: { userId: member.id } })
    ).json<PartyView>();
    const [inv] = (await app.inject({ url: '/api/partyinvitation', headers: bearer(member.token) })).json<{ invitationId: string }[]>();
    expect((await app.inject({ method: 'POST', url: `/api/partyinvitation/${inv!.invitationId}`, headers: bearer(member.token) })).statusCode).toBe(200);

    const [hl, hm, ho] = await Promise.all([live(leader), live(member), live(outsider)]);
    const seenByOutsider: unknown[] = [];
    ho.on(HUB_EVENTS.partyMessage, (m) => seenByOutsider.push(m));

    const got = next<PartyMessage>(hl, HUB_EVENTS.partyMessage);
    const sent = await call<PartyMessage>(hm, HUB_METHODS.sendPartyMessage, { text: '  on my way ', partyId: 'ignored' });
    expect(sent).toMatchObject({ ok: true, data: { partyId: party.partyId, text: 'on my way', user: { id: member.id } } });
    expect((await got).text).toBe('on my way');

    expect(await call(ho, HUB_METHODS.sendPartyMessage, { text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_PARTY' } });
    expect(await call(hm, HUB_METHODS.sendPartyMessage, { text: '   ' })).toMatchObject({ ok: false, error: { code: 'MESSAGE_EMPTY' } });
    expect(await call(hm, HUB_METHODS.sendPartyMessage, { text: 'x'.repeat(REALTIME_LIMITS.messageMaxChars + 1) })).toMatchObject({
      ok: false,
      error: { code: 'MESSAGE_TOO_LONG' },
    });
    expect(await call(hm, HUB_METHODS.sendPartyMessage, { nope: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });

    // The member leaves: the leader's messages no longer reach them.
    expect((await app.inject({ method: 'DELETE', url: `/api/party/${party.partyId}`, headers: bearer(member.token) })).statusCode).toBe(204);
    let memberSaw = false;
    hm.on(HUB_EVENTS.partyMessage, () => (memberSaw = true));
    expect((await call(hl, HUB_METHODS.sendPartyMessage, { text: 'still there?' })).ok).toBe(true);
    expect(await call(hm, HUB_METHODS.sendPartyMessage, { text: 'left' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_PARTY' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(memberSaw).toBe(false);
    expect(seenByOutsider).toEqual([]);
  });
});
