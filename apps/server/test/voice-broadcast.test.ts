import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { JANUS_WS_PROTOCOL, REALTIME_LIMITS, type VoiceBroadcastToken } from '@atrium/shared';
import { sceneEvents, scenes } from '../src/db/schema/index.ts';
import { JanusAdmin } from '../src/modules/voice/janusAdmin.ts';
import { startJanus, type RunningJanus } from '../src/voice/janusProcess.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

// Issue 20 (broadcast voice): during an event the host may publish into the event's voice room and
// every visitor of any instance of the space only listens — refused by the server's proxy, not just
// by the browser. Runs against a real Janus (the Debian package .ci/run installs).

const quiet = { info: () => {}, warn: () => {} };

type JanusReply = { janus: string; transaction?: string; data?: { id: number }; error?: { code: number; reason: string }; plugindata?: { data: Record<string, unknown> } };

/** A browser's view of Janus: the WebSocket API through the server's proxy at /api/voice/ws. */
class ProxyPeer {
  private readonly ws: WebSocket;
  private readonly token: string;
  private readonly replies: JanusReply[] = [];
  private session = 0;
  private handle = 0;
  constructor(base: string, token: string) {
    this.token = token;
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/api/voice/ws`, JANUS_WS_PROTOCOL);
    this.ws.on('message', (d) => this.replies.push(JSON.parse(d.toString()) as JanusReply));
  }
  private async wait(match: (r: JanusReply) => boolean): Promise<JanusReply> {
    await until(() => this.replies.some(match), 5000, 'janus reply');
    const i = this.replies.findIndex(match);
    return this.replies.splice(i, 1)[0]!;
  }
  private async send(msg: Record<string, unknown>): Promise<JanusReply> {
    if (this.ws.readyState !== WebSocket.OPEN) await new Promise((r) => this.ws.once('open', r));
    const transaction = randomUUID();
    this.ws.send(JSON.stringify({ ...msg, token: this.token, transaction }));
    return this.wait((r) => r.transaction === transaction && r.janus !== 'ack');
  }
  async open(): Promise<string> {
    const s = await this.send({ janus: 'create' });
    if (s.janus !== 'success') return `refused ${s.error?.code}`;
    this.session = s.data!.id;
    const h = await this.send({ janus: 'attach', session_id: this.session, plugin: 'janus.plugin.videoroom' });
    if (h.janus !== 'success') return `refused ${h.error?.code}`;
    this.handle = h.data!.id;
    return 'open';
  }
  /** A VideoRoom request; answers the proxy's refusal, the plugin's error code or its verdict. */
  async request(body: Record<string, unknown>): Promise<string> {
    const r = await this.send({ janus: 'message', session_id: this.session, handle_id: this.handle, body: { token: this.token, ...body } });
    if (r.janus === 'error') return `refused ${r.error?.code}`;
    const d = r.plugindata?.data ?? {};
    return d.error_code ? `error ${String(d.error_code)}` : String(d.videoroom);
  }
  close() {
    this.ws.close();
  }
}

describe.each(databases)('broadcast voice on %s', (_name, openDb) => {
  let janus: RunningJanus;
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: Person;
  let host: Person; // the event's host, in the first instance
  let visitor: Person; // in the second instance of the same space
  let outsider: Person;
  let sceneId: string;
  let first: string;
  let second: string;
  const rooms: Room[] = [];
  const peers: ProxyPeer[] = [];

  const broadcast = (p: Person, instanceId: string, s = sceneId) =>
    app.inject({ method: 'POST', url: '/api/voice/broadcast', headers: { authorization: `Bearer ${p.token}` }, payload: { sceneId: s, instanceId } });
  const startEvent = (s: string, hostId: string) =>
    db.db.insert(sceneEvents).values({
      id: randomUUID(),
      sceneId: s,
      hostId,
      title: 'Broadcast',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });

  beforeAll(async () => {
    const started = await startJanus(quiet);
    if (!started) throw new Error('janus is not installed (apt-get install janus)');
    janus = started;
    db = await openDb();
    ({ app } = await makeTestApp(db, { voice: { mode: 'auto', janus, iceServers: [] } }));
    base = await listen(app);
    [owner, host, visitor, outsider] = (await makePeople(db.db, 4, 'broadcast')) as [Person, Person, Person, Person];
    sceneId = (await makeSpace(db.db, { ownerId: owner.id })).id;
    // The host and 24 more seats of theirs fill the first instance; the visitor's opens a second.
    const a = await joinSpace(spaceClient(base, host.token), sceneId);
    rooms.push(a);
    for (let i = 1; i < REALTIME_LIMITS.maxClientsPerInstance; i++) rooms.push(await joinSpace(spaceClient(base, host.token), sceneId));
    const b = await joinSpace(spaceClient(base, visitor.token), sceneId);
    rooms.push(b);
    [first, second] = [a.roomId, b.roomId];
    expect(second).not.toBe(first);
  }, 120_000);

  afterAll(async () => {
    for (const p of peers) p.close();
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app?.close();
    await db?.close();
    await janus?.stop();
  });

  it('gives no broadcast token while no event is on', async () => {
    const none = await broadcast(host, first);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NOT_FOUND');
    expect((await broadcast(visitor, second)).statusCode).toBe(404);
  });

  it("gives the host a token that publishes into the event room, and a visitor of another instance a listen-only one", async () => {
    await startEvent(sceneId, host.id);
    const h = await broadcast(host, first);
    expect(h.statusCode).toBe(200);
    const ht = h.json<VoiceBroadcastToken>();
    expect(ht).toMatchObject({ role: 'host', hostId: host.id, wsPath: '/api/voice/ws' });
    expect(ht.room).toBe(`event:${ht.eventId}`);
    const v = await broadcast(visitor, second);
    expect(v.statusCode).toBe(200);
    const vt = v.json<VoiceBroadcastToken>();
    expect(vt).toMatchObject({ role: 'listener', hostId: host.id, room: ht.room, eventId: ht.eventId });
    // Not in the instance named: nothing, whatever the event.
    expect((await broadcast(visitor, first)).statusCode).toBe(404);

    // The host joins the event room as a publisher through the proxy.
    const hp = new ProxyPeer(base, ht.token);
    peers.push(hp);
    expect(await hp.open()).toBe('open');
    expect(await hp.request({ request: 'join', ptype: 'publisher', room: ht.room, id: ht.participantId, display: host.id })).toBe('joined');
    const admin = new JanusAdmin(janus);
    expect((await admin.participants(ht.room)).map((p) => p.id)).toEqual([ht.participantId]);

    // The listener may watch the room for the host's feed and subscribe to it (Janus answers; the
    // host sends no media here).
    const vp = new ProxyPeer(base, vt.token);
    peers.push(vp);
    expect(await vp.open()).toBe('open');
    expect(await vp.request({ request: 'listparticipants', room: vt.room })).toBe('participants');
    expect(await vp.request({ request: 'join', ptype: 'subscriber', room: vt.room, streams: [{ feed: ht.participantId }] })).not.toBe('refused 403');
  });

  it('refuses, in the proxy, every way a listener could publish into the event room', async () => {
    const vt = (await broadcast(visitor, second)).json<VoiceBroadcastToken>();
    expect(vt.role).toBe('listener');
    const vp = new ProxyPeer(base, vt.token);
    peers.push(vp);
    expect(await vp.open()).toBe('open');
    const room = vt.room;
    expect(await vp.request({ request: 'join', ptype: 'publisher', room, id: vt.participantId })).toBe('refused 403');
    expect(await vp.request({ request: 'join', room, id: vt.participantId })).toBe('refused 403');
    expect(await vp.request({ request: 'joinandconfigure', ptype: 'publisher', room, id: vt.participantId })).toBe('refused 403');
    expect(await vp.request({ request: 'publish', audio: true })).toBe('refused 403');
    expect(await vp.request({ request: 'configure', audio: true })).toBe('refused 403');
    const admin = new JanusAdmin(janus);
    expect((await admin.participants(room)).map((p) => p.id)).not.toContain(vt.participantId);

    // The same holds on a connection opened with another token once the listen-only one shows up.
    const vt2 = (await broadcast(visitor, second)).json<VoiceBroadcastToken>();
    const sneaky = new ProxyPeer(base, vt2.token);
    peers.push(sneaky);
    expect(await sneaky.open()).toBe('open');
    expect(await sneaky.request({ request: 'join', ptype: 'publisher', room, id: `${visitor.id}.x`, token: vt2.token })).toBe('refused 403');
  });

  it("gives the owner (not the host) only a listen-only token, and a visitor's own instance token never opens the event room", async () => {
    const a = await joinSpace(spaceClient(base, owner.token), sceneId);
    rooms.push(a);
    const ot = (await broadcast(owner, a.roomId)).json<VoiceBroadcastToken>();
    expect(ot.role).toBe('listener');
    // A token for an instance room is not on the event room's list.
    const local = await app.inject({ method: 'POST', url: '/api/voice/token', headers: { authorization: `Bearer ${visitor.token}` }, payload: { sceneId, instanceId: second } });
    expect(local.statusCode).toBe(200);
    const lp = new ProxyPeer(base, local.json<{ token: string }>().token);
    peers.push(lp);
    expect(await lp.open()).toBe('open');
    expect(await lp.request({ request: 'join', ptype: 'publisher', room: ot.room, id: `${visitor.id}.y` })).toMatch(/^error/);
  });

  it('gives outsiders of a private space no broadcast token, and a closed communication list none either', async () => {
    await db.db.update(scenes).set({ publishedPublic: false, privacyAclEnabled: true }).where(eq(scenes.id, sceneId));
    const refused = await broadcast(outsider, second);
    expect(refused.statusCode).toBe(403);
    expect(['SPACE_ACCESS_DENIED', 'COMMUNICATIONS_DISABLED']).toContain(refused.json().error.code);
    await db.db.update(scenes).set({ publishedPublic: true, privacyAclEnabled: false, communicationAclEnabled: true }).where(eq(scenes.id, sceneId));
    const closed = await broadcast(visitor, second);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toEqual({ code: 'COMMUNICATIONS_DISABLED', message: 'Communications are disabled' });
    await db.db.update(scenes).set({ communicationAclEnabled: false }).where(eq(scenes.id, sceneId));
  });

  it('tears the event room down once the event is over: tokens withdrawn, room gone, no new token', async () => {
    const space = (await makeSpace(db.db, { ownerId: owner.id })).id;
    const r = await joinSpace(spaceClient(base, host.token), space);
    rooms.push(r);
    await db.db.insert(sceneEvents).values({
      id: randomUUID(),
      sceneId: space,
      hostId: host.id,
      title: 'Short',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 2500),
    });
    const ht = (await broadcast(host, r.roomId, space)).json<VoiceBroadcastToken>();
    expect(ht.role).toBe('host');
    const admin = new JanusAdmin(janus);
    expect(await admin.roomExists(ht.room)).toBe(true);
    await until(async () => !(await admin.roomExists(ht.room)), 8000, 'event room destroyed');
    const late = new ProxyPeer(base, ht.token);
    peers.push(late);
    expect(await late.open()).toBe('refused 403');
    expect((await broadcast(host, r.roomId, space)).statusCode).toBe(404);
  }, 20_000);
});
