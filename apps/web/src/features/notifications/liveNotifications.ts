import type { Socket } from 'socket.io-client';
import type { NotificationEvent } from '@atrium/shared/realtime/protocol';
import { notificationView, type NotificationView } from '@atrium/shared/publishing/schema';
import { connectWithRetry } from '../realtime/connection.ts';
import { openHub, tokenStillAccepted } from '../realtime/hubSocket.ts';

/**
 * Stored notifications as they are created, from the notification hub's Notification topic. The hub
 * reconnects by the rules of spec §8 (401 stops, otherwise a HEAD check and up to 3 retries) and
 * again after a dropped connection, then for about 30 s (`rejoinTries`: a restarted process); returns
 * the unsubscribe.
 * The connection outlives token renewals: the hub authenticates a socket once, when it connects,
 * so a renewed token (every plan change renews one) is only read at the next (re)connect. Replacing
 * the socket on each renewal left a gap in which the hub's events were lost for good.
 */
export function subscribeNotifications(
  /** The current access token, read at each connect; null once signed out (nothing to connect). */
  token: () => string | null,
  onNotification: (n: NotificationView) => void,
  /** After a reconnect: what arrived while the hub was away is only in the REST list. */
  onReconnected: () => void,
  /** The same hub's Wallet and Subscription topics (spec §7): credits changed, a plan changed. */
  onAccount?: (topic: 'Wallet' | 'Subscription', payload: unknown) => void,
): () => void {
  let disposed = false;
  let connections = 0;
  let socket: Socket | null = null;
  // Each attempt reads the token afresh; signed out, there is nothing to connect (retries stop).
  const attempt = () => {
    const current = token();
    return current ? openHub('notification', current) : Promise.reject(new Error('UNAUTHENTICATED'));
  };
  const headCheck = async () => {
    const current = token();
    return current ? tokenStillAccepted(current) : false;
  };

  const connect = async (rejoin = false) => {
    const s = await connectWithRetry({
      connect: attempt,
      headCheck,
      onState: () => {},
      aborted: () => disposed,
      rejoin,
    });
    if (!s || disposed) return void s?.close();
    socket = s;
    if (connections++ > 0) onReconnected();
    s.on('Notification' satisfies NotificationEvent['topic'], (e: NotificationEvent) => {
      const parsed = notificationView.safeParse(e?.payload);
      if (parsed.success) onNotification(parsed.data);
    });
    for (const topic of ['Wallet', 'Subscription'] as const satisfies readonly NotificationEvent['topic'][])
      s.on(topic, (e: NotificationEvent) => onAccount?.(topic, e?.payload));
    s.on('disconnect', () => {
      socket = null;
      if (!disposed) setTimeout(() => void connect(true), 1000);
    });
  };
  void connect();
  return () => {
    disposed = true;
    socket?.close();
  };
}
