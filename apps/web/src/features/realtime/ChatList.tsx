import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Avatar, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { groupChatMessages, type ChatItem } from '@atrium/shared/realtime/chat';
import { relativeTime } from '../../i18n/format.ts';
import { REALTIME_LIMITS } from '@atrium/shared/realtime/limits';
import classes from './Realtime.module.css';

/**
 * Spec §3/§4 chat list: same-user messages within 10 minutes grouped, mine right and others left,
 * relative times, and past 80 px from the end a scroll-to-latest button counting what arrived since.
 * Text is rendered as text (React escapes it), so HTML in a message shows as typed.
 */
export function ChatList({ items, myUserId, empty }: { items: readonly ChatItem[]; myUserId: string | null; empty: string }) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState(false);
  const [unread, setUnread] = useState(0);
  const seen = useRef(items.length);
  const [, tick] = useState(0);

  // Relative times age while the panel is open.
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);

  useLayoutEffect(() => {
    const el = viewport.current;
    const added = items.length - seen.current;
    seen.current = items.length;
    if (!el || added <= 0) return;
    if (away) setUnread((n) => n + added);
    else el.scrollTop = el.scrollHeight;
  }, [items.length, away]);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const far = el.scrollHeight - el.scrollTop - el.clientHeight > REALTIME_LIMITS.chatScrollThresholdPx;
        setAway(far);
        if (!far) setUnread(0);
      }, REALTIME_LIMITS.chatScrollDebounceMs);
    };
    el.addEventListener('scroll', onScroll);
    return () => {
      el.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);

  const toLatest = () => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setUnread(0);
    setAway(false);
  };

  const groups = groupChatMessages(items, myUserId);
  return (
    <Box className={classes.chatWrap}>
      <div ref={viewport} className={classes.chatScroll} data-testid="chat-list">
        {groups.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" mt="lg">
            {empty}
          </Text>
        )}
        <Stack gap="sm">
          {groups.map((g) => (
            <Group key={g.key} align="flex-start" gap="xs" wrap="nowrap" justify={g.alignment === 'right' ? 'flex-end' : 'flex-start'} data-align={g.alignment}>
              {g.alignment === 'left' && (
                <Avatar src={g.user.profilePicture} name={g.user.name} size={30} color="initials" />
              )}
              <Stack gap={4} className={classes.bubbles} align={g.alignment === 'right' ? 'flex-end' : 'flex-start'}>
                <Text size="xs" c="dimmed">
                  {g.alignment === 'right' ? t('realtime.chat.you') : g.user.name} · {relativeTime(g.messages[g.messages.length - 1]!.time)}
                </Text>
                {g.messages.map((m) => (
                  <div key={m.id} className={g.alignment === 'right' ? classes.bubbleMine : classes.bubble} data-testid="chat-message">
                    {m.text}
                  </div>
                ))}
              </Stack>
            </Group>
          ))}
        </Stack>
      </div>
      {away && (
        <Button className={classes.latest} size="xs" radius="xl" leftSection={<IconArrowDown size={14} />} onClick={toLatest} aria-label={t('realtime.chat.latest')}>
          {unread > 0 ? <Badge size="sm" circle>{unread}</Badge> : t('realtime.chat.latest')}
        </Button>
      )}
    </Box>
  );
}
