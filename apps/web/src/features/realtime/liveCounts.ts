import { useEffect, useSyncExternalStore } from 'react';
import type { io as Io, Socket } from 'socket.io-client';
import { HUB_EVENTS, HUB_METHODS, HUBS, REALTIME_PATHS } from '@atrium/shared/realtime/hubs';
import type { SceneLiveCount } from '@atrium/shared/realtime/protocol';
import { REALTIME_LIMITS } from '@atrium/shared/realtime/limits';
import { getSession } from '../../auth/session.ts';

// Live visitor counts for Explore and space cards, from the public live-counts feed: one socket per
// tab, opened while something on the page shows counts, watching exactly the spaces on screen.

const counts = new Map<string, SceneLiveCount>();
const watched = new Map<string, number>();
const listeners = new Set<() => void>();
let total: number | null = null;
let users = 0;
let socket: Socket | null = null;
// The Socket.IO client (~13 KB gzip) loads when a count is first shown, after the page itself.
let opening: Promise<void> | null = null;
let watchTimer: ReturnType<typeof setTimeout> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;

const emit = () => listeners.forEach((l) => l());

function sendWatchList() {
  watchTimer = null;
  // Infinite scroll can load more cards than one socket may watch: the newest ones win.
  const ids = [...watched.keys()].slice(-REALTIME_LIMITS.watchScenesMax);
  socket?.emit(HUB_METHODS.watchScenes, { sceneIds: ids });
}

// Cards mount in a burst; one WatchScenes for the lot.
const scheduleWatch = () => {
  watchTimer ??= setTimeout(sendWatchList, 50);
};

function retain() {
  users++;
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  if (socket || opening) return;
  opening = import('socket.io-client')
    .then(({ io }) => {
      // Everything that showed counts may have gone while the client loaded.
      if (users > 0 && !socket) open(io);
    })
    // Counts are extras: without the client (offline, a failed chunk) the cards show none; the next page retries.
    .catch(() => undefined)
    .finally(() => {
      opening = null;
    });
}

function open(io: typeof Io) {
  socket = io(HUBS.liveCounts, {
    path: REALTIME_PATHS.hubs,
    transports: ['websocket'],
    // Optional: with a token the feed also counts private spaces this person may visit.
    auth: (cb) => {
      const token = getSession().token;
      cb(token ? { token } : {});
    },
  });
  // Also after a reconnect: the server forgot what this socket watched.
  socket.on('connect', scheduleWatch);
  socket.on(HUB_EVENTS.totalLiveVisitors, (e: { count: number }) => {
    total = e.count;
    emit();
  });
  socket.on(HUB_EVENTS.liveVisitorsInScene, (e: SceneLiveCount) => {
    counts.set(e.sceneId, e);
    emit();
  });
}

function release() {
  users--;
  if (users > 0 || closeTimer) return;
  // Moving from Explore to a profile keeps the socket; leaving for a page without counts closes it.
  closeTimer = setTimeout(() => {
    closeTimer = null;
    if (users > 0) return;
    socket?.close();
    socket = null;
    counts.clear();
    total = null;
    emit();
  }, 5000);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** This space's live count and first visitors; undefined until the feed has answered. */
export function useSceneLive(sceneId: string): SceneLiveCount | undefined {
  useEffect(() => {
    retain();
    watched.set(sceneId, (watched.get(sceneId) ?? 0) + 1);
    scheduleWatch();
    return () => {
      const n = (watched.get(sceneId) ?? 1) - 1;
      if (n > 0) watched.set(sceneId, n);
      else {
        watched.delete(sceneId);
        counts.delete(sceneId);
        scheduleWatch();
      }
      release();
    };
  }, [sceneId]);
  const get = () => counts.get(sceneId);
  return useSyncExternalStore(subscribe, get, get);
}

/** Everyone in any space right now; null until the feed has answered. */
export function useLiveTotal(): number | null {
  useEffect(() => {
    retain();
    return release;
  }, []);
  const get = () => total;
  return useSyncExternalStore(subscribe, get, get);
}
