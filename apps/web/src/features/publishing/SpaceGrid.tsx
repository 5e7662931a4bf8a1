import { useEffect, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type SceneCard } from '@atrium/shared';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { SpaceCard } from './SpaceCard.tsx';
import { shouldLoadMore } from './paging.ts';
import classes from './SpaceCard.module.css';

/**
 * Cards with infinite scroll: an IntersectionObserver on a sentinel below the grid asks for the next
 * page while pages come back full; a short or empty page or an error ends the list.
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
  const sentinel = useRef<HTMLDivElement>(null);
  const state = { hasNextPage: query.hasNextPage, isFetching: query.isFetching, isError: query.isError };
  const stateRef = useRef(state);
  stateRef.current = state;
  const { fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && shouldLoadMore(stateRef.current)) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [fetchNextPage]);

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
