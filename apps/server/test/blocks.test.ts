import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { HUB_METHODS, type BlockedPerson, type DirectMessageGroup, type HubAck, type NotificationView } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { connected, hub, listen, makePeople, type Person } from './support/realtime.ts';

// Issue 20 block list and Greet: a blocked person cannot invite the blocker to a party, greet them or
// message them directly (403 BLOCKED), and neither can the blocker until they unblock.
describe.each(databases)('block list and greetings on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  const sockets: Socket[] = [];

  const req = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const fresh = async (n: number) => (await makePeople(db.db, n, 'blocks')) as Person[];
  const block = (who: Person, whom: string) => req(who, 'PUT', `/api/block/${whom}`);
  const greetings = async (who: Person) =>
    (await req(who, 'GET', '/api/notification/my?limit=50')).json<{ items: NotificationView[] }>().items.filter((n) => n.type === 'greet');

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
    await db?.close();
  });

  it('blocks, lists, reports and unblocks; refuses oneself, unknown people and bad ids', async () => {
    const [me, a, b] = await fresh(3) as [Person, Person, Person];
    expect((await block(me, a.id)).json()).toEqual({ userId: a.id, blocked: true });
    expect((await block(me, b.id)).statusCode).toBe(200);
    const list = (await req(me, 'GET', '/api/block')).json<BlockedPerson[]>();
    expect(list.map((p) => p.userId).sort()).toEqual([a.id, b.id].sort());
    expect(list.find((p) => p.userId === a.id)!.name).toBe(a.name);
    // Only one's own list: the blocked person's list is theirs, and empty.
    expect((await req(a, 'GET', '/api/block')).json()).toEqual([]);
    expect((await req(me, 'GET', `/api/block/${a.id}`)).json()).toEqual({ userId: a.id, blocked: true });
    expect((await req(a, 'GET', `/api/block/${me.id}`)).json()).toEqual({ userId: me.id, blocked: false });

    expect((await req(me, 'DELETE', `/api/block/${a.id}`)).json()).toEqual({ userId: a.id, blocked: false });
    expect((await req(me, 'GET', '/api/block')).json<BlockedPerson[]>().map((p) => p.userId)).toEqual([b.id]);
    // Unblocking someone not blocked changes nothing.
    expect((await req(me, 'DELETE', `/api/block/${a.id}`)).statusCode).toBe(200);

    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot block yourself');
    expect((await block(me, crypto.randomUUID())).statusCode).toBe(404);
    expect((await block(me, 'nobody')).statusCode).toBe(400);
    expect((await req(null, 'PUT', `/api/block/${a.id}`)).statusCode).toBe(401);
    expect((await req(null, 'GET', '/api/block')).statusCode).toBe(401);
  });

  it('keeps one row when the same block arrives many times at once', async () => {
    const [me, a] = await fresh(2) as [Person, Person];
    const all = await Promise.all(Array.from({ length: 12 }, () => block(me, a.id)));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect((await req(me, 'GET', '/api/block')).json()).toHaveLength(1);
    // Block and unblock racing end in one of the two states, never an error.
    const raced = await Promise.all([req(me, 'DELETE', `/api/block/${a.id}`), block(me, a.id), req(me, 'DELETE', `/api/block/${a.id}`)]);
    expect(raced.every((r) => r.statusCode === 200)).toBe(true);
    expect((await req(me, 'GET', '/api/block')).json<unknown[]>().length).toBeLessThanOrEqual(1);
  });

  it('stops party invitations both ways between blocked people, until unblocked', async () => {
    const [blocker, blocked] = await fresh(2) as [Person, Person];
    await block(blocker, blocked.id);
    const refused = await req(blocked, 'POST', '/api/partyinvitation', { userId: blocker.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'BLOCKED', message: 'This person is not accepting this from you' });
    const back = await req(blocker, 'POST', '/api/partyinvitation', { userId: blocked.id });
    expect(back.statusCode).toBe(403);
    expect(back.json().error).toEqual({ code: 'BLOCKED', message: 'You blocked this person. Unblock them first.' });
    // No invitation was stored and no notification sent.
    expect((await req(blocker, 'GET', '/api/partyinvitation')).json()).toEqual([]);

    await req(blocker, 'DELETE', `/api/block/${blocked.id}`);
    expect((await req(blocked, 'POST', '/api/partyinvitation', { userId: blocker.id })).statusCode).toBe(200);
    expect((await req(blocker, 'GET', '/api/partyinvitation')).json()).toHaveLength(1);
  });

  it('greets with a notification to the greeted person; not oneself, not twice a minute, not when blocked', async () => {
    const [from, to, other] = await fresh(3) as [Person, Person, Person];
    const ok = await req(from, 'POST', `/api/greet/${to.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userId: to.id, greeted: true });
    const got = await greetings(to);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toBe(`${from.name} waved at you`);
    expect(got[0]!.payload.actorId).toBe(from.id);
    expect(await greetings(from)).toHaveLength(0);

    const again = await req(from, 'POST', `/api/greet/${to.id}`);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(await greetings(to)).toHaveLength(1);

    expect((await req(from, 'POST', `/api/greet/${from.id}`)).statusCode).toBe(400);
    expect((await req(from, 'POST', `/api/greet/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await req(from, 'POST', '/api/greet/x')).statusCode).toBe(400);
    expect((await req(null, 'POST', `/api/greet/${to.id}`)).statusCode).toBe(401);

    await block(other, from.id);
    const blocked = await req(from, 'POST', `/api/greet/${other.id}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('BLOCKED');
    expect(await greetings(other)).toHaveLength(0);
  });

  it('refuses a direct conversation and its messages between blocked people, over REST and the hub', async () => {
    const [blocker, blocked, third] = await fresh(3) as [Person, Person, Person];
    const pair = (await req(blocked, 'POST', '/api/directmessagegroup', { memberIds: [blocker.id] })).json<DirectMessageGroup>();
    const trio = (await req(blocked, 'POST', '/api/directmessagegroup', { memberIds: [blocker.id, third.id] })).json<DirectMessageGroup>();
    await block(blocker, blocked.id);

    const start = await req(blocked, 'POST', '/api/directmessagegroup', { memberIds: [blocker.id] });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('BLOCKED');
    const startBack = await req(blocker, 'POST', '/api/directmessagegroup', { memberIds: [third.id, blocked.id] });
    expect(startBack.statusCode).toBe(403);

    const rest = await req(blocked, 'POST', `/api/directmessagegroup/${pair.id}/messages`, { text: 'hello?' });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().error.code).toBe('BLOCKED');
    expect((await req(blocker, 'POST', `/api/directmessagegroup/${pair.id}/messages`, { text: 'bye' })).statusCode).toBe(403);

    const s = hub(base, 'directMessage', blocked.token);
    sockets.push(s);
    await connected(s);
    const ack = (await s.timeout(3000).emitWithAck(HUB_METHODS.sendDirectMessageGroupMessage, { groupId: pair.id, text: 'psst' })) as HubAck;
    expect(ack).toMatchObject({ ok: false, error: { code: 'BLOCKED' } });
    const page = (await req(blocker, 'GET', `/api/directmessagegroup/${pair.id}/messages`)).json<{ messages: unknown[] }>();
    expect(page.messages).toHaveLength(0);

    // A group conversation with someone else in it goes on.
    expect((await req(blocked, 'POST', `/api/directmessagegroup/${trio.id}/messages`, { text: 'all' })).statusCode).toBe(200);

    await req(blocker, 'DELETE', `/api/block/${blocked.id}`);
    expect((await req(blocked, 'POST', `/api/directmessagegroup/${pair.id}/messages`, { text: 'again' })).statusCode).toBe(200);
  });
});
