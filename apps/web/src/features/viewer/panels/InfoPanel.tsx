import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreator } from '../useCreator.ts';
import { InfoGallery } from './InfoGallery.tsx';
import type { PanelProps } from './registry.ts';

export function InfoPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const m = ctx.metadata;
  const creator = useCreator(m);
  const creatorName = creator?.name ?? null;
  const creatorId = creator?.userId ?? m.creatorId;
  return (
    <Stack gap="md">
      {m.coverPhotoUri && <img src={m.coverPhotoUri} alt="" style={{ width: '100%', borderRadius: 20, aspectRatio: '16 / 9', objectFit: 'cover' }} />}
      <Title order={3}>{m.title}</Title>
      <Text size="sm" c={m.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
        {m.description || t('viewer.info.noDescription')}
      </Text>
      <InfoGallery photos={m.photoGallery} />
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('viewer.info.creator')}
        </Text>
        <Group gap="sm">
          <Avatar src={creator?.profilePicture ?? null} radius="xl" size="md" color="atrium">
            {(creatorName ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
          {creatorName && creatorId && !ctx.embedded ? (
            <Text component={Link} to={`/user/${creatorId}`} fw={600} c="atrium.7">
              {creatorName}
            </Text>
          ) : (
            <Text fw={600}>{creatorName ?? t('viewer.info.unknownCreator')}</Text>
          )}
        </Group>
      </Stack>
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('viewer.info.tags')}
        </Text>
        {m.tags.length ? (
          <Group gap={6}>
            {m.tags.map((tag) => (
              <Badge key={tag} variant="light" radius="xl" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('viewer.info.noTags')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
