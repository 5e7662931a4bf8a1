import type { Namespace } from 'socket.io';
import { newId } from '../../db/newId.ts';
import {
  chatText,
  HUB_EVENTS,
  HUB_METHODS,
  joinSceneArgs,
  sendPublicMessageArgs,
  type InstanceEvent,
  type PublicMessage,
} from '@atrium/shared';
import type { RealtimeContext } from '../context.ts';
import { liveSnapshot, type LiveSnapshot } from '../liveCounts.ts';
import type { MessageLimiter } from '../rateLimiter.ts';
import { ackOf, refuse, type Ack } from './ack.ts';
import { PushCache } from './pushCache.ts';
import { instanceRoom, sceneRoom, userRoom, type HubSocket } from './auth.ts';

const countsFor = (snap: LiveSnapshot, sceneId: string) => {
  const instances = snap.byScene.get(sceneId) ?? [];
  return {
    perInstance: { sceneId, instances: instances.map((i) => ({ instanceId: i.instanceId, count: i.count })) },
    inScene: { sceneId, count: instances.reduce((n, i) => n + i.count, 0) },
  };
};

/**
 * The live-user hub (spec §7): which space a visitor is in, live counts, instance arrivals and
 * departures, and public chat within the visitor's instance.
 */
export class LiveUserHub {
  private readonly ns: Namespace;
  private readonly ctx: RealtimeContext;
  private readonly limiter: MessageLimiter;
  private readonly cache: PushCache;
  /** Called after a JoinScene succeeds (party members follow their leader). */
  onJoined: ((socket: HubSocket) => void) | null = null;
  /**
   * A socket's scene moves, one after another. A client sends JoinScene without an instance when its
   * hub connects and again with one when its room is joined; run side by side, the first could finish
   * last and take the socket out of its instance's room, so it never hears who is in it.
   */
  private readonly moves = new WeakMap<HubSocket, Promise<unknown>>();

  private inTurn(socket: HubSocket, move: () => Promise<void>): Promise<void> {
    const next = (this.moves.get(socket) ?? Promise.resolve()).then(move, move);
    this.moves.set(socket, next.catch(() => {}));
    return next;
  }

  constructor(ns: Namespace, ctx: RealtimeContext, limiter: MessageLimiter) {
    this.ns = ns;
    this.ctx = ctx;
    this.limiter = limiter;
    this.cache = new PushCache(ns);
    ns.on('connection', (s) => this.connected(s as HubSocket));
  }

  /** Instance arrivals/departures come from space rooms, possibly on another process (Redis adapter). */
  announce(kind: 'entered' | 'exited', event: InstanceEvent) {
    this.ns
      .to(sceneRoom(event.sceneId))
      .emit(kind === 'entered' ? HUB_EVENTS.enteredInstance : HUB_EVENTS.exitedInstance, event);
  }

  private connected(socket: HubSocket) {
    const { actor } = socket.data;
    void socket.join(userRoom(actor.userId));
    socket.emit(HUB_EVENTS.myUserId, { userId: actor.userId });
    void liveSnapshot()
      .then((snap) => socket.emit(HUB_EVENTS.totalLiveVisitors, { count: snap.total }))
      .catch(() => {});

    socket.on(HUB_METHODS.joinScene, (raw: unknown, cb: unknown) => {
      const ack = ackOf(cb);
      this.inTurn(socket, () => this.joinScene(socket, raw, ack)).catch((err: unknown) => {
        this.ctx.log.error({ err }, 'JoinScene failed');
        refuse(socket, ack, 'UNAVAILABLE');
      });
    });

    socket.on(HUB_METHODS.exitCurrentScene, (_raw: unknown, cb: unknown) => {
      this.inTurn(socket, () => this.leaveScene(socket)).then(
        () => ackOf(cb ?? _raw)({ ok: true }),
        () => refuse(socket, ackOf(cb ?? _raw), 'UNAVAILABLE'),
      );
    });
    socket.on(HUB_METHODS.sendPublicMessage, (raw: unknown, cb: unknown) => {
      const ack = ackOf(cb);
      this.sendPublic(socket, raw, ack).catch((err: unknown) => {
        this.ctx.log.error({ err }, 'SendPublicMessage failed');
        refuse(socket, ack, 'UNAVAILABLE');
      });
    });
  }

  /** Public chat goes to the instance live and is not stored: it lasts as long as the visit. */
  private async sendPublic(socket: HubSocket, raw: unknown, ack: Ack) {
    const { actor, sceneId, instanceId, visitor } = socket.data;
    if (!sceneId) return refuse(socket, ack, 'NOT_IN_SCENE');
    if (!socket.data.canTalk) return refuse(socket, ack, 'FORBIDDEN');
    const args = sendPublicMessageArgs.safeParse(raw);
    if (!args.success) return refuse(socket, ack, 'BAD_REQUEST');
    const text = chatText.safeParse(args.data.text);
    if (!text.success) return refuse(socket, ack, args.data.text.trim() ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY');
    if (!(await this.limiter.take(actor.userId))) return refuse(socket, ack, 'RATE_LIMITED');
    // The sender is whoever the token says, whatever the payload claims; text stays text (clients
    // render it as such, nothing here interprets markup).
    const message: PublicMessage = {
      id: newId(),
      sceneId,
      instanceId: instanceId ?? null,
      text: text.data,
      time: new Date().toISOString(),
      user: { id: actor.userId, name: visitor.name, profilePicture: visitor.profilePicture },
    };
    this.ns.to(instanceId ? instanceRoom(instanceId) : sceneRoom(sceneId)).emit(HUB_EVENTS.publicMessage, message);
    ack({ ok: true, data: message });
  }

  private async joinScene(socket: HubSocket, raw: unknown, ack: Ack) {
    const { actor } = socket.data;
    const args = joinSceneArgs.safeParse(raw);
    if (!args.success) return refuse(socket, ack, 'BAD_REQUEST');
    const { sceneId, instanceId } = args.data;
    if (!(await this.ctx.canEnter(actor, sceneId, false).catch(() => false))) return refuse(socket, ack, 'NOT_FOUND');
    const snap = await liveSnapshot();
    // An instance id from the client is only trusted if that instance really hosts this space.
    const instance = instanceId ? snap.byInstance.get(instanceId) : undefined;
    if (instanceId && instance?.sceneId !== sceneId) return refuse(socket, ack, 'NOT_FOUND');
    await this.leaveScene(socket);
    await socket.join(sceneRoom(sceneId));
    if (instanceId) await socket.join(instanceRoom(instanceId));
    socket.data.sceneId = sceneId;
    socket.data.instanceId = instanceId;
    socket.data.canTalk = await this.ctx.canTalk(actor, sceneId).catch(() => false);
    const counts = countsFor(snap, sceneId);
    this.cache.forget(sceneRoom(sceneId));
    if (instanceId) this.cache.forget(instanceRoom(instanceId));
    socket.emit(HUB_EVENTS.liveVisitorCountPerSceneInstance, counts.perInstance);
    socket.emit(HUB_EVENTS.liveVisitorCountInMyScene, counts.inScene);
    socket.emit(HUB_EVENTS.liveVisitorsInMySceneInstance, {
      sceneId,
      instanceId: instanceId ?? null,
      visitors: instance?.visitors ?? [],
    });
    this.onJoined?.(socket);
    ack({ ok: true });
  }

  private async leaveScene(socket: HubSocket) {
    if (socket.data.sceneId) await socket.leave(sceneRoom(socket.data.sceneId));
    if (socket.data.instanceId) await socket.leave(instanceRoom(socket.data.instanceId));
    delete socket.data.sceneId;
    delete socket.data.instanceId;
    delete socket.data.canTalk;
  }

  /** Pushes counts to this process's sockets, per socket room, only when they changed. */
  push(snap: LiveSnapshot) {
    const send = this.cache.send.bind(this.cache);
    this.cache.prune();
    send(null, HUB_EVENTS.totalLiveVisitors, { count: snap.total });
    for (const room of this.ns.adapter.rooms.keys()) {
      if (room.startsWith('scene:')) {
        const counts = countsFor(snap, room.slice(6));
        send(room, HUB_EVENTS.liveVisitorCountPerSceneInstance, counts.perInstance);
        send(room, HUB_EVENTS.liveVisitorCountInMyScene, counts.inScene);
      } else if (room.startsWith('instance:')) {
        const inst = snap.byInstance.get(room.slice(9));
        if (inst)
          send(room, HUB_EVENTS.liveVisitorsInMySceneInstance, {
            sceneId: inst.sceneId,
            instanceId: inst.instanceId,
            visitors: inst.visitors,
          });
      }
    }
  }
}
