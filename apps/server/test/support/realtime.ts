import type { FastifyInstance } from 'fastify';
import { io as connectHub, type Socket } from 'socket.io-client';
import { Client } from '@colyseus/sdk';
import { emptySceneDocument, HUBS, REALTIME_PATHS, REALTIME_PROTOCOL_VERSION, SPACE_ROOM } from '@atrium/shared';
import type { Db } from '../../src/db/client.ts';
import { ApiKeysRepo } from '../../src/modules/apikeys/repo.ts';
import { ApiKeysService } from '../../src/modules/apikeys/service.ts';
import { ScenesRepo } from '../../src/modules/scenes/repo.ts';
import { UsersRepo } from '../../src/modules/users/repo.ts';

// Real clients against a listening server: the Colyseus SDK for space instances, socket.io-client
// for the hubs. People sign in with personal API keys, which take the same bearer path as JWTs.

export interface Person {
  id: string;
  name: string;
  token: string;
}

let seq = 0;
export async function makePeople(db: Db, n: number, prefix = 'rt'): Promise<Person[]> {
  const users = new UsersRepo(db);
  const keys = new ApiKeysService(new ApiKeysRepo(db));
  const out: Person[] = [];
  for (let i = 0; i < n; i++) {
    const k = `${prefix}-${Date.now()}-${seq++}`;
    const u = await users.ensure({ subject: k, loginProvider: 'test', email: `${k}@example.org`, name: `Person ${k}`, role: 'free-user' });
    out.push({ id: u.id, name: u.name ?? '', token: (await keys.createFor(u.id, 'test')).key });
  }
  return out;
}

export async function makeSpace(db: Db, extra: { state?: 'Draft' | 'Published'; ownerId?: string; visible?: boolean } = {}) {
  const doc = emptySceneDocument();
  return new ScenesRepo(db).insert({
    title: 'Realtime test space',
    state: extra.state ?? 'Published',
    publishedPublic: true,
    visible: extra.visible ?? true,
    ownerId: extra.ownerId ?? null,
    content: doc as object,
    publishedContent: doc as object,
    publishedAt: new Date(),
  });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

export function spaceClient(base: string, token?: string): Client {
  const c = new Client(`${base}${REALTIME_PATHS.spaces}`);
  if (token) c.auth.token = token;
  return c;
}

export const joinSpace = (c: Client, sceneId: string) =>
  c.joinOrCreate(SPACE_ROOM, { protocol: REALTIME_PROTOCOL_VERSION, sceneId });

export function hub(base: string, name: keyof typeof HUBS, token?: string): Socket {
  return connectHub(`${base}${HUBS[name]}`, {
    path: REALTIME_PATHS.hubs,
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
}

export function connected(s: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

/** The next event of this name, or a rejection after `ms`. */
export function next<T = unknown>(s: Socket, event: string, ms = 3000, where: (v: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (v: T) => {
      if (!where(v)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(v);
    };
    s.on(event, on);
  });
}

export async function until(check: () => boolean | Promise<boolean>, ms = 3000, what = 'condition') {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
