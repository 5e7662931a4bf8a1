import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useInfiniteSentinel, type Pager } from '../publishing/useInfiniteSentinel.ts';

/** A paged category: a loader until the first page, its empty text, or its cards; scrolling to the end loads more. */
export function PagedCards<T>({ query, items, empty, children }: { query: Pager & { isPending: boolean }; items: T[]; empty: string; children: (items: T[]) => ReactNode }) {
  const sentinel = useInfiniteSentinel(query);
  return (
    <>
      {query.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="district-empty">
          {empty}
        </Text>
      ) : (
        children(items)
      )}
      <div ref={sentinel} style={{ height: 1 }} />
    </>
  );
}
