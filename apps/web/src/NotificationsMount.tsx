import { lazy, Suspense, useSyncExternalStore } from 'react';
import { THEME } from '@atrium/shared/constants';
import { notificationsHost } from './notificationsHost.ts';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function NotificationsMount() {
  const wanted = useSyncExternalStore(notificationsHost.subscribe, notificationsHost.isWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" zIndex={THEME.modalZIndex + 1} />
    </Suspense>
  );
}
