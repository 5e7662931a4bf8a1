import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer, type Namespace } from 'socket.io';
import type { Socket } from 'socket.io-client';
import type { Client, Room } from '@colyseus/sdk';
import NodeWebSocket from 'ws';
import {
  HUB_EVENTS,
  HUB_METHODS,
  HUBS,
  REALTIME_PATHS,
  SPACE_MESSAGES,
  type AvatarStateShape,
  wirePose,
  type HubAck,
  type PublicMessage,
} from '@atrium/shared';
import { openTestPglite, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { connected, hub, joinSpace, listen, makePeople, makeSpace, next, spaceClient, until, type Person } from './support/realtime.ts';

// Bad input of the realtime issue: a client that stops reading. Its socket stays open but nothing is
// read from it any more, so it answers no pings. Everyone else's traffic must keep flowing, and the
// server must drop it on its own heartbeat (Socket.IO: ping every 10 s, 5 s to answer; Colyseus'
// WebSocket transport: ping every 3 s, cut after 2 unanswered).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const call = <T = unknown>(s: Socket, method: string, args: unknown) =>
  s.timeout(3000).emitWithAck(method, args) as Promise<HubAck<T>>;

type Avatars = Map<string, AvatarStateShape>;
const avatarsOf = (room: Room): Avatars =>
  (room.state as { avatars?: Avatars } | undefined)?.avatars ?? new Map<string, AvatarStateShape>();

/**
 * A bare Socket.IO client (Engine.IO v4 over node's `ws`) for the hub visitor who stops reading.
 * socket.io-client runs its own heartbeat timer and closes the socket itself once pings stop
 * arriving, at the same moment the server's check fires; this one only answers pings while it
 * reads and never closes on its own, so a drop can only come from the server.
 */
class RawHub {
  readonly ws: NodeWebSocket;
  sid = '';
  private readonly nsp: string;
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  private readonly listeners = new Set<(event: string, data: unknown) => void>();
  private ackSeq = 0;

  private constructor(ws: NodeWebSocket, nsp: string) {
    this.ws = ws;
    this.nsp = nsp;
  }

  static open(base: string, nsp: string, token: string): Promise<RawHub> {
    const ws = new NodeWebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATHS.hubs}/?EIO=4&transport=websocket`);
    const raw = new RawHub(ws, nsp);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('raw hub: no connect within 5000 ms')), 5000);
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text === '2') return ws.send('3'); // Engine.IO ping → pong
        if (text.startsWith('0')) return ws.send(`40${nsp},${JSON.stringify({ token })}`); // open → join the namespace
        // Socket.IO packet: 4 <type> [/nsp,] [ack id] [json]
        const m = /^4(\d)(?:(\/[^,]*),)?(\d*)([\s\S]*)$/.exec(text);
        if (!m || (m[2] ?? '/') !== nsp) return;
        const [, type, , id, json] = m;
        const payload: unknown = json ? JSON.parse(json) : undefined;
        if (type === '0') {
          clearTimeout(timer);
          raw.sid = (payload as { sid: string }).sid;
          resolve(raw);
        } else if (type === '4') {
          clearTimeout(timer);
          reject(new Error((payload as { message?: string }).message ?? 'connect_error'));
        } else if (type === '2') {
          const [event, arg] = payload as [string, unknown];
          for (const l of raw.listeners) l(event, arg);
        } else if (type === '3') {
          raw.acks.get(Number(id))?.(payload as unknown[]);
        }
      });
    });
  }

  call<T = unknown>(method: string, args: unknown): Promise<HubAck<T>> {
    const id = this.ackSeq++;
    this.ws.send(`42${this.nsp},${id}${JSON.stringify([method, args])}`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`no ack for ${method} within 3000 ms`));
      }, 3000);
      this.acks.set(id, (args) => {
        clearTimeout(timer);
        this.acks.delete(id);
        resolve(args[0] as HubAck<T>);
      });
    });
  }

  next<T = unknown>(event: string, ms = 3000, where: (v: T) => boolean = () => true): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(on);
        reject(new Error(`raw hub: no ${event} within ${ms} ms`));
      }, ms);
      const on = (e: string, v: unknown) => {
        if (e !== event || !where(v as T)) return;
        clearTimeout(timer);
        this.listeners.delete(on);
        resolve(v as T);
      };
      this.listeners.add(on);
    });
  }
}

interface SdkTransport {
  ws?: NodeWebSocket;
  events: Partial<Record<'onopen' | 'onmessage' | 'onclose' | 'onerror', (e: unknown) => void>>;
  connect(url: string, headers?: Record<string, string>): void;
}

/**
 * A space client whose room socket is node's `ws`, so it can stop reading (`ws.pause()`). The SDK
 * takes Node's built-in WebSocket when there is one, and that has no way to stop reading; this
 * swaps only the socket constructor of this client's rooms and leaves the SDK's protocol alone.
 */
function stallableSpaceClient(base: string, token: string): Client {
  const client = spaceClient(base, token);
  const sdk = client as unknown as { createRoom(name: string, schema?: unknown): Room };
  const createRoom = sdk.createRoom.bind(client);
  sdk.createRoom = (name, schema) => {
    const room = createRoom(name, schema);
    let connection: Room['connection'] | undefined;
    Object.defineProperty(room, 'connection', {
      configurable: true,
      enumerable: true,
      get: () => connection,
      set: (c: Room['connection']) => {
        connection = c;
        const t = c.transport as unknown as SdkTransport;
        t.connect = (url, headers) => {
          const ws = new NodeWebSocket(url, { headers });
          ws.binaryType = 'arraybuffer';
          ws.onopen = (e) => t.events.onopen?.(e);
          ws.onmessage = (e) => t.events.onmessage?.(e);
          ws.onclose = (e) => t.events.onclose?.(e);
          ws.onerror = (e) => t.events.onerror?.(e);
          t.ws = ws;
        };
      },
    });
    return room;
  };
  return client;
}

const nodeSocketOf = (room: Room): NodeWebSocket => {
  const ws = (room.connection.transport as unknown as SdkTransport).ws;
  if (!(ws instanceof NodeWebSocket)) throw new Error('not a node ws socket');
  return ws;
};

describe('a realtime client that stops reading', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let people: Person[];
  let liveUser: Namespace;
  /** Server-side hub disconnects: socket id → reason. */
  const hubDrops = new Map<string, string>();
  const sockets: Socket[] = [];
  const raws: NodeWebSocket[] = [];
  const rooms: Room[] = [];
  const track = (r: Room) => (rooms.push(r), r);

  beforeAll(async () => {
    db = await openTestPglite();
    // The Socket.IO server is private to the realtime module; catch it as it sets up its namespaces
    // to watch disconnects from the server's side.
    const of = vi.spyOn(SocketServer.prototype, 'of');
    try {
      ({ app } = await makeTestApp(db));
      const io = of.mock.contexts.find((c) => c instanceof SocketServer);
      if (!io) throw new Error('the realtime module made no Socket.IO server');
      liveUser = io.of(HUBS.liveUser);
    } finally {
      of.mockRestore();
    }
    liveUser.on('connection', (s) => s.on('disconnect', (reason) => hubDrops.set(s.id, reason)));
    base = await listen(app);
    people = await makePeople(db.db, 6, 'stall');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const ws of raws) ws.terminate();
    // A room whose socket was cut never settles its leave(); do not wait on those.
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('keeps public chat flowing to the rest of the instance and drops the stalled hub socket on the ping timeout', { timeout: 60_000 }, async () => {
    const [a, b, c] = [people[0]!, people[1]!, people[2]!];
    const space = await makeSpace(db.db);
    // All three are in one instance of the space, as in the viewer.
    const ra = track(await joinSpace(spaceClient(base, a.token), space.id));
    const rb = track(await joinSpace(spaceClient(base, b.token), space.id));
    const rc = track(await joinSpace(spaceClient(base, c.token), space.id));
    expect([rb.roomId, rc.roomId]).toEqual([ra.roomId, ra.roomId]);
    const instance = { sceneId: space.id, instanceId: ra.roomId };

    const [sa, sb] = [hub(base, 'liveUser', a.token), hub(base, 'liveUser', b.token)];
    sockets.push(sa, sb);
    await Promise.all([connected(sa), connected(sb)]);
    const sc = await RawHub.open(base, HUBS.liveUser, c.token);
    raws.push(sc.ws);
    expect(await call(sa, HUB_METHODS.joinScene, instance)).toEqual({ ok: true });
    expect(await call(sb, HUB_METHODS.joinScene, instance)).toEqual({ ok: true });
    expect(await sc.call(HUB_METHODS.joinScene, instance)).toEqual({ ok: true });
    const serverSide = (await liveUser.fetchSockets()).find((s) => s.id === sc.sid);
    expect(serverSide?.data.actor.userId).toBe(c.id);

    // C reads the instance's chat like everyone else, so the chat below is broadcast to it too.
    const say = async (text: string) => {
      const toB = next<PublicMessage>(sb, HUB_EVENTS.publicMessage, 2000, (m) => m.text === text);
      expect((await call<PublicMessage>(sa, HUB_METHODS.sendPublicMessage, { text })).ok).toBe(true);
      expect((await toB).user.id).toBe(a.id);
    };
    const toC = sc.next<PublicMessage>(HUB_EVENTS.publicMessage, 2000, (m) => m.text === 'before');
    await say('before');
    expect((await toC).user.id).toBe(a.id);

    // C stops reading: its socket stays open, nothing more is read, no ping is answered.
    sc.ws.pause();
    const stalledAt = Date.now();
    let delivered = 0;
    // Up to pingInterval + pingTimeout (15 s) until the server notices, plus room for a loaded machine.
    while (!hubDrops.has(sc.sid)) {
      if (Date.now() - stalledAt > 30_000) throw new Error(`the stalled hub socket was not dropped within 30 s (${delivered} messages delivered meanwhile)`);
      await say(`while C is stalled ${delivered}`);
      delivered++;
      await sleep(1000);
    }
    // The server cut it for not answering its pings, not for anything C did.
    expect(hubDrops.get(sc.sid)).toBe('ping timeout');
    // The check only fires pingTimeout (5 s) after a ping, so chat flowed for several seconds before.
    expect(delivered).toBeGreaterThanOrEqual(3);
    expect((await liveUser.fetchSockets()).some((s) => s.id === sc.sid)).toBe(false);
    // A, B (and their own sockets) carry on as before.
    expect(hubDrops.has(sa.id!) || hubDrops.has(sb.id!)).toBe(false);
    await say('after');
  });

  it('keeps replicating moves to the rest of the instance, drops the stalled socket on the transport ping and frees its seat', { timeout: 90_000 }, async () => {
    const [a, b, c] = [people[3]!, people[4]!, people[5]!];
    const space = await makeSpace(db.db);
    const ra = track(await joinSpace(spaceClient(base, a.token), space.id));
    const rb = track(await joinSpace(spaceClient(base, b.token), space.id));
    const rc = track(await joinSpace(stallableSpaceClient(base, c.token), space.id));
    expect([rb.roomId, rc.roomId]).toEqual([ra.roomId, ra.roomId]);
    await until(() => avatarsOf(rb).has(ra.sessionId) && avatarsOf(rb).has(rc.sessionId), 3000, 'a and c in b’s state');
    // C walks, so the server's drop (which sets a dropped avatar idle) shows in everyone's state.
    rc.send(SPACE_MESSAGES.move, { x: 1, y: 0, z: 1, ry: 0, anim: 'walk' });
    await until(() => avatarsOf(rb).get(rc.sessionId)?.anim === 'walk', 3000, 'c walking');
    rc.reconnection.enabled = false;

    // C stops reading: the socket stays open, nothing more is read and no ping gets its pong.
    nodeSocketOf(rc).pause();
    const stalledAt = Date.now();
    let droppedAt = 0;
    let x = 0;
    // Dropped after 2–3 unanswered pings 3 s apart (≤ ~9 s), then held for the 30 s reconnection
    // window before the avatar goes: ~40 s, bounded at 70 s for a loaded machine.
    while (avatarsOf(rb).has(rc.sessionId)) {
      if (Date.now() - stalledAt > 70_000) throw new Error('the stalled visitor’s avatar was not removed within 70 s');
      if (!droppedAt && avatarsOf(rb).get(rc.sessionId)?.anim === 'idle') droppedAt = Date.now();
      x += 0.5;
      ra.send(SPACE_MESSAGES.move, { x, y: 0, z: 0, ry: 0, anim: 'walk' });
      await until(() => avatarsOf(rb).get(ra.sessionId)?.x === wirePose.centimetres(x), 2000, `a’s move to x=${x} in b’s state`);
      await sleep(1000);
    }
    const removedAt = Date.now();
    // The server noticed the dead socket on its own heartbeat, well before it gave up the seat.
    expect(droppedAt).toBeGreaterThan(0);
    expect(droppedAt - stalledAt).toBeLessThan(25_000);
    expect(removedAt - droppedAt).toBeGreaterThan(20_000);
    // Moves kept arriving all the while (one a second or so, each within 2 s).
    expect(x).toBeGreaterThanOrEqual(10);
    expect(avatarsOf(ra).has(rc.sessionId)).toBe(false);
    expect([...avatarsOf(rb).keys()].sort()).toEqual([ra.sessionId, rb.sessionId].sort());
    // And still do.
    ra.send(SPACE_MESSAGES.move, { x: x + 0.5, y: 0, z: 0, ry: 0, anim: 'idle' });
    await until(() => avatarsOf(rb).get(ra.sessionId)?.anim === 'idle', 2000, 'a’s last move');
  });
});
