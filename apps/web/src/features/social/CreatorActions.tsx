import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import {
  IconBan,
  IconHandStop,
  IconMessageCircle,
  IconUserPlus,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { useRealtime, useRealtimeSession } from '../realtime/store.ts';

/**
 * The creator card's actions for a signed-in visitor (spec §2): Greet (a notification to the creator,
 * POST /api/greet/{id}, and in the space a wave and a hello in the chat), Chat (opens a direct message
 * in the Chat sidebar), Invite (to the visitor's party, started if they have none), Mute (their voice
 * and chat, for this visitor only) and Block (issue 20: no invitations, greetings or direct messages
 * between the two; undone here or in Settings). Chat and Mute need the space's realtime connection.
 */
export function CreatorActions({
  creatorId,
  name,
  openPanel,
}: {
  creatorId: string;
  name: string;
  openPanel?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const session = useRealtimeSession();
  const muted = useRealtime()?.muted.includes(creatorId) ?? false;
  const [notice, setNotice] = useState<string | null>(null);
  const errorText = (e: unknown) => (e instanceof ApiError ? e.message : String(e));
  const invite = useMutation({
    mutationFn: () => call(api.POST('/api/partyinvitation', { body: { userId: creatorId } })),
    onSuccess: () => setNotice(t('social.creator.invited', { name })),
    onError: (e) => setNotice(errorText(e)),
  });
  // The notification first: a refused greeting (blocked, too soon) plays no wave either.
  const greet = useMutation({
    mutationFn: () => call(api.POST('/api/greet/{id}', { params: { path: { id: creatorId } } })),
    onSuccess: () => {
      if (session) {
        session.emote('wave');
        void session.sendPublic(t('social.creator.greeting', { name }));
      }
      setNotice(t('social.creator.greeted', { name }));
    },
    onError: (e) => setNotice(errorText(e)),
  });
  const qc = useQueryClient();
  const blockKey = ['social', 'block', creatorId] as const;
  const blockStatus = useQuery({
    queryKey: blockKey,
    queryFn: () => call(api.GET('/api/block/{id}', { params: { path: { id: creatorId } } })),
  });
  const blocked = blockStatus.data?.blocked ?? false;
  const toggleBlock = useMutation({
    mutationFn: () =>
      blocked
        ? call(api.DELETE('/api/block/{id}', { params: { path: { id: creatorId } } }))
        : call(api.PUT('/api/block/{id}', { params: { path: { id: creatorId } } })),
    onSuccess: (s) => {
      qc.setQueryData(blockKey, s);
      void qc.invalidateQueries({ queryKey: ['social', 'blocked'] });
      setNotice(t(s.blocked ? 'social.creator.blocked' : 'social.creator.unblocked', { name }));
    },
    onError: (e) => setNotice(errorText(e)),
  });
  return (
    <>
      <Group
        gap="xs"
        justify="center"
        role="group"
        aria-label={t('social.creator.actions')}
        data-testid="creator-actions"
      >
        <Button
          size="xs"
          variant="light"
          radius="xl"
          leftSection={<IconHandStop size={16} />}
          loading={greet.isPending}
          onClick={() => greet.mutate()}
        >
          {t('social.creator.greet')}
        </Button>
        {session && (
          <>
            <Button
              size="xs"
              variant="light"
              radius="xl"
              leftSection={<IconMessageCircle size={16} />}
              onClick={() => void session.chatWith(creatorId).then(() => openPanel?.('chat'))}
            >
              {t('social.creator.chat')}
            </Button>
          </>
        )}
        <Button
          size="xs"
          variant="light"
          radius="xl"
          leftSection={<IconUserPlus size={16} />}
          loading={invite.isPending}
          onClick={() => invite.mutate()}
        >
          {t('social.creator.invite')}
        </Button>
        {session && (
          <Button
            size="xs"
            variant={muted ? 'filled' : 'light'}
            color="gray"
            radius="xl"
            leftSection={muted ? <IconVolumeOff size={16} /> : <IconVolume size={16} />}
            aria-pressed={muted}
            onClick={() => {
              session.toggleMute(creatorId);
              setNotice(muted ? null : t('social.creator.muted', { name }));
            }}
          >
            {muted ? t('social.creator.unmute') : t('social.creator.mute')}
          </Button>
        )}
        <Button
          size="xs"
          variant={blocked ? 'filled' : 'subtle'}
          color="red"
          radius="xl"
          leftSection={<IconBan size={16} />}
          aria-pressed={blocked}
          loading={toggleBlock.isPending}
          disabled={blockStatus.isPending}
          onClick={() => toggleBlock.mutate()}
        >
          {blocked ? t('social.creator.unblock') : t('social.creator.block')}
        </Button>
      </Group>
      {notice && (
        <Text size="xs" c="dimmed" ta="center" role="status">
          {notice}
        </Text>
      )}
    </>
  );
}
