import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatList } from '../realtime/ChatList.tsx';
import { Composer } from '../realtime/Composer.tsx';
import { useRealtime } from '../realtime/store.ts';
import { useGatherings, useGatheringsSnapshot } from './live.ts';
import { useSpaceEvents } from './queries.ts';
import './i18n.ts';

/**
 * Spec §2 Chat "Event": while an event is on, one chat shared by everyone in every instance of the
 * space. Without a live event (or a realtime connection) the fallback shows instead.
 */
export function EventChat({ sceneId, fallback }: { sceneId: string; fallback?: ReactNode }) {
  const { t } = useTranslation();
  const events = useSpaceEvents(sceneId);
  const live = useGatherings();
  const snap = useGatheringsSnapshot();
  const rt = useRealtime();
  const current = events.data?.find((e) => e.live);
  if (!current || !live || !rt) return <>{fallback ?? null}</>;
  const muted = new Set(rt.muted);
  const items = (snap?.eventMessages ?? []).filter(
    (m) => m.eventId === current.eventId && !muted.has(m.user.id),
  );
  return (
    <Stack gap="sm" data-testid="event-chat">
      <Group gap="xs" wrap="nowrap">
        <Badge color="red" variant="filled" size="sm">
          {t('gatherings.events.liveNow')}
        </Badge>
        <Text fw={700} truncate>
          {current.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('gatherings.events.chatHint')}
      </Text>
      <ChatList items={items} myUserId={rt.myUserId} empty={t('gatherings.events.chatEmpty')} />
      <Composer onSend={(text) => live.sendEvent(text)} />
    </Stack>
  );
}
