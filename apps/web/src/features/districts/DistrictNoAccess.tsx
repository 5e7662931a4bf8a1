import { lazy, Suspense } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import { signIn } from '../../auth/session.ts';
import { Illustration } from '../../components/Illustration.tsx';
import { currentDistrictSubdomain } from './currentDistrict.ts';
import './i18n.ts';

// Only signed-in visitors of a district's host can hold an invitation into its groups.
const NoAccessInvitations = lazy(() => import('./NoAccessInvitations.tsx'));

/** Spec §2 district no-access page: a private district seen by someone who is not its member. */
export function DistrictNoAccess({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="lg" maw={560} mx="auto" py={80} px="md" role="alert" data-testid="district-no-access">
      <Illustration name="empty-room" alt="" eager />
      <Title order={1} ta="center" size="h2">
        {msg.districts.noAccessTitle}
      </Title>
      <Text size="lg" c="dimmed" ta="center">
        {msg.districts.noAccessText}
      </Text>
      {!signedIn && (
        <Button size="lg" onClick={() => void signIn()}>
          {t('districts.signIn')}
        </Button>
      )}
      {signedIn && currentDistrictSubdomain() && (
        <Suspense fallback={null}>
          <NoAccessInvitations subdomain={currentDistrictSubdomain()!} />
        </Suspense>
      )}
    </Stack>
  );
}
