import { useTranslation } from 'react-i18next';
import { MyGroupInvitations } from './MyGroupInvitations.tsx';
import './groupsI18n.ts';

/**
 * On a private district's no-access page: the visitor's pending invitations into the district's
 * groups. Accepting one lets them in (the district's groups are its access list), so the page turns
 * into the district once the answer is in.
 */
export default function NoAccessInvitations({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  return <MyGroupInvitations title={t('districtGroups.invitedHere')} subdomain={subdomain} />;
}
