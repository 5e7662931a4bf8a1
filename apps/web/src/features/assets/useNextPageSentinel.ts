import { useEffect, useRef } from 'react';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll for a library list: returns the ref for a sentinel below the cards, and asks for the
 * next page whenever it scrolls into view. `mounted` is false while the sentinel is not in the DOM (a
 * closed modal), so the observer is attached again when it appears.
 */
export function useNextPageSentinel({ hasNextPage, isFetchingNextPage, fetchNextPage }: Pages, mounted = true) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || !mounted) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, mounted]);
  return sentinel;
}
