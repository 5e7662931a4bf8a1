import { useEffect, useRef } from 'react';
import { shouldLoadMore } from './paging.ts';

export interface Pager {
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll for any paged list (space grids, Explore Districts, a district's categories): an
 * IntersectionObserver on the returned sentinel asks for the next page while pages come back full;
 * a short or empty page or an error ends the list.
 */
export function useInfiniteSentinel(query: Pager) {
  const sentinel = useRef<HTMLDivElement>(null);
  const stateRef = useRef({ hasNextPage: query.hasNextPage, isFetching: query.isFetching, isError: query.isError });
  stateRef.current = { hasNextPage: query.hasNextPage, isFetching: query.isFetching, isError: query.isError };
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
  return sentinel;
}
