import type { Namespace } from 'socket.io';
import type { NotificationEvent, NotificationTopic } from '@atrium/shared';
import { userRoom, type HubSocket } from './auth.ts';

/**
 * The notification hub (spec §7): live delivery of topics Notification, Wallet and Subscription to
 * one user's sockets on any process. What is stored (the notification list) belongs to the module
 * that raises it; this only carries the live event.
 */
export class NotificationHub {
  private readonly ns: Namespace;
  constructor(ns: Namespace) {
    this.ns = ns;
    ns.on('connection', (raw) => {
      const socket = raw as HubSocket;
      void socket.join(userRoom(socket.data.actor.userId));
    });
  }

  notify(userId: string, topic: NotificationTopic, payload: unknown) {
    const event: NotificationEvent = { topic, payload, time: new Date().toISOString() };
    this.ns.to(userRoom(userId)).emit(topic, event);
  }
}
