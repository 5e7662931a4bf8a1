import type { ReactNode } from 'react';
import { Center, Container, Loader, Text } from '@mantine/core';
import type { DistrictView } from '@atrium/shared';
import { ApiError } from '../../api/ApiError.ts';
import { useSession } from '../../auth/useSession.ts';
import { msg } from '../../i18n/msg.ts';
import { currentDistrictSubdomain } from './currentDistrict.ts';
import { DistrictNoAccess } from './DistrictNoAccess.tsx';
import { useDistrictInfo } from './queries.ts';

/**
 * The district Owner's pages (Members, Settings) open only on a district subdomain, for its Owner:
 * loading, the no-access page for private districts, and a clear refusal for anyone else, once.
 */
export function OwnerDistrictGate({ children }: { children: (district: DistrictView) => ReactNode }) {
  const subdomain = currentDistrictSubdomain() ?? '';
  const session = useSession();
  const info = useDistrictInfo(subdomain);
  if (!subdomain) return <Container py={80}>{msg.pageNotFoundTitle}</Container>;
  if (info.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.code === 'DISTRICT_ACCESS_DENIED')
      return <DistrictNoAccess signedIn={session.status === 'signed-in'} />;
    return (
      <Container py={80}>
        {info.error instanceof ApiError ? info.error.message : msg.somethingWentWrong}
      </Container>
    );
  }
  if (info.data.districtUserRole !== 'Owner')
    return (
      <Container py={80}>
        <Text ta="center">{msg.districts.ownerOnly}</Text>
      </Container>
    );
  return <>{children(info.data)}</>;
}
