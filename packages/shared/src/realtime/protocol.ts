import { z } from 'zod';
import { AVATAR_ANIMATIONS, EMOTES } from './emotes.ts';
import { avatarAppearance } from './avatar.ts';
import { REALTIME_LIMITS } from './limits.ts';
import { withoutNul } from '../input.ts';
import { msg } from '../messages.ts';

/**
 * Wire protocol of the space instances (Colyseus) and the app hubs (Socket.IO). Bump on any
 * incompatible change: the server refuses a client that announces another version instead of
 * mis-decoding its messages.
 */
export const REALTIME_PROTOCOL_VERSION = 2;

// The hubs' addresses and names live in hubs.ts, free of zod, for pages that only read the live counts.
export { HUB_EVENTS, HUB_METHODS, HUBS, LIVE_CARD_VISITORS, REALTIME_PATHS, type HubName } from './hubs.ts';

export const SPACE_ROOM = 'space';

/** Notification hub topics (spec §7). */
export const NOTIFICATION_TOPICS = ['Notification', 'Wallet', 'Subscription'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** Error codes carried by hub and room error events. */
export const REALTIME_ERRORS = {
  MESSAGE_TOO_LONG: `Messages can be at most ${REALTIME_LIMITS.messageMaxChars} characters`,
  MESSAGE_EMPTY: 'Messages cannot be empty',
  RATE_LIMITED: 'You are sending messages too fast',
  NOT_IN_SCENE: 'Join a space before sending public messages',
  NO_EVENT: 'No event is on in this space right now',
  NOT_IN_PARTY: 'You are not in a party',
  FORBIDDEN: 'Communications are disabled',
  NOT_FOUND: 'This space or conversation does not exist',
  BAD_REQUEST: 'The message is not valid',
  PROTOCOL_MISMATCH: 'Please reload the page to use the latest version',
  UNAVAILABLE: 'The realtime service is not available right now',
  /** Issue 20 block list: a direct message between people who blocked each other. */
  BLOCKED: msg.blocks.blockedYou,
} as const;
export type RealtimeErrorCode = keyof typeof REALTIME_ERRORS;

export const realtimeError = z.object({
  code: z.enum(Object.keys(REALTIME_ERRORS) as [RealtimeErrorCode, ...RealtimeErrorCode[]]),
  message: z.string(),
});
export type RealtimeError = z.infer<typeof realtimeError>;

/** Every hub method answers through the Socket.IO ack with this. */
export type HubAck<T = unknown> = { ok: true; data?: T } | { ok: false; error: RealtimeError };

const id = z.string().min(1).max(64);

// ── Space instance (Colyseus room) ─────────────────────────────────────────────────────────────

/** Options a client sends when joining a space instance; identity comes from the token only. */
export const spaceJoinOptions = z.object({
  protocol: z.literal(REALTIME_PROTOCOL_VERSION),
  sceneId: id,
  /** Draft previews are only joinable by the space's owner. */
  draft: z.boolean().optional(),
});
export type SpaceJoinOptions = z.infer<typeof spaceJoinOptions>;

const finite = z.number().finite();
export const moveMessage = z.object({
  x: finite.min(-10_000).max(10_000),
  y: finite.min(-1_000).max(1_000),
  z: finite.min(-10_000).max(10_000),
  /** Yaw in radians. */
  ry: finite,
  anim: z.enum(AVATAR_ANIMATIONS),
});
export type MoveMessage = z.infer<typeof moveMessage>;

export const emoteMessage = z.object({ emote: z.enum(EMOTES) });
export type EmoteMessage = z.infer<typeof emoteMessage>;

export const avatarMessage = z.object({ avatar: avatarAppearance });

/** Room message types (client → server and server → client). */
export const SPACE_MESSAGES = {
  move: 'move',
  emote: 'emote',
  avatar: 'avatar',
  /** Server → client: who you are in this instance. */
  welcome: 'welcome',
  error: 'error',
} as const;

export const spaceWelcome = z.object({
  protocol: z.number().int(),
  instanceId: z.string(),
  sessionId: z.string(),
  userId: z.string(),
});
export type SpaceWelcome = z.infer<typeof spaceWelcome>;

/**
 * Replicated state of one avatar, as plain data. The Colyseus schema on the server mirrors these
 * fields; `avatar` travels as a JSON string of AvatarAppearance, `emoteSeq` grows with each emote so
 * the same emote twice still plays twice. The pose is quantised (see `wirePose`): positions in whole
 * centimetres, yaw in 256ths of a turn.
 */
export interface AvatarStateShape {
  sessionId: string;
  userId: string;
  name: string;
  avatar: string;
  /** Centimetres (integer). */
  x: number;
  y: number;
  z: number;
  /** Yaw in 256ths of a turn, 0–255. */
  ry: number;
  anim: string;
  emote: string;
  emoteSeq: number;
}

/**
 * The pose on the wire (issue 21: ≤ 4 KiB/s per visitor with 25 in an instance). A float32 field
 * costs 5 bytes in each patch; a centimetre count costs 1–3 (Colyseus' number type is variable
 * length) and a uint8 yaw 1, and a move of less than a centimetre changes nothing, so sends nothing.
 * A 256th of a turn (1.4°) is finer than anyone sees on another visitor's avatar, which the engine
 * turns smoothly towards each new yaw.
 */
const TURN = Math.PI * 2;
const YAW_STEPS = 256;
export const wirePose = {
  metres: (cm: number) => cm / 100,
  centimetres: (m: number) => Math.round(m * 100),
  /** Radians → 256ths of a turn (any angle, wrapped into one turn). */
  yawSteps: (rad: number) => {
    const turns = rad / TURN;
    return Math.round((turns - Math.floor(turns)) * YAW_STEPS) % YAW_STEPS;
  },
  /** 256ths of a turn → radians in (-π, π]. */
  yaw: (steps: number) => {
    const rad = (steps / YAW_STEPS) * TURN;
    return rad > Math.PI ? rad - TURN : rad;
  },
} as const;

/** An avatar's replicated pose in engine units (metres, radians). */
export const avatarPose = (a: Pick<AvatarStateShape, 'x' | 'y' | 'z' | 'ry'>) => ({
  position: [wirePose.metres(a.x), wirePose.metres(a.y), wirePose.metres(a.z)] as [number, number, number],
  yaw: wirePose.yaw(a.ry),
});

/** Room metadata kept in the matchmaker (shared across processes with Redis). */
export interface SpaceRoomMetadata {
  sceneId: string;
  /** A draft preview's instance: never shared with visitors of the published version. */
  draft: boolean;
  visitors: LiveVisitor[];
}

// ── Live-user hub ─────────────────────────────────────────────────────────────────────────────

export const joinSceneArgs = z.object({ sceneId: id, instanceId: id.optional() });
export type JoinSceneArgs = z.infer<typeof joinSceneArgs>;

// Sockets have no field errors to show, so a NUL (which PostgreSQL cannot store) is dropped, not refused.
export const chatText = z
  .string()
  .transform((s) => withoutNul(s).trim())
  .pipe(z.string().min(1).max(REALTIME_LIMITS.messageMaxChars));

export const sendPublicMessageArgs = z.object({ text: z.string() });

export const chatUser = z.object({
  id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUser>;

export const liveVisitor = z.object({
  userId: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});
export type LiveVisitor = z.infer<typeof liveVisitor>;

/** Spec §3 Chat message, as sent; alignment and grouping are decided by the receiving client. */
export const publicMessage = z.object({
  id: z.string(),
  sceneId: z.string(),
  instanceId: z.string().nullable(),
  text: z.string(),
  time: z.string(),
  user: chatUser,
});
export type PublicMessage = z.infer<typeof publicMessage>;

export const instanceEvent = z.object({
  sceneId: z.string(),
  instanceId: z.string(),
  user: liveVisitor,
});
export type InstanceEvent = z.infer<typeof instanceEvent>;

export const liveVisitorCountPerSceneInstance = z.object({
  sceneId: z.string(),
  instances: z.array(z.object({ instanceId: z.string(), count: z.number().int() })),
});
export const liveVisitorsInMySceneInstance = z.object({
  sceneId: z.string(),
  instanceId: z.string().nullable(),
  visitors: z.array(liveVisitor),
});
export const liveVisitorCountInMyScene = z.object({ sceneId: z.string(), count: z.number().int() });
export const totalLiveVisitors = z.object({ count: z.number().int() });

// ── Live-counts feed (Explore, space cards) ──────────────────────────────────────────────────────

export const watchScenesArgs = z.object({ sceneIds: z.array(id).max(REALTIME_LIMITS.watchScenesMax) });
export const sceneLiveCount = z.object({
  sceneId: z.string(),
  count: z.number().int(),
  /** The first LIVE_CARD_VISITORS visitors. */
  visitors: z.array(liveVisitor),
});
export type SceneLiveCount = z.infer<typeof sceneLiveCount>;

// ── Direct-message hub and REST ───────────────────────────────────────────────────────────────

export const directMessage = z.object({
  id: z.string(),
  groupId: z.string(),
  text: z.string(),
  time: z.string(),
  user: chatUser,
});
export type DirectMessage = z.infer<typeof directMessage>;

export const directMessageGroup = z.object({
  id: z.string(),
  title: z.string().nullable(),
  members: z.array(chatUser),
  createdAt: z.string(),
  lastMessage: directMessage.nullable(),
});
export type DirectMessageGroup = z.infer<typeof directMessageGroup>;

export const createDirectMessageGroupBody = z.strictObject({
  memberIds: z.array(z.uuid()).min(1).max(REALTIME_LIMITS.directMessageGroupMaxMembers - 1),
  title: z.string().trim().max(100).optional(),
});
export type CreateDirectMessageGroupBody = z.infer<typeof createDirectMessageGroupBody>;

export const sendDirectMessageArgs = z.object({ groupId: z.uuid(), text: z.string() });

export const directMessagePage = z.object({
  messages: z.array(directMessage),
  /** Pass as `before` for the next (older) page; null when there is no older message. */
  nextBefore: z.string().nullable(),
});
export type DirectMessagePage = z.infer<typeof directMessagePage>;

export const groupMembershipEvent = z.object({ groupId: z.string(), userId: z.string() });

// ── Notification hub ──────────────────────────────────────────────────────────────────────────

export const notificationEvent = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  payload: z.unknown(),
  time: z.string(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** GET/HEAD {api}/communication/key: whether a hub token is good (spec §7 "key"). */
export const communicationKey = z.object({ protocol: z.number().int(), userId: z.string() });
