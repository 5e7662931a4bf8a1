import { i18n } from '../../i18n/index.ts';
import { notificationsFr } from './i18n.fr.ts';

// Header notifications menu (English); the empty state is the spec's text from @atrium/shared.
export const notificationsText = {
  notifications: {
    title: 'Notifications',
    open: 'Notifications',
    openUnread_one: 'Notifications, {{count}} unread',
    openUnread_other: 'Notifications, {{count}} unread',
    markAllRead: 'Mark all as read',
    markRead: 'Mark as read',
    unread: 'Unread',
    loadFailed: 'Notifications could not be loaded.',
  },
};

i18n.addResourceBundle('en', 'translation', notificationsText, true, false);
i18n.addResourceBundle('fr', 'translation', notificationsFr, true, false);
