import type { FastifyBaseLogger } from 'fastify';
import type { AvatarAppearance, InstanceEvent, LiveVisitor } from '@atrium/shared';
import type { Actor } from '../plugins/actor.ts';

/** A visitor as the realtime side shows them: public profile plus chosen avatar. */
export interface Visitor extends LiveVisitor {
  avatar: AvatarAppearance;
}

/**
 * What space rooms need from the rest of the server. Colyseus creates rooms itself (by name, also on
 * behalf of other processes), so they cannot take constructor arguments; the matchmaker is a
 * per-process singleton and so is this context.
 */
export interface RealtimeContext {
  authenticate(token: string): Promise<Actor>;
  visitor(actor: Actor): Promise<Visitor>;
  /** Whether this person may be in this space (published and visible, or their own draft). */
  canEnter(actor: Actor, sceneId: string, draft: boolean): Promise<boolean>;
  /** Whether the space's communication list lets this person chat there. */
  canTalk(actor: Actor, sceneId: string): Promise<boolean>;
  announce(kind: 'entered' | 'exited', event: InstanceEvent): void;
  log: FastifyBaseLogger;
}

let current: RealtimeContext | null = null;

export function setRealtimeContext(ctx: RealtimeContext | null) {
  current = ctx;
}

export function realtimeContext(): RealtimeContext {
  if (!current) throw new Error('realtime is not started in this process');
  return current;
}
