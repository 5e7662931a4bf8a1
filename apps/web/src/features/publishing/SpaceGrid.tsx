import { useDeferredValue } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { SceneCard } from '@atrium/shared';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { SpaceCard } from './SpaceCard.tsx';
import { useInfiniteSentinel } from './useInfiniteSentinel.ts';
import classes from './SpaceCard.module.css';

/**
 * Cards with infinite scroll (useInfiniteSentinel): the next page loads as the sentinel below the grid
 * comes into view. `view` list lays each card out as a row, cover beside its text (the profile's
 * grid/list switch).
 */
export function SpaceGrid({
  query,
  viewerId,
  empty = msg.noSpacesFound,
  view = 'grid',
}: {
  query: UseInfiniteQueryResult<InfiniteData<SceneCard[], unknown>, Error>;
  viewerId: string | null;
  empty?: string;
  view?: 'grid' | 'list';
}) {
  const { t } = useTranslation();
  const sentinel = useInfiniteSentinel(query);

  // React Query hands over an answer synchronously, so the whole grid would render and commit in one
  // long task; the deferred copy renders in a transition, which React splits and yields between
  // (Explore's Total Blocking Time). Until it catches up the previous cards (or the loader) stay.
  const data = useDeferredValue(query.data);
  const cards = data?.pages.flat() ?? [];
  if (query.isPending || (data === undefined && query.data !== undefined))
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return (
    <>
      {cards.length === 0 && !query.isError && <div className={classes.empty}>{empty}</div>}
      <div className={view === 'list' ? classes.list : classes.grid} data-view={view}>
        {cards.map((c) => (
          <SpaceCard key={c.sceneId} card={c} isOwner={viewerId !== null && c.ownerId === viewerId} />
        ))}
      </div>
      {query.isError && (
        <Text c="red" ta="center" py="md">
          {t('publishing.loadFailed')}
        </Text>
      )}
      {query.isFetchingNextPage && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      <div ref={sentinel} className={classes.sentinel} data-testid="scroll-sentinel" />
    </>
  );
}
