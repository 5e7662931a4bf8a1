import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { GroupView } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { groupKeys } from '../../api/keys.ts';
import { MyGroupInvitations } from '../districts/MyGroupInvitations.tsx';
import classes from './Profile.module.css';

/**
 * Connections → Groups: a person's own groups; on your own profile also the groups others put you
 * in, and above them the invitations waiting for your answer (a group invitation's notification
 * leads here).
 */
export function GroupsSection({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const { t } = useTranslation();
  const owned = useQuery({
    queryKey: groupKeys.ofUser(userId),
    queryFn: () => call(isOwn ? api.GET('/api/group/my') : api.GET('/api/group/user/{userId}', { params: { path: { userId } } })),
  });
  const memberOf = useQuery({ queryKey: groupKeys.memberOf, queryFn: () => call(api.GET('/api/group/me')), enabled: isOwn });
  const invitations = isOwn && <MyGroupInvitations title={t('profile.groups.invitations')} />;
  if (owned.isPending || (isOwn && memberOf.isPending)) return <Loader />;
  if (owned.isError) return <div className={classes.empty}>{t('profile.groups.failed')}</div>;
  const mine = owned.data;
  const others = isOwn ? (memberOf.data ?? []) : [];
  return (
    <Stack gap="lg" data-testid="profile-groups">
      {invitations}
      {!mine.length && !others.length && <div className={classes.empty}>{t('profile.empty.groups')}</div>}
      {mine.length > 0 && <GroupList title={isOwn ? t('profile.groups.mine') : null} groups={mine} />}
      {others.length > 0 && <GroupList title={t('profile.groups.memberOf')} groups={others} />}
    </Stack>
  );
}

function GroupList({ title, groups }: { title: string | null; groups: GroupView[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {title && <Title order={4}>{title}</Title>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {groups.map((g) => (
          <Card key={g.groupId} withBorder radius="lg" padding="md" data-testid="profile-group">
            <Group gap="sm" wrap="nowrap">
              <IconUsersGroup size={28} aria-hidden />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {g.title}
                </Text>
                {g.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {g.description}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" ml="auto">
                {t('profile.groups.members', { count: g.memberCount })}
              </Badge>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
