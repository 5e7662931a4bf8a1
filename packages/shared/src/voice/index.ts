import { z } from 'zod';

export { VOICE_MESSAGES } from './messages.ts';

export const VOICE_LIMITS = {
  /** A token is good for joining within this window; once in, the Janus session lives on its own. */
  tokenTtlSeconds: 60,
  /** Spec §1: up to 25 visitors per instance, so up to 25 speakers per voice room. */
  publishersPerRoom: 25,
  /** Opus at speech quality: enough for voice, small enough for 24 subscriptions per listener. */
  bitrate: 32_000,
} as const;

/** Same-origin WebSocket path the server proxies to Janus (which listens on loopback only). */
export const VOICE_WS_PATH = '/api/voice/ws';
/** Janus's WebSocket subprotocol. */
export const JANUS_WS_PROTOCOL = 'janus-protocol';

// Colyseus room ids: nine URL-safe characters today; a little room to grow, nothing else accepted.
const instanceId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** POST /api/voice/token: a short-lived token for the voice room of the instance the caller is in. */
export const voiceTokenBody = z.strictObject({
  sceneId: z.uuid(),
  instanceId,
  /** On a refresh during a call: keep the publisher id already joined with (if it is the caller's). */
  participantId: z.string().max(120).optional(),
});
export type VoiceTokenBody = z.infer<typeof voiceTokenBody>;

export const voiceToken = z.object({
  /** Janus stored token: good for one room, until expiresAt, and replaced by the next one issued. */
  token: z.string(),
  /** Janus VideoRoom room id (string ids). */
  room: z.string(),
  /** The publisher id the caller must join with; the server removes anyone else from the room. */
  participantId: z.string(),
  expiresAt: z.iso.datetime(),
  /** The WebSocket path to reach Janus through this server. */
  wsPath: z.string(),
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
});
export type VoiceToken = z.infer<typeof voiceToken>;

/**
 * POST /api/voice/broadcast: during a live event, a token for the event's voice room, shared by every
 * instance of the space. The event's host may publish into it ('host'); every other visitor who may
 * talk in the space only listens ('listener': the server's proxy refuses a publish with it).
 */
export const voiceBroadcastToken = voiceToken.extend({
  role: z.enum(['host', 'listener']),
  eventId: z.string(),
  /** Whose feed to play: listeners subscribe to this user's publisher in the event room. */
  hostId: z.string(),
});
export type VoiceBroadcastToken = z.infer<typeof voiceBroadcastToken>;

/** The event room's publisher limit: the host, and a second id while a reconnect replaces the first. */
export const VOICE_BROADCAST_PUBLISHERS = 2;

/** GET /api/voice/status: whether this server has voice at all (text chat works either way). */
export const voiceStatus = z.object({ available: z.boolean() });
export type VoiceStatus = z.infer<typeof voiceStatus>;

/** POST /api/voice/mute/{id}: the space owner mutes (or unmutes) a visitor for everyone. */
export const voiceMuteBody = z.strictObject({ userId: z.uuid(), muted: z.boolean() });
export type VoiceMuteBody = z.infer<typeof voiceMuteBody>;

export const voiceMutes = z.object({ sceneId: z.string(), userIds: z.array(z.string()) });
export type VoiceMutes = z.infer<typeof voiceMutes>;

/** A participant's display in the Janus room is their user id, so listeners can place them. */
export const voiceParticipantId = (userId: string, nonce: string) => `${userId}.${nonce}`;
export const userIdOfParticipant = (participantId: string) => participantId.split('.')[0] ?? '';
