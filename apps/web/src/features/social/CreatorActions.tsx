import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import {
  IconHandStop,
  IconMessageCircle,
  IconUserPlus,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { useRealtime, useRealtimeSession } from '../realtime/store.ts';

/**
 * The creator card's actions for a signed-in visitor (spec §2): Greet (a wave and a hello in the
 * space's chat), Chat (opens a direct message in the Chat sidebar), Invite (to the visitor's party,
 * started if they have none) and Mute (their voice and chat, for this visitor only). Greet, Chat and
 * Mute need the space's realtime connection; without communications only Invite is offered.
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
  const invite = useMutation({
    mutationFn: () => call(api.POST('/api/partyinvitation', { body: { userId: creatorId } })),
    onSuccess: () => setNotice(t('social.creator.invited', { name })),
    onError: (e) => setNotice(e instanceof ApiError ? e.message : String(e)),
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
        {session && (
          <>
            <Button
              size="xs"
              variant="light"
              radius="xl"
              leftSection={<IconHandStop size={16} />}
              onClick={() => {
                session.emote('wave');
                void session.sendPublic(t('social.creator.greeting', { name }));
                setNotice(t('social.creator.greeted', { name }));
              }}
            >
              {t('social.creator.greet')}
            </Button>
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
      </Group>
      {notice && (
        <Text size="xs" c="dimmed" ta="center" role="status">
          {notice}
        </Text>
      )}
    </>
  );
}
