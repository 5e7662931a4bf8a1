import type { Namespace, Socket } from 'socket.io';
import { HUB_EVENTS, HUB_METHODS, REALTIME_ERRORS, watchScenesArgs } from '@atrium/shared';
import { liveSnapshot, sceneLive, type LiveSnapshot } from '../liveCounts.ts';
import { ackOf } from './ack.ts';
import { PushCache } from './pushCache.ts';

const WATCH = 'watch:';

/**
 * The live-counts feed behind Explore's total and the space cards' visitors: open to everyone (a
 * token is optional and widens what may be watched to the spaces its holder may read, as /api/live
 * does), read-only, and pushed only when a watched space's count changes.
 */
export class LiveCountsFeed {
  private readonly cache: PushCache;
  private readonly ns: Namespace;

  private readonly readable: (socket: Socket, ids: string[]) => Promise<string[]>;

  /** `readable` keeps the spaces this socket's holder may read (anonymous without a token). */
  constructor(ns: Namespace, readable: (socket: Socket, ids: string[]) => Promise<string[]>) {
    this.ns = ns;
    this.readable = readable;
    this.cache = new PushCache(ns);
    ns.on('connection', (socket) => this.connected(socket));
  }

  private connected(socket: Socket) {
    void liveSnapshot()
      .then((snap) => socket.emit(HUB_EVENTS.totalLiveVisitors, { count: snap.total }))
      .catch(() => {});
    socket.on(HUB_METHODS.watchScenes, (raw: unknown, cb: unknown) => {
      const ack = ackOf(cb);
      const args = watchScenesArgs.safeParse(raw);
      if (!args.success) return ack({ ok: false, error: { code: 'BAD_REQUEST', message: REALTIME_ERRORS.BAD_REQUEST } });
      // Spaces the caller may not read are dropped silently: their counts would tell they exist.
      void this.readable(socket, args.data.sceneIds)
        .then(async (ids) => {
          const wanted = new Set(ids.map((id) => WATCH + id));
          for (const room of socket.rooms) if (room.startsWith(WATCH) && !wanted.has(room)) void socket.leave(room);
          const added = [...wanted].filter((room) => !socket.rooms.has(room));
          void socket.join(added);
          // The newcomer gets the current figures at once; the others hear only of changes.
          const snap = await liveSnapshot();
          for (const room of added) {
            this.cache.forget(room);
            socket.emit(HUB_EVENTS.liveVisitorsInScene, sceneLive(snap, room.slice(WATCH.length)));
          }
          ack({ ok: true });
        })
        .catch(() => ack({ ok: false, error: { code: 'UNAVAILABLE', message: REALTIME_ERRORS.UNAVAILABLE } }));
    });
  }

  push(snap: LiveSnapshot) {
    this.cache.prune();
    this.cache.send(null, HUB_EVENTS.totalLiveVisitors, { count: snap.total });
    for (const room of this.ns.adapter.rooms.keys()) {
      if (room.startsWith(WATCH)) this.cache.send(room, HUB_EVENTS.liveVisitorsInScene, sceneLive(snap, room.slice(WATCH.length)));
    }
  }
}
