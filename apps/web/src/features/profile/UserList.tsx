import { Avatar, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PublicUser } from '@atrium/shared';
import { ROLE_DISPLAY_NAMES } from '@atrium/shared/users/roles';
import { Link } from 'react-router';
import classes from './Profile.module.css';

/** People as cards (grid) or rows (list); names are plain text, never HTML. */
export function UserList({
  users,
  view,
  empty,
}: {
  users: PublicUser[];
  view: 'grid' | 'list';
  empty: string;
}) {
  if (users.length === 0) return <div className={classes.empty}>{empty}</div>;
  const cards = users.map((u) => (
    <Link key={u.userId} to={`/user/${u.userId}`} className={classes.userCard} data-testid="user-card">
      <Avatar src={u.profilePicture} name={u.name ?? ''} color="atrium" radius={999} size={52} />
      <div style={{ minWidth: 0 }}>
        <Text fw={700} truncate>
          {u.name}
        </Text>
        <Text size="sm" c="dimmed">
          {ROLE_DISPLAY_NAMES[u.role]}
        </Text>
      </div>
    </Link>
  ));
  return view === 'grid' ? (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{cards}</SimpleGrid>
  ) : (
    <Stack gap="sm">{cards}</Stack>
  );
}
