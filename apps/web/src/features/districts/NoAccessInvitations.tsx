import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnswerInvitations } from './DistrictGroups.tsx';
import { useMyGroupInvitations } from './groupsQueries.ts';
import './groupsI18n.ts';

/**
 * On a private district's no-access page: the visitor's pending invitations into the district's
 * groups. Accepting one lets them in (the district's groups are its access list), so the page turns
 * into the district once the answer is in.
 */
export default function NoAccessInvitations({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  const mine = useMyGroupInvitations(true);
  const here = (mine.data ?? []).filter((i) => i.districtSubdomain === subdomain);
  if (!here.length) return null;
  return (
    <>
      <Text fw={600}>{t('districtGroups.invitedHere')}</Text>
      <AnswerInvitations rows={here} />
    </>
  );
}
