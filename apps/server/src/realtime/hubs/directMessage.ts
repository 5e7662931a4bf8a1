import type { FastifyBaseLogger } from 'fastify';
import type { Namespace } from 'socket.io';
import { AppError, chatText, HUB_EVENTS, HUB_METHODS, sendDirectMessageArgs } from '@atrium/shared';
import type { DirectMessageEvents, DirectMessagesService } from '../directMessages/service.ts';
import type { MessageLimiter } from '../rateLimiter.ts';
import { ackOf, refuse } from './ack.ts';
import { userRoom, type HubSocket } from './auth.ts';

/** The direct-message hub (spec §7): group messages, new groups, joins and leaves, per member. */
export class DirectMessageHub implements DirectMessageEvents {
  private readonly ns: Namespace;

  constructor(ns: Namespace, service: DirectMessagesService, limiter: MessageLimiter, log: FastifyBaseLogger) {
    this.ns = ns;
    service.events = this;
    ns.on('connection', (raw) => {
      const socket = raw as HubSocket;
      const { actor } = socket.data;
      void socket.join(userRoom(actor.userId));
      socket.on(HUB_METHODS.sendDirectMessageGroupMessage, async (payload: unknown, cb: unknown) => {
        const ack = ackOf(cb);
        const args = sendDirectMessageArgs.safeParse(payload);
        if (!args.success) return refuse(socket, ack, 'BAD_REQUEST');
        const text = chatText.safeParse(args.data.text);
        if (!text.success) return refuse(socket, ack, args.data.text.trim() ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY');
        if (!(await limiter.take(actor.userId))) return refuse(socket, ack, 'RATE_LIMITED');
        try {
          ack({ ok: true, data: await service.send(actor, args.data.groupId, text.data) });
        } catch (err) {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return refuse(socket, ack, 'NOT_FOUND');
          if (err instanceof AppError && err.code === 'BLOCKED') return refuse(socket, ack, 'BLOCKED');
          log.error({ err }, 'direct message not sent');
          refuse(socket, ack, 'UNAVAILABLE');
        }
      });
    });
  }

  private toMembers(ids: string[]) {
    return this.ns.to(ids.map(userRoom));
  }

  groupCreated: DirectMessageEvents['groupCreated'] = (group, memberIds) => {
    this.toMembers(memberIds).emit(HUB_EVENTS.newDirectMessageGroup, group);
    for (const userId of memberIds) this.toMembers(memberIds).emit(HUB_EVENTS.joinedGroup, { groupId: group.id, userId });
  };

  message: DirectMessageEvents['message'] = (message, memberIds) => {
    this.toMembers(memberIds).emit(HUB_EVENTS.newDirectMessageGroupMessage, message);
  };

  left: DirectMessageEvents['left'] = (groupId, userId, remainingIds) => {
    this.toMembers([...remainingIds, userId]).emit(HUB_EVENTS.leftGroup, { groupId, userId });
  };
}
