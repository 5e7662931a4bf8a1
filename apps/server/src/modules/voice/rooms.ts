import { randomBytes } from 'node:crypto';
import { userIdOfParticipant, voiceParticipantId } from '@atrium/shared';
import type { JanusAdmin } from './janusAdmin.ts';

interface Issued {
  token: string;
  userId: string;
  room: string;
  participantId: string;
  /** A broadcast listener's: the proxy refuses any publishing request made with it. */
  listenOnly: boolean;
  expiresAt: number;
  timer: NodeJS.Timeout;
}

interface RoomState {
  sceneId: string;
  secret: string;
  /** Publisher ids this server handed out for the room; anyone else found there is removed. */
  participantIds: Set<string>;
}

/** How a room is made: an instance room (the default) or an event's broadcast room. */
export interface RoomKind {
  publishers?: number;
  /** False for an event room: listeners subscribe to the host without joining as publishers. */
  requirePvtid?: boolean;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Voice rooms (one Janus VideoRoom per space instance) and the tokens that open them. A token is a
 * Janus stored token (needed on every Janus request, so the client refreshes it while in the call)
 * and an entry in the room's `allowed` list. Each user holds at most one live token per room: a new
 * one replaces the last, and any token is withdrawn from Janus when it expires, so an old or
 * replayed token is refused by Janus itself.
 */
export class VoiceRooms {
  private readonly rooms = new Map<string, RoomState>();
  private readonly tokens = new Map<string, Issued>();
  /** room → user → their live token. */
  private readonly live = new Map<string, Map<string, string>>();

  private readonly janus: JanusAdmin;
  private readonly opts: { ttlMs: number; publishers: number; bitrate: number };
  constructor(janus: JanusAdmin, opts: { ttlMs: number; publishers: number; bitrate: number }) {
    this.janus = janus;
    this.opts = opts;
  }

  static roomId(sceneId: string, instanceId: string) {
    return `${sceneId}:${instanceId}`;
  }

  /** Per room, the last room check under way: visitors arriving together must not each create it. */
  private readonly ensuring = new Map<string, Promise<RoomState>>();

  private ensureRoom(room: string, sceneId: string, firstToken: string, kind: RoomKind): Promise<RoomState> {
    const previous = this.ensuring.get(room) ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => this.ensureRoomNow(room, sceneId, firstToken, kind));
    this.ensuring.set(room, next);
    next.then(
      () => this.ensuring.get(room) === next && this.ensuring.delete(room),
      () => this.ensuring.get(room) === next && this.ensuring.delete(room),
    );
    return next;
  }

  private async ensureRoomNow(room: string, sceneId: string, firstToken: string, kind: RoomKind): Promise<RoomState> {
    let state = this.rooms.get(room);
    if (state && (await this.janus.roomExists(room))) {
      await this.janus.allow(room, state.secret, 'add', [firstToken]);
      return state;
    }
    // New room, or Janus restarted and forgot it: start over with what this server knows.
    state = { sceneId, secret: random(24), participantIds: state?.participantIds ?? new Set() };
    await this.janus.createRoom(room, state.secret, [firstToken], kind.publishers ?? this.opts.publishers, this.opts.bitrate, kind.requirePvtid ?? true);
    this.rooms.set(room, state);
    return state;
  }

  /**
   * Issues a fresh token for `userId` in `room`, replacing theirs; the participant id stays theirs.
   * A listen-only token's participant id is not recorded as the room's: were its holder to publish
   * anyway, the audit would remove them.
   */
  async issue(sceneId: string, room: string, userId: string, keepParticipantId?: string, opts: { listenOnly?: boolean; kind?: RoomKind } = {}) {
    const listenOnly = opts.listenOnly === true;
    const token = random(32);
    const expiresAt = Date.now() + this.opts.ttlMs;
    await this.janus.addToken(token);
    let state: RoomState;
    try {
      state = await this.ensureRoom(room, sceneId, token, opts.kind ?? {});
    } catch (e) {
      await this.janus.removeToken(token);
      throw e;
    }
    const participantId =
      keepParticipantId && state.participantIds.has(keepParticipantId) && userIdOfParticipant(keepParticipantId) === userId
        ? keepParticipantId
        : voiceParticipantId(userId, random(9));
    if (!listenOnly) state.participantIds.add(participantId);
    const previous = this.live.get(room)?.get(userId);
    const timer = setTimeout(() => void this.revoke(token), this.opts.ttlMs);
    timer.unref();
    this.tokens.set(token, { token, userId, room, participantId, listenOnly, expiresAt, timer });
    let perUser = this.live.get(room);
    if (!perUser) this.live.set(room, (perUser = new Map()));
    perUser.set(userId, token);
    if (previous) await this.revoke(previous);
    return { token, participantId, expiresAt: new Date(expiresAt) };
  }

  /** Withdraws a token from Janus (core and room), so no further request or join accepts it. */
  async revoke(token: string) {
    const issued = this.tokens.get(token);
    if (!issued) return;
    this.tokens.delete(token);
    clearTimeout(issued.timer);
    const perUser = this.live.get(issued.room);
    if (perUser?.get(issued.userId) === token) perUser.delete(issued.userId);
    const state = this.rooms.get(issued.room);
    await Promise.allSettled([this.janus.removeToken(token), state ? this.janus.allow(issued.room, state.secret, 'remove', [token]) : null]);
  }

  /** For the proxy: whether a token was issued listen-only (false for unknown ones: Janus refuses those). */
  isListenOnly(token: string): boolean {
    return this.tokens.get(token)?.listenOnly === true;
  }

  /** Whether this server made the room (and has not closed it). */
  has(room: string): boolean {
    return this.rooms.has(room);
  }

  /** Withdraws every token of a room and destroys it (an event that ended). */
  async closeRoom(room: string) {
    for (const t of [...this.tokens.values()]) if (t.room === room) await this.revoke(t.token);
    const state = this.rooms.get(room);
    this.rooms.delete(room);
    this.live.delete(room);
    if (state) await this.janus.destroyRoom(room, state.secret);
  }

  /** Removes a user from every voice room of a space: tokens withdrawn, their participants kicked. */
  async removeUser(sceneId: string, userId: string) {
    for (const [room, state] of this.rooms) {
      if (state.sceneId !== sceneId) continue;
      const token = this.live.get(room)?.get(userId);
      if (token) await this.revoke(token);
      const present = await this.janus.participants(room).catch(() => []);
      for (const p of present) if (userIdOfParticipant(p.id) === userId) await this.janus.kick(room, state.secret, p.id);
    }
  }

  /** Kicks whoever joined a room under an id this server never issued. */
  async audit(room: string) {
    const state = this.rooms.get(room);
    if (!state) return;
    const present = await this.janus.participants(room).catch(() => []);
    for (const p of present) if (!state.participantIds.has(p.id)) await this.janus.kick(room, state.secret, p.id);
  }

  async close() {
    for (const t of [...this.tokens.keys()]) await this.revoke(t);
    for (const [room, state] of this.rooms) await this.janus.destroyRoom(room, state.secret);
    this.rooms.clear();
  }
}
