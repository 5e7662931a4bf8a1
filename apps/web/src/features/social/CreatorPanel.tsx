import { useState } from 'react';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreator } from '../viewer/useCreator.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { CreatorActions } from './CreatorActions.tsx';
import { useFollow } from './queries.ts';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useMe } from './useMe.ts';
import './i18n.ts';

/** Spec §2 Viewer creator card: who made this space, their profile, Follow/Unfollow, Greet, Chat, Invite and Mute. */
export default function CreatorPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const me = useMe();
  const creator = useCreator(ctx.metadata);
  const creatorId = creator?.userId ?? ctx.metadata.creatorId;
  const meId = me.status === 'signed-in' ? me.userId : null;
  const own = meId !== null && (meId === creatorId || meId === ctx.metadata.ownerId);
  const { status, toggle } = useFollow(creatorId ?? '', !!creatorId && meId !== null && !own);
  const [askSignIn, setAskSignIn] = useState(false);
  const following = status.data?.following ?? false;
  const name = creator?.name ?? t('social.creator.unknown');

  return (
    <Stack gap="md" align="center" data-testid="creator-card">
      <Avatar src={creator?.profilePicture ?? null} name={name} color="initials" size={96} />
      <Stack gap={2} align="center">
        <Text fw={800} size="xl" ta="center">
          {name}
        </Text>
        {status.data && (
          <Text size="sm" c="dimmed" data-testid="follower-count">
            {t('social.creator.followers', { count: status.data.numOfFollowers })}
          </Text>
        )}
      </Stack>
      <Group gap="sm" justify="center">
        {creatorId && (
          <Button component={Link} to={`/user/${creatorId}`} variant="default" radius="xl">
            {t('social.creator.profile')}
          </Button>
        )}
        {own || me.status === 'loading' ? null : meId ? (
          <Button
            radius="xl"
            variant={following ? 'default' : 'filled'}
            leftSection={following ? <IconUserCheck size={18} /> : <IconUserPlus size={18} />}
            loading={toggle.isPending}
            disabled={!status.data}
            onClick={() => toggle.mutate(!following)}
            aria-pressed={following}
          >
            {following ? t('social.creator.unfollow') : t('social.creator.follow')}
          </Button>
        ) : (
          <Button radius="xl" leftSection={<IconUserPlus size={18} />} onClick={() => setAskSignIn(true)}>
            {t('social.creator.follow')}
          </Button>
        )}
      </Group>
      {meId && !own && creatorId && <CreatorActions creatorId={creatorId} name={name} openPanel={ctx.openPanel} />}
      {own && (
        <Text size="sm" c="dimmed">
          {t('social.creator.yours')}
        </Text>
      )}
      {askSignIn && !meId && <SignInPrompt text={t('social.creator.signIn')} />}
    </Stack>
  );
}
