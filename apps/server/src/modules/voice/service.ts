import { AppError, VOICE_BROADCAST_PUBLISHERS, VOICE_WS_PATH, type VoiceBroadcastToken, type VoiceMutes, type VoiceStatus, type VoiceToken, type VoiceTokenBody } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import type { VoiceRepo } from './repo.ts';
import { VoiceRooms } from './rooms.ts';

/** The live instance a visitor says they are in, as the realtime side knows it. */
export interface InstanceInfo {
  sceneId: string;
  draft: boolean;
  userIds: string[];
}

export interface VoiceDeps {
  repo: VoiceRepo;
  scenes: Pick<ScenesRepo, 'findAccess'>;
  access: SceneAccess;
  /** Publishing's communication rule (reads the space through sceneAccess first; 'allowed' = may talk). */
  canTalk: (actor: Actor, sceneId: string) => Promise<boolean>;
  /** Realtime's room listings; null when no such instance is live. */
  instance: (instanceId: string) => Promise<InstanceInfo | null>;
  /** Events' `liveIn`: the event on now in a space, with its host. */
  liveEvent: (sceneId: string) => Promise<{ eventId: string; hostId: string; endsAt: Date } | null>;
  /** Null when this server has no Janus: voice is "not set up" and text chat goes on without it. */
  rooms: VoiceRooms | null;
  iceServers: VoiceToken['iceServers'];
}

/**
 * Who may talk: a visitor of the space (sceneAccess), on its communication list or the list is off
 * ('Communications are disabled' otherwise), not muted by the owner, and inside the live instance
 * whose voice room they ask for. Every token request checks all of it again, and tokens live for
 * a minute, so a change of list or an owner's mute takes the voice away within that minute (a
 * mute at once: the server also removes them from the room).
 */
export class VoiceService {
  private readonly d: VoiceDeps;
  constructor(d: VoiceDeps) {
    this.d = d;
  }

  status(): VoiceStatus {
    return { available: this.d.rooms !== null };
  }

  async token(actor: Actor, body: VoiceTokenBody): Promise<VoiceToken> {
    if (!(await this.d.canTalk(actor, body.sceneId))) throw new AppError('COMMUNICATIONS_DISABLED');
    if (await this.d.repo.isMuted(body.sceneId, actor.userId)) throw new AppError('VOICE_MUTED');
    const instance = await this.d.instance(body.instanceId);
    if (!instance || instance.sceneId !== body.sceneId || !instance.userIds.includes(actor.userId)) throw new AppError('NOT_FOUND');
    const rooms = this.d.rooms;
    if (!rooms) throw new AppError('VOICE_NOT_SET_UP');
    // A draft preview and the published version never share an instance, nor a voice room.
    const room = VoiceRooms.roomId(body.sceneId, body.instanceId);
    const issued = await rooms.issue(body.sceneId, room, actor.userId, body.participantId).catch(() => {
      // Janus down or restarting: the viewer keeps text chat and asks again later.
      throw new AppError('VOICE_NOT_SET_UP');
    });
    void rooms.audit(room).catch(() => {});
    return {
      token: issued.token,
      room,
      participantId: issued.participantId,
      expiresAt: issued.expiresAt.toISOString(),
      wsPath: VOICE_WS_PATH,
      iceServers: this.d.iceServers,
    };
  }

  /**
   * Broadcast voice: during a live event, one voice room for the event, shared by every instance of
   * the space. The host gets a token that may publish into it; any other visitor who may talk in the
   * space (same rule as the instance room: space access, then the communication list, else
   * 'Communications are disabled') gets a listen-only one, which the proxy keeps from publishing.
   * An owner's mute keeps someone from talking, not from hearing the host, so it is not asked here
   * (a muted host only listens). No event on → 404; the room is destroyed when the event ends.
   */
  async broadcastToken(actor: Actor, body: VoiceTokenBody): Promise<VoiceBroadcastToken> {
    if (!(await this.d.canTalk(actor, body.sceneId))) throw new AppError('COMMUNICATIONS_DISABLED');
    const instance = await this.d.instance(body.instanceId);
    // A draft preview is the owner's rehearsal, not the event's audience.
    if (!instance || instance.draft || instance.sceneId !== body.sceneId || !instance.userIds.includes(actor.userId))
      throw new AppError('NOT_FOUND');
    const event = await this.d.liveEvent(body.sceneId);
    if (!event) throw new AppError('NOT_FOUND', 'No event is on in this space');
    const rooms = this.d.rooms;
    if (!rooms) throw new AppError('VOICE_NOT_SET_UP');
    const host = event.hostId === actor.userId && !(await this.d.repo.isMuted(body.sceneId, actor.userId));
    const room = `event:${event.eventId}`;
    const fresh = !rooms.has(room);
    const issued = await rooms
      .issue(body.sceneId, room, actor.userId, body.participantId, {
        listenOnly: !host,
        kind: { publishers: VOICE_BROADCAST_PUBLISHERS, requirePvtid: false },
      })
      .catch(() => {
        throw new AppError('VOICE_NOT_SET_UP');
      });
    if (fresh) this.closeAtEnd(body.sceneId, event.eventId, room, event.endsAt);
    void rooms.audit(room).catch(() => {});
    return {
      token: issued.token,
      room,
      participantId: issued.participantId,
      expiresAt: issued.expiresAt.toISOString(),
      wsPath: VOICE_WS_PATH,
      iceServers: this.d.iceServers,
      role: host ? 'host' : 'listener',
      eventId: event.eventId,
      hostId: event.hostId,
    };
  }

  /**
   * Tears an event's room down once the event is over (tokens withdrawn, everyone out). At the end
   * time the event is asked again: an owner may have lengthened it meanwhile.
   */
  private closeAtEnd(sceneId: string, eventId: string, room: string, endsAt: Date) {
    // Events last at most 12 hours, well within what setTimeout holds.
    const timer = setTimeout(() => {
      void (async () => {
        const now = await this.d.liveEvent(sceneId).catch(() => null);
        if (now?.eventId === eventId && now.endsAt.getTime() > Date.now()) return this.closeAtEnd(sceneId, eventId, room, now.endsAt);
        await this.d.rooms?.closeRoom(room);
      })().catch(() => {});
    }, Math.max(0, endsAt.getTime() - Date.now()));
    timer.unref();
  }

  /** The owner mutes a visitor for everyone in the space (or lifts it). */
  async setMuted(actor: Actor, sceneId: string, userId: string, muted: boolean): Promise<VoiceMutes> {
    await this.d.access.assertOwner(actor, await this.d.scenes.findAccess(sceneId));
    if (userId === actor.userId) throw new AppError('BAD_REQUEST');
    await this.d.repo.setMuted(sceneId, userId, muted);
    if (muted) await this.d.rooms?.removeUser(sceneId, userId);
    return { sceneId, userIds: await this.d.repo.muted(sceneId) };
  }

  async mutes(actor: Actor, sceneId: string): Promise<VoiceMutes> {
    await this.d.access.assertOwner(actor, await this.d.scenes.findAccess(sceneId));
    return { sceneId, userIds: await this.d.repo.muted(sceneId) };
  }

}
