import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server as SocketServer, type Namespace } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createAuthContext, matchMaker, type MatchMakerDriver, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { z } from 'zod';
import {
  defaultAvatarFor,
  HUBS,
  REALTIME_ERRORS,
  REALTIME_LIMITS,
  REALTIME_PATHS,
  SPACE_ROOM,
  type NotificationTopic,
  type SpaceRoomMetadata,
} from '@atrium/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { NotificationsService } from '../modules/notifications/service.ts';
import type { SceneAccess } from '../modules/sceneAccess/access.ts';
import { ScenesRepo } from '../modules/scenes/repo.ts';
import type { Actor } from '../plugins/actor.ts';
import { UsersRepo } from '../modules/users/repo.ts';
import { AvatarsRepo } from '../modules/users/avatarsRepo.ts';
import { setRealtimeContext, type RealtimeContext, type Visitor } from './context.ts';
import { DirectMessagesRepo } from './directMessages/repo.ts';
import { DirectMessagesService } from './directMessages/service.ts';
import { hubAuth, hubToken } from './hubs/auth.ts';
import { DirectMessageHub } from './hubs/directMessage.ts';
import { GatheringsHub, type GatheringsDeps } from './hubs/gatherings.ts';
import { LiveCountsFeed } from './hubs/liveCountsFeed.ts';
import { LiveUserHub } from './hubs/liveUser.ts';
import { NotificationHub } from './hubs/notification.ts';
import { liveSnapshot } from './liveCounts.ts';
import { MessageLimiter } from './rateLimiter.ts';
import { realtimeRoutes } from './routes.ts';
import { SpaceRoom } from './spaceRoom.ts';
import { SharedServerTransport } from './transport.ts';

export interface Realtime {
  /** Live delivery of a notification-hub topic to one user, on whichever process they are connected. */
  notify(userId: string, topic: NotificationTopic, payload: unknown): void;
  /** A live-user hub event to these people, on whichever process they are connected (parties). */
  toUsers(userIds: string[], event: string, payload: unknown): void;
}

// Colyseus' matchmaker is a per-process singleton; only one app in a process may drive it.
let running: FastifyInstance | null = null;

const uuidLike = z.uuid();
const MATCHMAKE_METHODS = new Set(['joinOrCreate', 'joinById', 'reconnect']);

/** Colyseus' matchmaking codes (520–526) as HTTP statuses; its own 4xx pass through. */
function httpStatus(code: unknown): number {
  if (typeof code !== 'number') return 500;
  if (code >= 400 && code < 500) return code;
  if (code === 522) return 404; // invalid room id
  if (code === 525) return 401; // auth failed
  if (code >= 520 && code <= 526) return 400;
  return 500;
}

/**
 * The join options onAuth will check. A draft preview and the published version never share an
 * instance (draft is always explicit, so matchmaking filters on it). A room id (joinById) must name
 * an instance of the very space and version the options name, or onAuth would check another space
 * than the one the visitor enters; such a call is refused before any seat is reserved.
 */
async function joinBody(method: string, roomName: string, raw: unknown): Promise<Record<string, unknown> | null> {
  if (method === 'reconnect') return (raw ?? {}) as Record<string, unknown>;
  const options = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const body: Record<string, unknown> = { ...options, draft: options.draft === true };
  if (method !== 'joinById') return body;
  const [listing] = await matchMaker.query({ roomId: roomName });
  const meta = listing?.metadata as Partial<SpaceRoomMetadata> | undefined;
  if (!meta || meta.sceneId !== body.sceneId || (meta.draft === true) !== body.draft) return null;
  return body;
}

/**
 * Space instances (Colyseus) and app hubs (Socket.IO) on Fastify's own HTTP server, plus their REST
 * routes. In-process by default; with REDIS_URL rooms, counts and hub broadcasts span processes.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    authenticate: (token: string) => Promise<Actor>;
    /** Publishing's privacy rules (private spaces, access lists): the one rule for rooms and counts. */
    access: SceneAccess;
    /** Stored notifications, delivered live on the notification hub as they are created. */
    notifications?: NotificationsService;
    /** Events and parties on the live-user hub (issue 20); without them Event chat is refused. */
    gatherings?: GatheringsDeps;
    /** The block list's rule for direct messages (issue 20). */
    assertCanReach?: (fromId: string, toId: string) => Promise<void>;
  },
): Promise<Realtime | null> {
  const { config, db, authenticate, access } = deps;
  const users = new UsersRepo(db);
  const avatars = new AvatarsRepo(db);
  const scenes = new ScenesRepo(db);
  const directMessages = new DirectMessagesService({
    repo: new DirectMessagesRepo(db),
    users,
    ...(deps.assertCanReach ? { assertCanReach: deps.assertCanReach } : {}),
  });
  await app.register(async (scope) => realtimeRoutes(scope, { directMessages, authenticate, access }));

  if (!config.realtime.enabled) return null;
  if (running) {
    app.log.warn('realtime already runs for another app in this process; this one serves its REST routes only');
    return null;
  }
  running = app;

  const visitor = async (actor: Actor): Promise<Visitor> => {
    const [user, avatar] = await Promise.all([users.byId(actor.userId), avatars.get(actor.userId)]);
    return {
      userId: actor.userId,
      name: user?.name ?? actor.name ?? 'Visitor',
      profilePicture: user?.profilePicture ?? null,
      avatar: avatar ?? defaultAvatarFor(actor.userId),
    };
  };
  // Whoever may read the space may be in it (publishing's rule); a draft preview is its owner's alone.
  const canEnter = async (actor: Actor, sceneId: string, draft: boolean) => {
    if (!uuidLike.safeParse(sceneId).success) return false;
    const row = await scenes.findById(sceneId);
    if (!row) return false;
    if (draft) return row.ownerId === actor.userId;
    return (await access.decide(actor, row)) === 'allowed';
  };
  // Spec: 'Communications are disabled' when the space's communication list excludes the visitor.
  const canTalk = async (actor: Actor, sceneId: string) => {
    const row = await scenes.findById(sceneId);
    if (!row) return false;
    if (!row.communicationAclEnabled || row.ownerId === actor.userId) return true;
    return access.isListed(sceneId, 'communication', actor.userId);
  };

  const { redisUrl, redisKeyPrefix } = config.realtime;
  let presence: Presence | undefined;
  let driver: MatchMakerDriver | undefined;
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (redisUrl) {
    presence = new RedisPresence(redisUrl);
    driver = new RedisDriver(redisUrl);
    pub = new Redis(redisUrl);
    sub = pub.duplicate();
  }

  const io = new SocketServer(app.server, {
    path: REALTIME_PATHS.hubs,
    serveClient: false,
    // Other upgrade paths (the space rooms) are answered by their own listener.
    destroyUpgrade: false,
    // A client that stops reading stops answering pings too: it is cut after ~15 s without
    // holding back anyone else's broadcasts.
    pingInterval: 10_000,
    pingTimeout: 5_000,
    maxHttpBufferSize: 16 * 1024,
    ...(pub && sub ? { adapter: createAdapter(pub, sub, { key: `${redisKeyPrefix}:hubs` }) } : {}),
  });

  const limiter = new MessageLimiter(REALTIME_LIMITS.messagesPerSecond, pub ? { client: pub, keyPrefix: redisKeyPrefix } : undefined);
  const guard = hubAuth({ authenticate, visitor });
  const ns = (name: string): Namespace => io.of(name).use(guard);
  const liveNs = ns(HUBS.liveUser);
  const liveUser = new LiveUserHub(liveNs, ctxProxy(), limiter);
  const gatherings = new GatheringsHub(
    liveNs,
    deps.gatherings ?? { liveEvent: async () => null, followersOf: async () => null },
    limiter,
    app.log,
  );
  liveUser.onJoined = (socket) => gatherings.joined(socket);
  new DirectMessageHub(ns(HUBS.directMessage), directMessages, limiter, app.log);
  const notifications = new NotificationHub(ns(HUBS.notification));
  // Counts are public (anyone browsing Explore sees them), so this feed takes no token.
  const liveCounts = new LiveCountsFeed(io.of(HUBS.liveCounts), async (socket, ids) => {
    const token = hubToken(socket);
    const actor = token ? await authenticate(token).catch(() => null) : null;
    return access.readableIds(actor, ids);
  });

  function ctxProxy(): RealtimeContext {
    return {
      authenticate,
      visitor,
      canEnter,
      canTalk,
      announce: (kind, event) => liveUser.announce(kind, event),
      log: app.log,
    };
  }
  setRealtimeContext(ctxProxy());

  // With several processes each hands out its own address in seat reservations, so a visitor's
  // socket reaches the process that hosts their instance: behind one balancer URL that address names
  // the process (REALTIME_NODE) in the path, which the balancer routes on.
  const nodePath = config.realtime.node ? `/node/${config.realtime.node}` : '';
  const publicAddress = redisUrl ? `${new URL(config.publicUrl).host}${REALTIME_PATHS.spaces}${nodePath}` : undefined;
  await matchMaker.setup(presence, driver, publicAddress);
  matchMaker.defineRoomType(SPACE_ROOM, SpaceRoom).filterBy(['sceneId', 'draft']);
  await matchMaker.accept();

  const transport = new SharedServerTransport({ noServer: true, maxPayload: 4 * 1024 });
  transport.attachToServer(app.server, { filter: (req) => (req.url ?? '').startsWith(`${REALTIME_PATHS.spaces}/`) });

  app.post<{ Params: { method: string; roomName: string }; Body: unknown }>(
    `${REALTIME_PATHS.spaces}/matchmake/:method/:roomName`,
    async (req, reply) => {
      const { method, roomName } = req.params;
      // joinById and reconnect carry a room id where the others carry the room name.
      if (!MATCHMAKE_METHODS.has(method) || (method === 'joinOrCreate' && roomName !== SPACE_ROOM)) {
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Unknown matchmaking call' }, message: 'Unknown matchmaking call' });
      }
      if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
        return reply.code(503).send({ error: { code: 'UNAVAILABLE', message: 'Shutting down' }, message: 'Shutting down' });
      }
      try {
        const body = await joinBody(method, roomName, req.body);
        if (!body) {
          return reply.code(404).send({ error: { code: 'NOT_FOUND', message: REALTIME_ERRORS.NOT_FOUND }, message: REALTIME_ERRORS.NOT_FOUND });
        }
        const seat = await matchMaker.controller.invokeMethod(
          method,
          roomName,
          body,
          createAuthContext({ headers: req.headers as Record<string, string>, remoteAddress: req.ip, req: req.raw }),
        );
        return reply.send(seat);
      } catch (e) {
        const err = e as { code?: unknown; message?: string };
        const status = httpStatus(err.code);
        if (status >= 500) req.log.error({ err: e }, 'matchmaking failed');
        const message = status >= 500 ? 'The realtime service failed' : (err.message ?? 'Refused');
        return reply.code(status).send({ error: { code: status === 401 ? 'UNAUTHENTICATED' : 'BAD_REQUEST', message }, message });
      }
    },
  );

  // One snapshot of the (possibly shared) room listings per tick feeds both hubs' pushes.
  const countsTimer = setInterval(() => {
    liveSnapshot().then(
      (snap) => {
        liveUser.push(snap);
        liveCounts.push(snap);
      },
      (err: unknown) => app.log.warn({ err }, 'live counts failed'),
    );
  }, REALTIME_LIMITS.liveCountIntervalMs);
  countsTimer.unref();

  app.addHook('preClose', async () => {
    clearInterval(countsTimer);
    await matchMaker.gracefullyShutdown().catch(() => {});
    transport.shutdown();
    transport.stopHeartbeat();
    for (const nsp of io._nsps.values()) {
      nsp.disconnectSockets(true);
      await Promise.resolve(nsp.adapter.close()).catch(() => {});
    }
    io.engine.close();
    presence?.shutdown();
    await driver?.shutdown();
    await Promise.allSettled([pub?.quit(), sub?.quit()]);
    setRealtimeContext(null);
    running = null;
  });

  const unsubscribe = deps.notifications?.onCreated((userId, view) => notifications.notify(userId, 'Notification', view));
  app.addHook('onClose', async () => unsubscribe?.());

  return {
    notify: (userId, topic, payload) => notifications.notify(userId, topic, payload),
    toUsers: (userIds, event, payload) => gatherings.toUsers(userIds, event, payload),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when realtime is disabled (REALTIME=false) or another app in this process runs it. */
    realtime: Realtime | null;
  }
}
