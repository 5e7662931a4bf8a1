import { useState } from 'react';
import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveVisitor } from '@atrium/shared/realtime/protocol';
import { useFollow } from '../social/queries.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import type { RealtimeSession } from './session.ts';
import { useRealtime, useRealtimeSession } from './store.ts';
import { TalkingMark } from '../voice/TalkingMark.tsx';

function FollowButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { status, toggle } = useFollow(userId, true);
  const following = status.data?.following ?? false;
  return (
    <Button size="compact-xs" variant={following ? 'default' : 'light'} loading={toggle.isPending} disabled={!status.data} onClick={() => toggle.mutate(!following)}>
      {following ? t('realtime.live.unfollow') : t('realtime.live.follow')}
    </Button>
  );
}

function VisitorRow({ v, session, muted, onNotice }: { v: LiveVisitor; session: RealtimeSession; muted: boolean; onNotice: (s: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="live-visitor">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={v.profilePicture} name={v.name} color="initials" />
        <Text fw={600} truncate>
          {v.name}
        </Text>
        <TalkingMark userId={v.userId} />
      </Group>
      <Group gap={6}>
        <FollowButton userId={v.userId} />
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            session.emote('wave');
            void session.sendPublic(t('realtime.live.greeting', { name: v.name }));
          }}
        >
          {t('realtime.live.greet')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => void session.chatWith(v.userId).then(() => onNotice(t('realtime.chat.label')))}
        >
          {t('realtime.live.chat')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => void navigator.clipboard?.writeText(session.inviteLink()).then(() => onNotice(t('realtime.live.inviteCopied')))}
        >
          {t('realtime.live.invite')}
        </Button>
        <Button size="compact-xs" variant={muted ? 'filled' : 'light'} color="gray" onClick={() => session.toggleMute(v.userId)}>
          {muted ? t('realtime.live.unmute') : t('realtime.live.mute')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §2 Live visitors: who is in your instance, counts per instance, and the visitor actions. */
export function LiveVisitorsPanel(_props: PanelProps) {
  const { t } = useTranslation();
  const rt = useRealtime();
  const session = useRealtimeSession();
  const [notice, setNotice] = useState<string | null>(null);
  if (!rt || !session) return <Text size="sm">{t('realtime.chat.signIn')}</Text>;
  const others = rt.visitors.filter((v) => v.userId !== rt.myUserId);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge
          variant="dot"
          color={rt.space === 'Connected' ? 'green' : rt.space === 'Disconnected' ? 'gray' : 'yellow'}
          role="status"
          data-testid="live-space-status"
        >
          {t(`realtime.live.status.${rt.space}`)}
        </Badge>
        <Text size="sm" data-testid="scene-count">
          {t('realtime.live.inSpace', { count: rt.sceneCount })}
        </Text>
      </Group>
      {rt.instances.length > 1 && (
        <Group gap={6}>
          {rt.instances.map((i, n) => (
            <Badge key={i.instanceId} variant={i.instanceId === rt.instanceId ? 'filled' : 'light'}>
              {t('realtime.live.instance', { n: n + 1, count: i.count })}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm" fw={600}>
        {t('realtime.live.inInstance')}
      </Text>
      {others.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('realtime.live.alone')}
        </Text>
      ) : (
        others.map((v) => <VisitorRow key={v.userId} v={v} session={session} muted={rt.muted.includes(v.userId)} onNotice={setNotice} />)
      )}
      {notice && (
        <Text size="xs" c="dimmed">
          {notice}
        </Text>
      )}
    </Stack>
  );
}
