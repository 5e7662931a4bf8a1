import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { marketplaceKeys, notificationKeys, slotKeys } from '../../api/keys.ts';
import { renewSession } from '../../auth/session.ts';
import { currentAccessToken } from '../../auth/useSession.ts';
import { subscribeNotifications } from './liveNotifications.ts';
import { withAllRead, withArrived, withRead, type NotificationList } from './links.ts';

/** How many of the newest notifications the header menu lists. */
export const MENU_SIZE = 20;
const key = notificationKeys.menu;

/**
 * The newest notifications and the unread count: REST once, then kept current by the hub. One hub
 * connection for as long as the bell is mounted (the header keys it by user): token renewals do not
 * replace it, the next reconnect reads the session's current token.
 */
export function useNotifications() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(api.GET('/api/notification/my', { params: { query: { limit: MENU_SIZE } } })),
    // The hub keeps the list current; it is refetched after a hub reconnect instead of on focus.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  useEffect(
    () =>
      subscribeNotifications(
        currentAccessToken,
        (n) => {
          const list = qc.getQueryData<NotificationList>(key);
          if (list) qc.setQueryData<NotificationList>(key, withArrived(list, n, MENU_SIZE));
          else void qc.invalidateQueries({ queryKey: key });
        },
        // Whatever the hub said while it was away: notifications, credits and the plan are read again.
        () => {
          void qc.invalidateQueries({ queryKey: key });
          void qc.invalidateQueries({ queryKey: marketplaceKeys.all });
          void qc.invalidateQueries({ queryKey: slotKeys.my });
        },
        (topic, payload) => {
          const balance = (payload as { availableBalance?: unknown } | null)?.availableBalance;
          if (topic === 'Wallet' && typeof balance === 'number') qc.setQueryData(marketplaceKeys.wallet, { availableBalance: balance });
          else void qc.invalidateQueries({ queryKey: marketplaceKeys.all });
          if (topic === 'Subscription') {
            void qc.invalidateQueries({ queryKey: slotKeys.my });
            // Spec §4: a plan change renews the token, so the role follows without signing in again.
            void renewSession().catch(() => undefined);
          }
        },
      ),
    [qc],
  );
  return query;
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.POST('/api/notification/{id}/read', { params: { path: { id } } })),
    onSuccess: (n) => {
      const list = qc.getQueryData<NotificationList>(key);
      if (list) qc.setQueryData<NotificationList>(key, withRead(list, n.notificationId, n.readAt ?? new Date().toISOString()));
    },
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/notification/read-all')),
    onSuccess: () => {
      const list = qc.getQueryData<NotificationList>(key);
      if (list) qc.setQueryData<NotificationList>(key, withAllRead(list, new Date().toISOString()));
    },
  });
}
