import type { Socket } from 'socket.io';
import type { DefaultEventsMap } from 'socket.io';
import type { Actor } from '../../plugins/actor.ts';
import type { Visitor } from '../context.ts';

export interface HubSocketData {
  actor: Actor;
  visitor: Visitor;
  sceneId?: string;
  instanceId?: string;
  /** Decided on JoinScene from the space's communication list. */
  canTalk?: boolean;
}
export type HubSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, HubSocketData>;

/** The token travels in the handshake's `auth.token` (browsers cannot set headers on WebSockets). */
export function hubToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(socket.handshake.headers.authorization ?? '');
  return m?.[1] ?? null;
}

/**
 * Refuses a hub connection without a valid token. The error's `data.status` is 401 so the client's
 * state machine can tell "signed out" (do not retry, spec §8) from "server unreachable".
 */
export function hubAuth(deps: { authenticate: (token: string) => Promise<Actor>; visitor: (a: Actor) => Promise<Visitor> }) {
  return async (socket: Socket, next: (err?: Error) => void) => {
    const token = hubToken(socket);
    const actor = token ? await deps.authenticate(token).catch(() => null) : null;
    if (!actor) {
      const err = new Error('UNAUTHENTICATED') as Error & { data?: unknown };
      err.data = { status: 401 };
      return next(err);
    }
    try {
      socket.data = { actor, visitor: await deps.visitor(actor) } satisfies HubSocketData;
      next();
    } catch (e) {
      next(e instanceof Error ? e : new Error(String(e)));
    }
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sceneRoom = (sceneId: string) => `scene:${sceneId}`;
export const instanceRoom = (instanceId: string) => `instance:${instanceId}`;
