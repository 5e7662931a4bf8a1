import type { Catalogue } from '../../i18n/catalogue.ts';
import type { notificationsText } from './i18n.ts';

// French header notifications menu, key for key with i18n.ts.
export const notificationsFr: Catalogue<typeof notificationsText> = {
  notifications: {
    title: 'Notifications',
    open: 'Notifications',
    openUnread_one: 'Notifications, {{count}} non lue',
    openUnread_other: 'Notifications, {{count}} non lues',
    markAllRead: 'Tout marquer comme lu',
    markRead: 'Marquer comme lu',
    unread: 'Non lu',
    loadFailed: 'Impossible de charger les notifications.',
  },
};
