import { useState } from 'react';
import { ActionIcon, Alert, Avatar, Button, Group, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { EventChat } from '../gatherings/EventChat.tsx';
import { ChatList } from './ChatList.tsx';
import { Composer } from './Composer.tsx';
import { useRealtime, useRealtimeSession } from './store.ts';

/** Spec §2 Viewer Chat with tabs Direct, Event and Public. */
export function ChatPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const rt = useRealtime();
  const session = useRealtimeSession();
  const [tab, setTab] = useState<string | null>(rt?.activeGroupId ? 'direct' : 'public');
  if (!ctx.flags.showCommunications) return <Alert color="gray">{t('realtime.chat.disabled')}</Alert>;
  if (!rt || !session) return <Text size="sm">{t('realtime.chat.signIn')}</Text>;
  const events = rt.events.map((e) => ({ ...e, text: t(`realtime.chat.${e.kind}`) }));
  const group = rt.groups.find((g) => g.id === rt.activeGroupId);
  return (
    <Stack gap="sm">
      {rt.hub === 'Disconnected' && <Alert color="yellow">{t('realtime.chat.offline')}</Alert>}
      <Tabs value={tab} onChange={setTab} variant="pills" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="direct">{t('realtime.chat.direct')}</Tabs.Tab>
          <Tabs.Tab value="event">{t('realtime.chat.event')}</Tabs.Tab>
          <Tabs.Tab value="public">{t('realtime.chat.public')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="public" pt="sm">
          <Stack gap="sm">
            <ChatList items={rt.publicMessages} myUserId={rt.myUserId} empty={t('realtime.chat.empty')} />
            <Composer onSend={(text) => session.sendPublic(text)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="event" pt="sm">
          {/* While an event is on this is its chat (every instance); otherwise arrivals and departures. */}
          <EventChat sceneId={ctx.sceneId} fallback={<ChatList items={events} myUserId={null} empty={t('realtime.chat.noEvents')} />} />
        </Tabs.Panel>
        <Tabs.Panel value="direct" pt="sm">
          {group ? (
            <Stack gap="sm">
              <Group gap="xs">
                <ActionIcon variant="subtle" onClick={() => session.closeGroup()} aria-label={t('realtime.chat.back')}>
                  <IconArrowLeft size={18} />
                </ActionIcon>
                <Text fw={600} truncate>
                  {group.title ?? group.members.filter((m) => m.id !== rt.myUserId).map((m) => m.name).join(', ')}
                </Text>
              </Group>
              {rt.moreBefore[group.id] && (
                <Button variant="subtle" size="xs" onClick={() => void session.loadOlder(group.id)}>
                  {t('realtime.chat.older')}
                </Button>
              )}
              <ChatList items={rt.direct[group.id] ?? []} myUserId={rt.myUserId} empty={t('realtime.chat.empty')} />
              <Composer onSend={(text) => session.sendDirect(group.id, text)} />
            </Stack>
          ) : rt.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('realtime.chat.noGroups')}
            </Text>
          ) : (
            <Stack gap={4}>
              {rt.groups.map((g) => {
                const others = g.members.filter((m) => m.id !== rt.myUserId);
                return (
                  <UnstyledButton key={g.id} onClick={() => void session.openGroup(g.id)} p="xs">
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={others[0]?.profilePicture} name={others[0]?.name} color="initials" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {g.title ?? others.map((m) => m.name).join(', ')}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {g.lastMessage?.text ?? ''}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
