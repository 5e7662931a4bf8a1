import { Room, ServerError, type AuthContext, type Client } from '@colyseus/core';
import {
  avatarMessage,
  avatarPose,
  emoteMessage,
  moveMessage,
  REALTIME_ERRORS,
  REALTIME_LIMITS,
  REALTIME_PROTOCOL_VERSION,
  SPACE_MESSAGES,
  spaceJoinOptions,
  type RealtimeError,
  type SpaceRoomMetadata,
  type SpaceWelcome,
  wirePose,
} from '@atrium/shared';
import { realtimeContext, type Visitor } from './context.ts';
import { clampMove, type Placed } from './movement.ts';
import { AvatarState, SpaceState } from './state.ts';

const avatarPoseMetres = (a: AvatarState) => {
  const [x, y, z] = avatarPose(a).position;
  return { x, y, z };
};

export interface SpaceAuth {
  userId: string;
  visitor: Visitor;
  /** What onAuth checked the visitor against; the room admits them only if that is itself. */
  sceneId: string;
  draft: boolean;
}

type SpaceClient = Client<{ auth: SpaceAuth }>;

/** Matchmaking errors answer as HTTP statuses (the route maps them); room errors as WebSocket codes. */
const refuse = (status: number, message: string) => new ServerError(status, message);

/**
 * One instance of a space: up to 25 visitors (spec §1) whose avatars everybody sees. Membership and
 * positions are server-authoritative: identity comes from the token checked in onAuth, moves are
 * clamped to a walking/running speed, and every message is validated before it touches state.
 */
export class SpaceRoom extends Room<{ state: SpaceState; metadata: SpaceRoomMetadata; client: SpaceClient }> {
  override maxClients = REALTIME_LIMITS.maxClientsPerInstance;
  // 20 Hz replication matches the clients' 15–20 Hz input rate.
  override patchRate = 1000 / REALTIME_LIMITS.moveHzMax;
  // Moves at 20 Hz plus emotes and avatar changes; a flood beyond this disconnects the client.
  override maxMessagesPerSecond = REALTIME_LIMITS.moveHzMax * 3;
  // A browser busy loading a space (or a phone on a slow network) may take a while to open the
  // socket after matchmaking; the seat waits that long before going to someone else.
  override seatReservationTimeout = 45;

  private readonly placed = new Map<string, Placed>();
  private readonly visitors = new Map<string, Visitor>();

  static override async onAuth(token: string, options: unknown, _context: AuthContext): Promise<SpaceAuth> {
    const parsed = spaceJoinOptions.safeParse(options);
    if (!parsed.success) {
      const wrongVersion = (options as { protocol?: unknown } | null)?.protocol !== REALTIME_PROTOCOL_VERSION;
      throw refuse(400, wrongVersion ? REALTIME_ERRORS.PROTOCOL_MISMATCH : REALTIME_ERRORS.BAD_REQUEST);
    }
    const ctx = realtimeContext();
    if (!token) throw refuse(401, 'Please sign in to continue');
    const actor = await ctx.authenticate(token).catch(() => null);
    if (!actor) throw refuse(401, 'Please sign in to continue');
    const { sceneId, draft = false } = parsed.data;
    if (!(await ctx.canEnter(actor, sceneId, draft))) throw refuse(403, REALTIME_ERRORS.NOT_FOUND);
    return { userId: actor.userId, visitor: await ctx.visitor(actor), sceneId, draft };
  }

  private draft = false;

  override onCreate(options: { sceneId: string; draft?: boolean }) {
    this.draft = options.draft === true;
    this.state = new SpaceState({ sceneId: options.sceneId });
    this.saveMetadata({ sceneId: options.sceneId, draft: this.draft, visitors: [] });

    this.onMessage(SPACE_MESSAGES.move, (client: SpaceClient, raw: unknown) => {
      const m = moveMessage.safeParse(raw);
      const avatar = this.state.avatars.get(client.sessionId);
      if (!m.success || !avatar) return this.fail(client, 'BAD_REQUEST');
      // The speed check runs on the exact positions; the replicated state carries them quantised.
      const prev = this.placed.get(client.sessionId) ?? { ...avatarPoseMetres(avatar), at: null };
      const next = clampMove(prev, m.data, Date.now());
      this.placed.set(client.sessionId, next);
      avatar.x = wirePose.centimetres(next.x);
      avatar.y = wirePose.centimetres(next.y);
      avatar.z = wirePose.centimetres(next.z);
      avatar.ry = wirePose.yawSteps(m.data.ry);
      avatar.anim = m.data.anim;
    });

    this.onMessage(SPACE_MESSAGES.emote, (client: SpaceClient, raw: unknown) => {
      const m = emoteMessage.safeParse(raw);
      const avatar = this.state.avatars.get(client.sessionId);
      if (!m.success || !avatar) return this.fail(client, 'BAD_REQUEST');
      avatar.emote = m.data.emote;
      avatar.emoteSeq = (avatar.emoteSeq + 1) % 65_536;
    });

    this.onMessage(SPACE_MESSAGES.avatar, (client: SpaceClient, raw: unknown) => {
      const m = avatarMessage.safeParse(raw);
      const avatar = this.state.avatars.get(client.sessionId);
      if (!m.success || !avatar) return this.fail(client, 'BAD_REQUEST');
      // A VRM only as stored through the avatar chooser (own asset, server-made URL), never another's.
      const stored = this.visitors.get(client.sessionId)?.avatar.vrm;
      if (m.data.avatar.vrm && (m.data.avatar.vrm.assetId !== stored?.assetId || m.data.avatar.vrm.url !== stored.url))
        return this.fail(client, 'BAD_REQUEST');
      avatar.avatar = JSON.stringify(m.data.avatar);
    });

    // Anything else is a client bug or a probe; answer instead of silently dropping.
    this.onMessage('*', (client: SpaceClient) => this.fail(client, 'BAD_REQUEST'));
  }

  override onJoin(client: SpaceClient) {
    const auth = client.auth as SpaceAuth;
    // onAuth checked the options the client sent; a room id (joinById, invite links) may name an
    // instance of another space, so the room's own space decides.
    if (auth.sceneId !== this.state.sceneId || auth.draft !== this.draft) throw refuse(403, REALTIME_ERRORS.NOT_FOUND);
    const visitor = auth.visitor;
    this.visitors.set(client.sessionId, visitor);
    this.state.avatars.set(
      client.sessionId,
      new AvatarState({
        sessionId: client.sessionId,
        userId: visitor.userId,
        name: visitor.name,
        avatar: JSON.stringify(visitor.avatar),
        x: 0,
        y: 0,
        z: 0,
        ry: 0,
        anim: 'idle',
        emote: '',
        emoteSeq: 0,
      }),
    );
    const welcome: SpaceWelcome = {
      protocol: REALTIME_PROTOCOL_VERSION,
      instanceId: this.roomId,
      sessionId: client.sessionId,
      userId: visitor.userId,
    };
    client.send(SPACE_MESSAGES.welcome, welcome);
    this.publishVisitors();
    realtimeContext().announce('entered', this.event(visitor));
  }

  override onDrop(client: SpaceClient) {
    // The avatar stays where it was while the visitor has 30 s to come back (spec: same instance).
    const avatar = this.state.avatars.get(client.sessionId);
    if (avatar) avatar.anim = 'idle';
    // Rejects when the window passes (or the client never fully joined); onLeave then cleans up.
    this.allowReconnection(client, REALTIME_LIMITS.reconnectSeconds).catch(() => {});
  }

  override onLeave(client: SpaceClient) {
    this.state.avatars.delete(client.sessionId);
    this.placed.delete(client.sessionId);
    const visitor = this.visitors.get(client.sessionId);
    this.visitors.delete(client.sessionId);
    this.publishVisitors();
    if (visitor) realtimeContext().announce('exited', this.event(visitor));
  }

  private event(v: Visitor) {
    return {
      sceneId: this.state.sceneId,
      instanceId: this.roomId,
      user: { userId: v.userId, name: v.name, profilePicture: v.profilePicture },
    };
  }

  /** Visitors go into the matchmaker's metadata so hubs on any process can list and count them. */
  private publishVisitors() {
    const seen = new Set<string>();
    const visitors = [];
    for (const v of this.visitors.values()) {
      if (seen.has(v.userId)) continue;
      seen.add(v.userId);
      visitors.push({ userId: v.userId, name: v.name, profilePicture: v.profilePicture });
    }
    this.saveMetadata({ sceneId: this.state.sceneId, draft: this.draft, visitors });
  }

  private saveMetadata(meta: SpaceRoomMetadata) {
    this.setMetadata(meta).catch((err: unknown) => realtimeContext().log.warn({ err }, 'room metadata not saved'));
  }

  private fail(client: SpaceClient, code: RealtimeError['code']) {
    const error: RealtimeError = { code, message: REALTIME_ERRORS[code] };
    client.send(SPACE_MESSAGES.error, error);
  }
}
