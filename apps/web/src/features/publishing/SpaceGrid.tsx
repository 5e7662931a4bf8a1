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
 * comes into view.
 */
export function SpaceGrid({
  query,
  viewerId,
  empty = msg.noSpacesFound,
}: {
  query: UseInfiniteQueryResult<InfiniteData<SceneCard[], unknown>, Error>;
  viewerId: string | null;
  empty?: string;
}) {
  const { t } = useTranslation();
  const sentinel = useInfiniteSentinel(query);

  const cards = query.data?.pages.flat() ?? [];
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return (
    <>
      {cards.length === 0 && !query.isError && <div className={classes.empty}>{empty}</div>}
      <div className={classes.grid}>
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
