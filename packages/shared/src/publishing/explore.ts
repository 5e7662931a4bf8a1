// Explore (spec §2): filters, sorts and cp/ipp paging (out-of-range paging is a 400, not a clamp; see
// exploreQuery). Free of zod: the Explore page imports these without the schemas.
export const EXPLORE_FILTERS = ['All', 'Recommended', 'Favorites', 'History', 'Public', 'Private'] as const;
export type ExploreFilter = (typeof EXPLORE_FILTERS)[number];
export const EXPLORE_SORTS = ['date', 'views', 'likes'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export const EXPLORE_SORT_LABELS: Record<ExploreSort, string> = { date: 'Date Published', views: 'Views', likes: 'Likes' };
export const EXPLORE_MAX_PAGE = 1000;
