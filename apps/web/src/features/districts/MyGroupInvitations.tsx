import { Stack, Text } from '@mantine/core';
import { AnswerInvitations } from './DistrictGroups.tsx';
import { useMyGroupInvitations } from './groupsQueries.ts';
import './groupsI18n.ts';

/**
 * The signed-in person's pending group invitations under `title`, each with Accept and Refuse;
 * nothing when there are none. Only a district's (`subdomain`) on its no-access page; every one,
 * a person's own groups included, on their profile's Connections → Groups, the only place an
 * invitation into someone's own group can be answered.
 */
export function MyGroupInvitations({ title, subdomain }: { title: string; subdomain?: string }) {
  const mine = useMyGroupInvitations(true);
  const rows = (mine.data ?? []).filter((i) => subdomain === undefined || i.districtSubdomain === subdomain);
  if (!rows.length) return null;
  return (
    <Stack gap="xs" data-testid="my-group-invitations">
      <Text fw={600}>{title}</Text>
      <AnswerInvitations rows={rows} />
    </Stack>
  );
}
