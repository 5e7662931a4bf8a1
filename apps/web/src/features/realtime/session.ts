import { Client, type Room } from '@colyseus/sdk';
import type { Socket } from 'socket.io-client';
import type { Engine } from '@atrium/engine';
import {
  avatarPose,
  HUB_EVENTS,
  HUB_METHODS,
  REALTIME_PATHS,
  REALTIME_PROTOCOL_VERSION,
  SPACE_MESSAGES,
  SPACE_ROOM,
  type AvatarStateShape,
  type DirectMessage,
  type DirectMessageGroup,
  type HubAck,
  type InstanceEvent,
  type LiveVisitor,
  type PublicMessage,
} from '@atrium/shared/realtime/protocol';
import { REALTIME_LIMITS } from '@atrium/shared/realtime/limits';
import { avatarAppearance, type AvatarAppearance } from '@atrium/shared/realtime/avatar';
import type { EmoteId } from '@atrium/shared/realtime/emotes';
import type { ChatItem } from '@atrium/shared/realtime/chat';
import { api, call } from '../../api/client.ts';
import { connectWithRetry, instanceLost, type HubState } from './connection.ts';
import { openHub, tokenStillAccepted } from './hubSocket.ts';
import { SnapshotStore } from '../../components/snapshotStore.ts';

export interface RealtimeSnapshot {
  /** The live-user hub (chat, counts). */
  hub: HubState;
  /** The space instance (avatars). */
  space: HubState;
  myUserId: string | null;
  instanceId: string | null;
  visitors: LiveVisitor[];
  sceneCount: number;
  instances: { instanceId: string; count: number }[];
  total: number;
  publicMessages: ChatItem[];
  events: (ChatItem & { kind: 'entered' | 'exited' })[];
  groups: DirectMessageGroup[];
  direct: Record<string, DirectMessage[]>;
  /** Older history exists for these groups (value: `before` cursor). */
  moreBefore: Record<string, string | null>;
  activeGroupId: string | null;
  muted: string[];
  lastError: string | null;
}

const initial = (): RealtimeSnapshot => ({
  hub: 'Disconnected',
  space: 'Disconnected',
  myUserId: null,
  instanceId: null,
  visitors: [],
  sceneCount: 0,
  instances: [],
  total: 0,
  publicMessages: [],
  events: [],
  groups: [],
  direct: {},
  moreBefore: {},
  activeGroupId: null,
  muted: [],
  lastError: null,
});

// What the room replicates per avatar; the sessionId is the map key, so it may be absent on the value.
type AvatarWire = Omit<AvatarStateShape, 'sessionId'>;

const MAX_MESSAGES = 300;
const round = (n: number) => Math.round(n * 100) / 100;

export interface StartOptions {
  sceneId: string;
  draft: boolean;
  /** Join this instance (an invitation) instead of any with room. */
  instanceId: string | null;
  engine: Engine;
  token: string;
  user: { userId: string; name: string };
}

/**
 * One visitor's realtime presence in one space: the Colyseus instance that carries avatars, and the
 * live-user and direct-message hubs. Everything here is best-effort: if the service is down the
 * visitor explores alone, and the viewer never waits on any of it.
 */
export class RealtimeSession extends SnapshotStore<RealtimeSnapshot> {
  private readonly o: StartOptions;
  private room: Room | null = null;
  private live: Socket | null = null;
  private dm: Socket | null = null;
  private sender: ReturnType<typeof setInterval> | null = null;
  private disposed = false;
  private lastSent = '';
  private readonly positions = new Map<string, [number, number, number]>();
  private readonly names = new Map<string, string>();
  /** Who voice says is talking (user ids); their avatars carry the engine's talking mark. */
  private talking = new Set<string>();
  private readonly hubListeners = new Set<(event: string, payload: unknown) => void>();

  constructor(o: StartOptions) {
    super(initial());
    this.o = o;
  }


  start() {
    void this.loadAvatar();
    void this.joinSpace();
    void this.connectHubs();
  }

  private async loadAvatar() {
    const mine = await call(api.GET('/api/user/my/avatar')).catch(() => null);
    const parsed = avatarAppearance.safeParse(mine);
    if (parsed.success && !this.disposed) this.o.engine.avatars.setLocalAvatar(parsed.data, this.o.user.name);
  }

  setLocalAppearance(a: AvatarAppearance) {
    this.o.engine.avatars.setLocalAvatar(a, this.o.user.name);
    this.room?.send(SPACE_MESSAGES.avatar, { avatar: a });
  }

  private headCheck = () => tokenStillAccepted(this.o.token);

  private async joinSpace(rejoin = false) {
    const client = new Client(`${location.origin}${REALTIME_PATHS.spaces}`);
    client.auth.token = this.o.token;
    const options = { protocol: REALTIME_PROTOCOL_VERSION, sceneId: this.o.sceneId, ...(this.o.draft ? { draft: true } : {}) };
    const room = await connectWithRetry({
      rejoin,
      connect: () =>
        this.o.instanceId
          ? client.joinById(this.o.instanceId, options).catch(() => client.joinOrCreate(SPACE_ROOM, options))
          : client.joinOrCreate(SPACE_ROOM, options),
      headCheck: this.headCheck,
      onState: (space) => this.set({ space }),
      log: (m, err) => console.warn(m, err),
      aborted: () => this.disposed,
    });
    if (!room) return;
    if (this.disposed) {
      void room.leave();
      return;
    }
    this.room = room;
    room.onMessage(SPACE_MESSAGES.welcome, () => {});
    room.onMessage(SPACE_MESSAGES.error, (e: { message?: string }) => this.set({ lastError: e.message ?? null }));
    room.onStateChange((s: { avatars?: Map<string, AvatarWire> }) => this.syncAvatars(s.avatars));
    room.onDrop(() => this.set({ space: 'Reconnecting' }));
    room.onReconnect(() => this.set({ space: 'Connected' }));
    room.onLeave((code: number) => {
      if (this.room === room) this.room = null;
      if (this.sender) clearInterval(this.sender);
      this.sender = null;
      for (const id of this.o.engine.avatars.ids()) this.o.engine.avatars.remove(id);
      if (this.disposed || !instanceLost(code)) return void this.set({ space: 'Disconnected' });
      // The instance is gone (its process restarted, or resuming failed): into a new one of the same space.
      this.set({ space: 'Reconnecting' });
      void this.joinSpace(true);
    });
    this.set({ instanceId: room.roomId });
    this.live?.emit(HUB_METHODS.joinScene, { sceneId: this.o.sceneId, instanceId: room.roomId });
    this.sender = setInterval(() => this.sendPose(), 1000 / REALTIME_LIMITS.moveHzMax);
  }

  /** Other visitors' avatar positions by user id, as the room last replicated them (spatial voice). */
  avatarPositions(): ReadonlyMap<string, readonly [number, number, number]> {
    return this.positions;
  }
  /** The name a visitor of this instance goes by (voice's list of people heard). */
  visitorName(userId: string): string | undefined {
    return this.names.get(userId);
  }
  /** Where this visitor's own avatar stands and faces (the voice listener). */
  localPose() {
    return this.o.engine.avatars.localPose();
  }

  /** Voice's talking people: marks over their avatars (and this visitor's own) in the engine. */
  markTalking(userIds: readonly string[]) {
    this.talking = new Set(userIds);
    const layer = this.o.engine.avatars;
    (this.room?.state as { avatars?: Map<string, AvatarWire> } | undefined)?.avatars?.forEach((a, sessionId) => {
      if (sessionId !== this.room!.sessionId) layer.setTalking(sessionId, this.talking.has(a.userId));
    });
    layer.setLocalTalking(this.talking.has(this.o.user.userId));
  }

  /** A public chat line over the speaker's avatar too, so a visitor sees who said it in the room. */
  private showBubble(userId: string, text: string) {
    const layer = this.o.engine.avatars;
    if (userId === this.o.user.userId) {
      layer.sayLocal(text);
      return;
    }
    (this.room?.state as { avatars?: Map<string, AvatarWire> } | undefined)?.avatars?.forEach((a, sessionId) => {
      if (a.userId === userId && sessionId !== this.room!.sessionId) layer.say(sessionId, text);
    });
  }

  private syncAvatars(avatars: Map<string, AvatarWire> | undefined) {
    if (!avatars || !this.room) return;
    const layer = this.o.engine.avatars;
    const seen = new Set<string>();
    this.positions.clear();
    avatars.forEach((a, sessionId) => {
      if (sessionId === this.room!.sessionId) return;
      seen.add(sessionId);
      const pose = avatarPose(a);
      this.positions.set(a.userId, pose.position);
      this.names.set(a.userId, a.name);
      const appearance = avatarAppearance.safeParse(safeJson(a.avatar));
      if (!appearance.success) return;
      layer.upsert(sessionId, {
        name: a.name,
        appearance: appearance.data,
        position: pose.position,
        yaw: pose.yaw,
        anim: a.anim === 'walk' || a.anim === 'run' ? a.anim : 'idle',
        emote: a.emote ? { id: a.emote as EmoteId, seq: a.emoteSeq } : null,
      });
      layer.setTalking(sessionId, this.talking.has(a.userId));
    });
    for (const id of layer.ids()) if (!seen.has(id)) layer.remove(id);
  }

  private sendPose() {
    if (!this.room || this.state.space !== 'Connected') return;
    const p = this.o.engine.avatars.localPose();
    const msg = { x: round(p.position[0]), y: round(p.position[1]), z: round(p.position[2]), ry: round(p.yaw), anim: p.anim };
    const key = JSON.stringify(msg);
    // Standing still sends nothing; the last state stays replicated.
    if (key === this.lastSent) return;
    this.lastSent = key;
    this.room.send(SPACE_MESSAGES.move, msg);
  }

  emote(id: EmoteId) {
    this.o.engine.avatars.playEmote(id);
    this.room?.send(SPACE_MESSAGES.emote, { emote: id });
  }

  private async connectHubs(rejoin = false) {
    const live = await connectWithRetry({
      rejoin,
      connect: () => openHub('liveUser', this.o.token),
      headCheck: this.headCheck,
      onState: (hub) => this.set({ hub }),
      log: (m, err) => console.warn(m, err),
      aborted: () => this.disposed,
    });
    if (!live || this.disposed) return void live?.close();
    this.live = live;
    live.onAny((event: string, payload: unknown) => this.hubListeners.forEach((fn) => fn(event, payload)));
    live.on('disconnect', () => {
      this.set({ hub: 'Disconnected' });
      // Spec §7: hubs reconnect automatically, by the same rules as the first connection, only for
      // longer (rejoinTries): the process that went away may be restarting.
      if (!this.disposed) setTimeout(() => void this.connectHubs(true), 1000);
    });
    live.on(HUB_EVENTS.myUserId, (e: { userId: string }) => this.set({ myUserId: e.userId }));
    live.on(HUB_EVENTS.totalLiveVisitors, (e: { count: number }) => this.set({ total: e.count }));
    live.on(HUB_EVENTS.liveVisitorCountInMyScene, (e: { count: number }) => this.set({ sceneCount: e.count }));
    live.on(HUB_EVENTS.liveVisitorCountPerSceneInstance, (e: { instances: RealtimeSnapshot['instances'] }) =>
      this.set({ instances: e.instances }),
    );
    live.on(HUB_EVENTS.liveVisitorsInMySceneInstance, (e: { visitors: LiveVisitor[] }) => this.set({ visitors: e.visitors }));
    live.on(HUB_EVENTS.publicMessage, (m: PublicMessage) => {
      if (this.state.muted.includes(m.user.id)) return;
      this.set({ publicMessages: [...this.state.publicMessages, m].slice(-MAX_MESSAGES) });
      this.showBubble(m.user.id, m.text);
    });
    const onInstance = (kind: 'entered' | 'exited') => (e: InstanceEvent) => {
      if (e.instanceId !== this.state.instanceId) return;
      const item = {
        kind,
        id: `${kind}-${e.user.userId}-${Date.now()}`,
        text: kind,
        time: new Date().toISOString(),
        user: { id: e.user.userId, name: e.user.name, profilePicture: e.user.profilePicture },
      };
      this.set({ events: [...this.state.events, item].slice(-MAX_MESSAGES) });
    };
    live.on(HUB_EVENTS.enteredInstance, onInstance('entered'));
    live.on(HUB_EVENTS.exitedInstance, onInstance('exited'));
    live.on(HUB_EVENTS.error, (e: { message: string }) => this.set({ lastError: e.message }));
    live.emit(HUB_METHODS.joinScene, { sceneId: this.o.sceneId, ...(this.state.instanceId ? { instanceId: this.state.instanceId } : {}) });

    // Direct messages share the live hub's fate: a process that went away took both sockets.
    if (!this.dm?.connected) void this.connectDirect();
  }

  private async connectDirect() {
    const dm = await openHub('directMessage', this.o.token).catch(() => null);
    if (!dm || this.disposed) return void dm?.close();
    this.dm?.close();
    this.dm = dm;
    dm.on(HUB_EVENTS.newDirectMessageGroup, (g: DirectMessageGroup) => {
      if (!this.state.groups.some((x) => x.id === g.id)) this.set({ groups: [g, ...this.state.groups] });
    });
    dm.on(HUB_EVENTS.newDirectMessageGroupMessage, (m: DirectMessage) => {
      const list = this.state.direct[m.groupId] ?? [];
      if (list.some((x) => x.id === m.id)) return;
      this.set({
        direct: { ...this.state.direct, [m.groupId]: [...list, m].slice(-MAX_MESSAGES) },
        groups: this.state.groups.map((g) => (g.id === m.groupId ? { ...g, lastMessage: m } : g)),
      });
    });
    dm.on(HUB_EVENTS.leftGroup, (e: { groupId: string; userId: string }) => {
      if (e.userId === this.o.user.userId) this.set({ groups: this.state.groups.filter((g) => g.id !== e.groupId) });
    });
    const groups = await call(api.GET('/api/directmessagegroup')).catch(() => []);
    this.set({ groups });
  }

  /** Other features' live-user hub events (Event chat, parties), kept across hub reconnects. */
  onHubEvent(fn: (event: string, payload: unknown) => void): () => void {
    this.hubListeners.add(fn);
    return () => this.hubListeners.delete(fn);
  }

  /** Calls a live-user hub method for another feature (Event chat). */
  async callHub(method: string, args: unknown): Promise<HubAck> {
    if (!this.live) return { ok: false, error: { code: 'NOT_IN_SCENE', message: 'Not connected' } };
    return (await this.live.timeout(5000).emitWithAck(method, args).catch(() => ({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'Not delivered' },
    }))) as HubAck;
  }

  async sendPublic(text: string): Promise<HubAck> {
    if (!this.live) return { ok: false, error: { code: 'NOT_IN_SCENE', message: 'Not connected' } };
    return (await this.live.timeout(5000).emitWithAck(HUB_METHODS.sendPublicMessage, { text }).catch(() => ({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'Not delivered' },
    }))) as HubAck;
  }

  async sendDirect(groupId: string, text: string): Promise<HubAck> {
    if (this.dm?.connected) {
      return (await this.dm.timeout(5000).emitWithAck(HUB_METHODS.sendDirectMessageGroupMessage, { groupId, text })) as HubAck;
    }
    // The hub is down: the REST path stores the message and still delivers it live to the others.
    const m = await call(api.POST('/api/directmessagegroup/{id}/messages', { params: { path: { id: groupId } }, body: { text } }));
    return { ok: true, data: m };
  }

  async openGroup(groupId: string) {
    this.set({ activeGroupId: groupId });
    if (this.state.direct[groupId]) return;
    const page = await call(api.GET('/api/directmessagegroup/{id}/messages', { params: { path: { id: groupId } } }));
    this.set({ direct: { ...this.state.direct, [groupId]: page.messages }, moreBefore: { ...this.state.moreBefore, [groupId]: page.nextBefore } });
  }

  async loadOlder(groupId: string) {
    const before = this.state.moreBefore[groupId];
    if (!before) return;
    const page = await call(
      api.GET('/api/directmessagegroup/{id}/messages', { params: { path: { id: groupId }, query: { before } } }),
    );
    this.set({
      direct: { ...this.state.direct, [groupId]: [...page.messages, ...(this.state.direct[groupId] ?? [])] },
      moreBefore: { ...this.state.moreBefore, [groupId]: page.nextBefore },
    });
  }

  closeGroup() {
    this.set({ activeGroupId: null });
  }

  /** Opens (or reuses) a one-to-one conversation with this person. */
  async chatWith(userId: string) {
    const existing = this.state.groups.find((g) => g.members.length === 2 && g.members.some((m) => m.id === userId));
    const group = existing ?? (await call(api.POST('/api/directmessagegroup', { body: { memberIds: [userId] } })));
    if (!this.state.groups.some((g) => g.id === group.id)) this.set({ groups: [group, ...this.state.groups] });
    await this.openGroup(group.id);
    return group;
  }

  toggleMute(userId: string) {
    const muted = this.state.muted.includes(userId) ? this.state.muted.filter((u) => u !== userId) : [...this.state.muted, userId];
    this.set({ muted, publicMessages: this.state.publicMessages.filter((m) => !muted.includes(m.user.id)) });
  }

  /** A link that brings a friend into this very instance. */
  inviteLink(): string {
    const url = new URL(location.href);
    if (this.state.instanceId) url.searchParams.set('instance', this.state.instanceId);
    return url.toString();
  }

  dispose() {
    this.disposed = true;
    if (this.sender) clearInterval(this.sender);
    // Leaving on purpose (tab close, navigation) frees the seat at once instead of after 30 s.
    void this.room?.leave(true).catch(() => {});
    this.live?.emit(HUB_METHODS.exitCurrentScene, {});
    this.live?.close();
    this.dm?.close();
    for (const id of this.o.engine.avatars.ids()) this.o.engine.avatars.remove(id);
    this.forgetListeners();
    this.hubListeners.clear();
  }
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
