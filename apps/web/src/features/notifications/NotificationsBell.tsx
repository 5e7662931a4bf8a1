import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Button, Indicator, Loader, Text } from '@mantine/core';
import { IconAlarm, IconArrowBackUp, IconBell, IconBuildingCommunity, IconCalendarX, IconCheck, IconHandStop, IconHeart, IconMessageCircle, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { msg } from '../../i18n/msg.ts';
import { relativeTime } from '../../i18n/format.ts';
import type { NotificationType, NotificationView } from '@atrium/shared/publishing/schema';
import { QueryScope } from '../../api/QueryScope.tsx';
import { useMarkAllRead, useMarkRead, useNotifications } from './queries.ts';
import { notificationLink } from './links.ts';
import './i18n.ts';
import './mantine-notifications.ts';
import classes from './Notifications.module.css';

const ICONS: Record<NotificationType, typeof IconBell> = {
  like: IconHeart,
  comment: IconMessageCircle,
  reply: IconArrowBackUp,
  follow: IconUserPlus,
  districtFollow: IconUserPlus,
  districtRequest: IconBuildingCommunity,
  districtRequestAnswered: IconBuildingCommunity,
  districtSlotLapsed: IconCalendarX,
  slotExpired: IconCalendarX,
  partyInvite: IconUsersGroup,
  groupInvite: IconUsersGroup,
  greet: IconHandStop,
  eventReminder: IconAlarm,
};

/**
 * The signed-in header's bell: unread count on a badge, and a menu of the newest stored
 * notifications (likes, comments, replies, follows) that arrive live from the notification hub.
 * Rendered in the header, outside any page, so it brings its own query provider.
 */
export function NotificationsBell() {
  return (
    <QueryScope>
      <Bell />
    </QueryScope>
  );
}

function Bell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const label = unread ? t('notifications.openUnread', { count: unread }) : t('notifications.open');

  useEffect(() => setOpened(false), [location.pathname]);
  useEffect(() => {
    if (!opened) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [opened]);

  return (
    <div
      ref={root}
      className={classes.root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && opened) {
          setOpened(false);
          button.current?.focus();
        }
      }}
    >
      <Indicator
        label={unread > 99 ? '99+' : String(unread)}
        size={20}
        offset={6}
        color="red"
        disabled={unread === 0}
        data-testid="notifications-badge"
        data-unread={unread}
      >
        <ActionIcon
          ref={button}
          variant="subtle"
          color="gray"
          size={44}
          radius="xl"
          aria-label={label}
          aria-expanded={opened}
          aria-controls={id}
          data-testid="notifications-bell"
          onClick={() => setOpened((o) => !o)}
        >
          <IconBell size={26} stroke={1.6} color="var(--mantine-color-dark-6)" />
        </ActionIcon>
      </Indicator>
      <section id={id} className={classes.panel} hidden={!opened} aria-label={t('notifications.title')} data-testid="notifications-menu">
        <div className={classes.head}>
          <Text fw={700}>{t('notifications.title')}</Text>
          <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notifications.markAllRead')}
          </Button>
        </div>
        <div className={classes.list}>
          {list.isPending && (
            <div className={classes.empty}>
              <Loader size="sm" />
            </div>
          )}
          {list.isError && <div className={classes.empty}>{t('notifications.loadFailed')}</div>}
          {list.data?.items.length === 0 && <div className={classes.empty}>{msg.social.noNotifications}</div>}
          {list.data?.items.map((n) => (
            <Item key={n.notificationId} n={n} onOpen={() => setOpened(false)} />
          ))}
        </div>
      </section>
    </div>
  );
}

function Item({ n, onOpen }: { n: NotificationView; onOpen: () => void }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const Icon = ICONS[n.type];
  const to = notificationLink(n);
  const unread = !n.readAt;
  const body = (
    <>
      <span className={classes.icon} aria-hidden>
        <Icon size={18} />
      </span>
      <span>
        <span className={classes.text}>{n.text}</span>
        <br />
        <time className={classes.time} dateTime={n.createdAt}>
          {relativeTime(n.createdAt)}
        </time>
      </span>
    </>
  );
  return (
    <div className={classes.item} data-unread={unread || undefined} data-testid="notification-item">
      {to ? (
        <Link
          to={to}
          className={classes.link}
          onClick={() => {
            if (unread) markRead.mutate(n.notificationId);
            onOpen();
          }}
        >
          {body}
        </Link>
      ) : (
        <div className={classes.link}>{body}</div>
      )}
      {unread && (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('notifications.markRead')}
          title={t('notifications.markRead')}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(n.notificationId)}
        >
          <IconCheck size={16} />
        </ActionIcon>
      )}
    </div>
  );
}
