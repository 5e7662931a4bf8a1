import type { Namespace } from 'socket.io';
import { newId } from '../../db/newId.ts';
import {
  chatText,
  HUB_EVENTS,
  HUB_METHODS,
  sendEventMessageArgs,
  sendPartyMessageArgs,
  type EventMessage,
  type PartyLeaderMoved,
  type PartyMessage,
} from '@atrium/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageLimiter } from '../rateLimiter.ts';
import { ackOf, refuse, type Ack } from './ack.ts';
import { sceneRoom, userRoom, type HubSocket } from './auth.ts';

/** What the live-user hub needs from events and parties (built in app.ts, handed in as functions). */
export interface GatheringsDeps {
  /** The event on now in this space, if any. */
  liveEvent: (sceneId: string) => Promise<{ eventId: string } | null>;
  /** The members to bring along when this person, if a party leader, enters an instance. */
  followersOf: (userId: string) => Promise<{ partyId: string; memberIds: string[] } | null>;
  /** This person's party and all its members (them included), for party chat. */
  partyOf?: (userId: string) => Promise<{ partyId: string; memberIds: string[] } | null>;
}

/**
 * Issue 20 on the live-user hub: Event chat, sent to the space's room so it reaches every instance of
 * the space (on every process, through the Redis adapter when scaled out), party following: when
 * a leader enters an instance each member is told where, on whichever process they are connected, and
 * party chat: to each member's own room, so only members get it, on whichever process they are.
 */
export class GatheringsHub {
  private readonly ns: Namespace;
  private readonly deps: GatheringsDeps;
  private readonly limiter: MessageLimiter;
  private readonly log: FastifyBaseLogger;

  constructor(ns: Namespace, deps: GatheringsDeps, limiter: MessageLimiter, log: FastifyBaseLogger) {
    this.ns = ns;
    this.deps = deps;
    this.limiter = limiter;
    this.log = log;
    ns.on('connection', (s) => this.connected(s as HubSocket));
  }

  private connected(socket: HubSocket) {
    socket.on(HUB_METHODS.sendEventMessage, (raw: unknown, cb: unknown) => {
      const ack = ackOf(cb);
      this.sendEvent(socket, raw, ack).catch((err: unknown) => {
        this.log.error({ err }, 'SendEventMessage failed');
        refuse(socket, ack, 'UNAVAILABLE');
      });
    });
    socket.on(HUB_METHODS.sendPartyMessage, (raw: unknown, cb: unknown) => {
      const ack = ackOf(cb);
      this.sendParty(socket, raw, ack).catch((err: unknown) => {
        this.log.error({ err }, 'SendPartyMessage failed');
        refuse(socket, ack, 'UNAVAILABLE');
      });
    });
  }

  /** Live, not stored; to the members' own rooms (never a room a non-member could join). */
  private async sendParty(socket: HubSocket, raw: unknown, ack: Ack) {
    const { actor, visitor } = socket.data;
    const args = sendPartyMessageArgs.safeParse(raw);
    if (!args.success) return refuse(socket, ack, 'BAD_REQUEST');
    const text = chatText.safeParse(args.data.text);
    if (!text.success)
      return refuse(socket, ack, args.data.text.trim() ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY');
    const party = await this.deps.partyOf?.(actor.userId);
    if (!party) return refuse(socket, ack, 'NOT_IN_PARTY');
    if (!(await this.limiter.take(actor.userId))) return refuse(socket, ack, 'RATE_LIMITED');
    const message: PartyMessage = {
      id: newId(),
      partyId: party.partyId,
      text: text.data,
      time: new Date().toISOString(),
      user: { id: actor.userId, name: visitor.name, profilePicture: visitor.profilePicture },
    };
    this.toUsers(party.memberIds, HUB_EVENTS.partyMessage, message);
    ack({ ok: true, data: message });
  }

  /** Like public chat (live, not stored), but to the whole space and only while an event is on. */
  private async sendEvent(socket: HubSocket, raw: unknown, ack: Ack) {
    const { actor, sceneId, instanceId, visitor } = socket.data;
    if (!sceneId) return refuse(socket, ack, 'NOT_IN_SCENE');
    if (!socket.data.canTalk) return refuse(socket, ack, 'FORBIDDEN');
    const args = sendEventMessageArgs.safeParse(raw);
    if (!args.success) return refuse(socket, ack, 'BAD_REQUEST');
    const text = chatText.safeParse(args.data.text);
    if (!text.success)
      return refuse(socket, ack, args.data.text.trim() ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY');
    const event = await this.deps.liveEvent(sceneId);
    if (!event) return refuse(socket, ack, 'NO_EVENT');
    if (!(await this.limiter.take(actor.userId))) return refuse(socket, ack, 'RATE_LIMITED');
    const message: EventMessage = {
      id: newId(),
      eventId: event.eventId,
      sceneId,
      instanceId: instanceId ?? null,
      text: text.data,
      time: new Date().toISOString(),
      user: { id: actor.userId, name: visitor.name, profilePicture: visitor.profilePicture },
    };
    this.ns.to(sceneRoom(sceneId)).emit(HUB_EVENTS.eventMessage, message);
    ack({ ok: true, data: message });
  }

  /** After a JoinScene naming an instance: a leader's members are told to follow. */
  joined(socket: HubSocket) {
    const { actor, sceneId, instanceId } = socket.data;
    if (!sceneId || !instanceId) return;
    this.deps.followersOf(actor.userId).then(
      (party) => {
        if (!party?.memberIds.length) return;
        const moved: PartyLeaderMoved = {
          partyId: party.partyId,
          leaderId: actor.userId,
          sceneId,
          instanceId,
        };
        this.toUsers(party.memberIds, HUB_EVENTS.partyLeaderMoved, moved);
      },
      (err: unknown) => this.log.warn({ err }, 'party follow failed'),
    );
  }

  toUsers(userIds: string[], event: string, payload: unknown) {
    if (!userIds.length) return;
    this.ns.to(userIds.map(userRoom)).emit(event, payload);
  }
}
