import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { eq } from 'drizzle-orm';
import { REALTIME_PROTOCOL_VERSION, type VoiceToken } from '@atrium/shared';
import { sceneAcl, scenes } from '../src/db/schema/index.ts';
import { JanusAdmin } from '../src/modules/voice/janusAdmin.ts';
import { VoiceRooms } from '../src/modules/voice/rooms.ts';
import { startJanus, type RunningJanus } from '../src/voice/janusProcess.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

// Issue 20 (voice): tokens only for those the communication list lets talk, refused by Janus itself
// when missing, replaced or expired, and the owner's mute for everyone. Runs against a real Janus
// (the Debian package .ci/run installs).

const quiet = { info: () => {}, warn: () => {} };

/** The Janus HTTP API as a client without the server's secrets sees it. */
class JanusPeer {
  private session = '';
  private handle = '';
  private readonly url: string;
  private readonly token: string;
  constructor(url: string, token: string) {
    this.url = url;
    this.token = token;
  }
  private async post(path: string, body: Record<string, unknown>) {
    const res = await fetch(`${this.url}${path}`, { method: 'POST', body: JSON.stringify({ ...body, token: this.token, transaction: crypto.randomUUID() }) });
    return (await res.json()) as { janus: string; data?: { id: number }; error?: { code: number; reason: string } };
  }
  async open(): Promise<string> {
    const s = await this.post('', { janus: 'create' });
    if (s.janus !== 'success') return `refused ${s.error?.code}`;
    this.session = `/${s.data!.id}`;
    const h = await this.post(this.session, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
    if (h.janus !== 'success') return `refused ${h.error?.code}`;
    this.handle = `${this.session}/${h.data!.id}`;
    return 'open';
  }
  /** Joins a room as a publisher (no media needed to be listed); answers the plugin's verdict. */
  async join(room: string, id: string, roomToken = this.token): Promise<string> {
    const ack = await this.post(this.handle, { janus: 'message', body: { request: 'join', ptype: 'publisher', room, id, display: id, token: roomToken } });
    if (ack.janus !== 'ack') return `refused ${ack.error?.code}`;
    for (;;) {
      const res = await fetch(`${this.url}${this.session}?token=${encodeURIComponent(this.token)}&maxev=1&rid=${Date.now()}`);
      const ev = (await res.json()) as { janus: string; plugindata?: { data: { videoroom: string; error_code?: number } } };
      if (ev.janus === 'event' && ev.plugindata) {
        const d = ev.plugindata.data;
        return d.error_code ? `refused ${d.error_code}` : d.videoroom;
      }
      if (ev.janus === 'error') return 'refused';
    }
  }
  async keepalive(): Promise<string> {
    const r = await this.post(this.session, { janus: 'keepalive' });
    return r.janus === 'ack' ? 'ok' : `refused ${r.error?.code}`;
  }
}

describe.each(databases)('voice on %s', (_name, openDb) => {
  let janus: RunningJanus;
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: Person;
  let friend: Person; // on the communication list
  let stranger: Person; // may visit, may not talk
  let outsider: Person; // not in the instance
  let sceneId: string;
  let instanceId: string;
  const rooms: Room[] = [];

  const token = (p: Person, body: Record<string, unknown> = { sceneId, instanceId }) =>
    app.inject({ method: 'POST', url: '/api/voice/token', headers: { authorization: `Bearer ${p.token}` }, payload: body });

  beforeAll(async () => {
    const started = await startJanus(quiet);
    if (!started) throw new Error('janus is not installed (apt-get install janus)');
    janus = started;
    db = await openDb();
    ({ app } = await makeTestApp(db, { voice: { mode: 'auto', janus, iceServers: [] } }));
    base = await listen(app);
    [owner, friend, stranger, outsider] = (await makePeople(db.db, 4, 'voice')) as [Person, Person, Person, Person];
    const space = await makeSpace(db.db, { ownerId: owner.id });
    sceneId = space.id;
    await db.db.update(scenes).set({ communicationAclEnabled: true }).where(eq(scenes.id, sceneId));
    await db.db.insert(sceneAcl).values({ sceneId, list: 'communication', principalType: 'user', principalId: friend.id });
    const first = await joinSpace(spaceClient(base, owner.token), sceneId);
    rooms.push(first);
    instanceId = first.roomId;
    for (const p of [friend, stranger]) rooms.push(await spaceClient(base, p.token).joinById(instanceId, { protocol: REALTIME_PROTOCOL_VERSION, sceneId, draft: false }));
    const count = async () => (await app.inject({ method: 'GET', url: `/api/live` })).statusCode === 200;
    await until(count, 3000, 'live');
  }, 120_000);

  afterAll(async () => {
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app?.close();
    await db?.close();
    await janus?.stop();
  });

  it('gives no token to a visitor the communication list leaves out, nor to someone not in the instance', async () => {
    const refused = await token(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'COMMUNICATIONS_DISABLED', message: 'Communications are disabled' });
    // Someone who may talk in another space gets nothing for this instance by naming that space.
    const open = await makeSpace(db.db);
    expect((await token(outsider, { sceneId: open.id, instanceId })).statusCode).toBe(404);
    expect((await token(outsider)).json().error.code).toBe('COMMUNICATIONS_DISABLED');
    expect((await token(friend, { sceneId, instanceId: 'nosuchroom' })).statusCode).toBe(404);
    expect((await token(friend, { sceneId: 'not-a-uuid', instanceId })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/voice/token', payload: { sceneId, instanceId } })).statusCode).toBe(401);
    expect((await token(friend)).statusCode).toBe(200);
    expect((await token(owner)).statusCode).toBe(200);
  });

  it('lets a token holder into the room and nobody without one, or with one for another room', async () => {
    const t = (await token(friend)).json<VoiceToken>();
    expect(t.wsPath).toBe('/api/voice/ws');
    expect(new Date(t.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // No token: Janus refuses even a session.
    expect(await new JanusPeer(janus.httpUrl!, '').open()).toBe('refused 403');
    expect(await new JanusPeer(janus.httpUrl!, 'made-up-token').open()).toBe('refused 403');
    // The holder joins with the id they were given.
    const peer = new JanusPeer(janus.httpUrl!, t.token);
    expect(await peer.open()).toBe('open');
    expect(await peer.join(t.room, t.participantId)).toBe('joined');
    // The owner's token opens a session, but the owner's room token names the room; a made-up room token is refused.
    const o = (await token(owner)).json<VoiceToken>();
    const intruder = new JanusPeer(janus.httpUrl!, o.token);
    expect(await intruder.open()).toBe('open');
    expect(await intruder.join(t.room, `${owner.id}.x`, 'not-on-the-list')).toMatch(/^refused/);
  });

  it('refuses a replaced token at once and an expired one once its minute is over', async () => {
    const first = (await token(friend)).json<VoiceToken>();
    const second = (await token(friend)).json<VoiceToken>();
    expect(second.token).not.toBe(first.token);
    expect(await new JanusPeer(janus.httpUrl!, first.token).open()).toBe('refused 403');
    expect(await new JanusPeer(janus.httpUrl!, second.token).open()).toBe('open');

    // Expiry with a short lifetime on the same Janus (the service's is VOICE_LIMITS.tokenTtlSeconds).
    const short = new VoiceRooms(new JanusAdmin(janus), { ttlMs: 400, publishers: 2, bitrate: 32_000 });
    const issued = await short.issue(sceneId, `expiry-${Date.now()}`, friend.id);
    const live = new JanusPeer(janus.httpUrl!, issued.token);
    expect(await live.open()).toBe('open');
    await new Promise((r) => setTimeout(r, 800));
    expect(await new JanusPeer(janus.httpUrl!, issued.token).open()).toBe('refused 403');
    // A session opened with it cannot go on without a fresh token either.
    expect(await live.keepalive()).toBe('refused 403');
    await short.close();
  });

  it('hands five visitors arriving at once in a new room a token each, and each token opens the one room', async () => {
    const rooms = new VoiceRooms(new JanusAdmin(janus), { ttlMs: 60_000, publishers: 10, bitrate: 32_000 });
    const room = `together-${Date.now()}`;
    const five = await makePeople(db.db, 5, 'together');
    const issued = await Promise.all(five.map((p) => rooms.issue(sceneId, room, p.id)));
    for (const t of issued) {
      const peer = new JanusPeer(janus.httpUrl!, t.token);
      expect(await peer.open()).toBe('open');
      expect(await peer.join(room, t.participantId)).toBe('joined');
    }
    await rooms.close();
  });

  it('lets the owner mute a visitor for everyone: removed from the room and refused new tokens', async () => {
    const t = (await token(friend)).json<VoiceToken>();
    const peer = new JanusPeer(janus.httpUrl!, t.token);
    expect(await peer.open()).toBe('open');
    expect(await peer.join(t.room, t.participantId)).toBe('joined');
    const admin = new JanusAdmin(janus);
    expect((await admin.participants(t.room)).map((p) => p.id)).toContain(t.participantId);

    const mute = (by: Person, muted: boolean) =>
      app.inject({ method: 'POST', url: `/api/voice/mute/${sceneId}`, headers: { authorization: `Bearer ${by.token}` }, payload: { userId: friend.id, muted } });
    expect((await mute(stranger, true)).statusCode).toBe(403);
    const done = await mute(owner, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ sceneId, userIds: [friend.id] });
    expect((await admin.participants(t.room)).map((p) => p.id)).not.toContain(t.participantId);
    expect(await peer.keepalive()).toBe('refused 403');
    const refused = await token(friend);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('VOICE_MUTED');

    expect((await mute(owner, false)).json().userIds).toEqual([]);
    expect((await token(friend)).statusCode).toBe(200);
  });

  it('kicks whoever joined under an id the server did not issue', async () => {
    const t = (await token(friend)).json<VoiceToken>();
    const peer = new JanusPeer(janus.httpUrl!, t.token);
    expect(await peer.open()).toBe('open');
    expect(await peer.join(t.room, `${owner.id}.forged`)).toBe('joined');
    await token(friend); // any token request audits the room
    const admin = new JanusAdmin(janus);
    await until(async () => !(await admin.participants(t.room)).some((p) => p.id === `${owner.id}.forged`), 3000, 'forged id removed');
  });

  it('comes back after Janus crashes mid-call: answers 503 meanwhile, then rooms and tokens work again', async () => {
    const before = (await token(friend)).json<VoiceToken>();
    const pid = janus.pid()!;
    process.kill(pid, 'SIGKILL');
    await until(() => janus.pid() === undefined, 3000, 'janus gone');
    const during = await token(friend);
    expect(during.statusCode).toBe(503);
    expect(during.json().error.code).toBe('VOICE_NOT_SET_UP');
    // Restarted within a second or two; the room is created again on the next request.
    await until(async () => (await token(friend)).statusCode === 200, 15_000, 'voice back');
    expect(janus.pid()).not.toBe(pid);
    const after = (await token(friend)).json<VoiceToken>();
    expect(after.room).toBe(before.room);
    const peer = new JanusPeer(janus.httpUrl!, after.token);
    expect(await peer.open()).toBe('open');
    expect(await peer.join(after.room, after.participantId)).toBe('joined');
  }, 30_000);
});

describe('voice without Janus', () => {
  it('says voice is not set up, and the rest of the server works', { timeout: 120_000 }, async () => {
    const db = await databases[0]![1]();
    const { app } = await makeTestApp(db, { voice: { mode: 'off', iceServers: [] } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/voice/status' })).json()).toEqual({ available: false });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
