import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { nextPageParam } from '../publishing/paging.ts';

const IPP = 24;
export type DistrictSort = 'newest' | 'title' | 'members';

export const districtKeys = {
  all: ['districts'] as const,
  search: (title: string, sort: DistrictSort) => ['districts', 'search', title, sort] as const,
  info: (subdomain: string) => ['districts', 'info', subdomain] as const,
};

/** Explore Districts (spec §2): public, listed districts, searched by title, paged by infinite scroll. */
export function useDistrictSearch(title: string, sort: DistrictSort, enabled = true) {
  return useInfiniteQuery({
    queryKey: districtKeys.search(title, sort),
    queryFn: ({ pageParam }) =>
      call(api.GET('/api/district/search', { params: { query: { sort, cp: pageParam, ipp: IPP, ...(title ? { title } : {}) } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
    enabled,
  });
}

/** The district this page's host names; a private district answers DISTRICT_ACCESS_DENIED to outsiders. */
export function useDistrictInfo(subdomain: string) {
  return useQuery({
    queryKey: districtKeys.info(subdomain),
    queryFn: () => call(api.GET('/api/district/info', { params: { query: { subdomain } } }), { quietForbidden: true }),
    retry: false,
  });
}
