import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { notificationKeys } from '../../api/keys.ts';
import { subscribeNotifications } from './liveNotifications.ts';
import { withAllRead, withArrived, withRead, type NotificationList } from './links.ts';

/** How many of the newest notifications the header menu lists. */
export const MENU_SIZE = 20;
const key = notificationKeys.menu;

/** The newest notifications and the unread count: REST once, then kept current by the hub. */
export function useNotifications(token: string) {
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
        token,
        (n) => {
          const list = qc.getQueryData<NotificationList>(key);
          if (list) qc.setQueryData<NotificationList>(key, withArrived(list, n, MENU_SIZE));
          else void qc.invalidateQueries({ queryKey: key });
        },
        () => void qc.invalidateQueries({ queryKey: key }),
      ),
    [token, qc],
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
