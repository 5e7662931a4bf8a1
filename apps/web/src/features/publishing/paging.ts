// Spec §4 infinite scroll: keep loading while pages come back full; a short or empty page ends the
// list (an error ends it too: the query stops and shows its error instead of asking again).

/** The next cp to ask for, or undefined when the last page was short or empty. */
export function nextPageParam(lastLength: number, pagesLoaded: number, ipp: number): number | undefined {
  return lastLength < ipp ? undefined : pagesLoaded;
}

/** Whether reaching the end of the list should load another page now. */
export function shouldLoadMore(s: { hasNextPage: boolean; isFetching: boolean; isError: boolean }): boolean {
  return s.hasNextPage && !s.isFetching && !s.isError;
}
