import { Anchor, Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconWorld } from '@tabler/icons-react';
import { ROLE_DISPLAY_NAMES } from '@atrium/shared/users/roles';
import type { PublicUser } from '@atrium/shared/users/schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/useSession.ts';
import { useFollow } from '../social/queries.ts';
import classes from './Profile.module.css';
import { EditAvatarButton } from '../realtime/AvatarChooser.tsx';

/** Spec §2 account card: Follow only on other people's profiles; Edit info and management on one's own. */
export function AccountCard({
  user,
  isOwn,
  onEdit,
  onManage,
}: {
  user: PublicUser;
  isOwn: boolean;
  onEdit: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  // The profile's own record says whether I follow; the hook's status query stays off.
  const { toggle: follow } = useFollow(user.userId, false);
  const place = [user.city, user.country].filter(Boolean).join(', ');
  return (
    <aside className={classes.card} aria-label={user.name ?? ''}>
      <Stack align="center" gap="xs">
        <Avatar
          src={user.profilePicture}
          name={user.name ?? ''}
          color="atrium"
          radius={999}
          size={120}
          data-testid="profile-avatar"
        />
        <Title order={2} ta="center" size="h3" data-testid="profile-name">
          {user.name}
        </Title>
        <Text c="dimmed" size="sm">
          {ROLE_DISPLAY_NAMES[user.role]}
        </Text>
        {user.occupation && <Text size="sm">{user.occupation}</Text>}
        <Group gap="xl" mt="sm">
          <Anchor
            component={Link}
            to={`/user/${user.userId}/connections/followers`}
            c="dark"
            ta="center"
            underline="never"
          >
            <Text fw={800} size="xl" data-testid="followers-count">
              {user.numOfFollowers}
            </Text>
            <Text size="sm" c="dimmed">
              {t('profile.followers')}
            </Text>
          </Anchor>
          <Anchor
            component={Link}
            to={`/user/${user.userId}/connections/following`}
            c="dark"
            ta="center"
            underline="never"
          >
            <Text fw={800} size="xl" data-testid="following-count">
              {user.numOfFollowing}
            </Text>
            <Text size="sm" c="dimmed">
              {t('profile.following')}
            </Text>
          </Anchor>
        </Group>
        {user.bio && (
          <Text mt="sm" ta="center" style={{ whiteSpace: 'pre-wrap' }} data-testid="profile-bio">
            {user.bio}
          </Text>
        )}
        {place && (
          <Group gap={6} c="dimmed">
            <IconMapPin size={16} />
            <Text size="sm">{place}</Text>
          </Group>
        )}
        {user.website && (
          <Group gap={6}>
            <IconWorld size={16} />
            <Anchor href={user.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              {user.website.replace(/^https?:\/\//, '')}
            </Anchor>
          </Group>
        )}
        {user.socialMedia.length > 0 && (
          <Group gap="sm" justify="center">
            {user.socialMedia.map((s) => (
              <Anchor key={s.name} href={s.url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                {s.name}
              </Anchor>
            ))}
          </Group>
        )}
        <Stack w="100%" mt="md" gap="xs">
          {isOwn ? (
            <>
              <Button onClick={onEdit}>{t('profile.editInfo')}</Button>
              <Button variant="default" onClick={onManage}>
                {t('profile.manage')}
              </Button>
              <EditAvatarButton />
            </>
          ) : (
            session.status === 'signed-in' && (
              <Button
                variant={user.isFollowed ? 'default' : 'filled'}
                loading={follow.isPending}
                onClick={() => follow.mutate(!user.isFollowed)}
              >
                {user.isFollowed ? t('profile.unfollow') : t('profile.follow')}
              </Button>
            )
          )}
        </Stack>
      </Stack>
    </aside>
  );
}
