import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { nextPageParam } from '../publishing/paging.ts';
import { useInfiniteSentinel } from '../publishing/useInfiniteSentinel.ts';
import { DistrictCard } from './DistrictCard.tsx';
import type { DistrictView } from '@atrium/shared';
import './pagesI18n.ts';

const IPP = 24;

function Grid({ districts, empty }: { districts: DistrictView[]; empty: string }) {
  if (districts.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="profile-districts-empty">
        {empty}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="profile-districts">
      {districts.map((d) => (
        <DistrictCard key={d.districtId} d={d} />
      ))}
    </SimpleGrid>
  );
}

function Own({ which }: { which: 'my' | 'me' }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['districts', which],
    queryFn: () => call(which === 'my' ? api.GET('/api/district/my') : api.GET('/api/district/me')),
  });
  if (q.isPending) return <Loader />;
  return <Grid districts={q.data ?? []} empty={t(which === 'my' ? 'districtPages.profile.noOwn' : 'districtPages.profile.noOthers')} />;
}

function Following({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const q = useInfiniteQuery({
    queryKey: ['districts', 'followedBy', userId],
    queryFn: ({ pageParam }) => call(api.GET('/api/districtfollow/user/{id}', { params: { path: { id: userId }, query: { cp: pageParam, ipp: IPP } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
  });
  const sentinel = useInfiniteSentinel(q);
  return (
    <>
      {q.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Grid districts={q.data?.pages.flat() ?? []} empty={t('districtPages.profile.noFollowing')} />
      )}
      <div ref={sentinel} style={{ height: 1 }} />
    </>
  );
}

/**
 * A profile's district pages (spec §2 user districts): My districts (owned) and Districts of others
 * (member of) are the signed-in person's own; Following districts is anyone's, showing only the
 * districts the reader may enter.
 */
export function ProfileDistricts({ userId, sub }: { userId: string; sub: string }) {
  if (sub === 'my-districts') return <Own which="my" />;
  if (sub === 'others-districts') return <Own which="me" />;
  return <Following userId={userId} />;
}
