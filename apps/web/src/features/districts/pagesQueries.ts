import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistrictImageKind, DistrictLibraryPage } from '@atrium/shared';
import { api, call, formData } from '../../api/client.ts';
import { nextPageParam } from '../publishing/paging.ts';
import { districtKeys } from './queries.ts';

const IPP = 24;
export type SpacesState = 'published' | 'drafts';

export const pageKeys = {
  spaces: (id: string, state: SpacesState) => ['districts', id, 'spaces', state] as const,
  library: (id: string, page: DistrictLibraryPage) => ['districts', id, 'library', page] as const,
  groups: (id: string) => ['districts', id, 'groups'] as const,
  follow: (id: string) => ['districts', id, 'follow'] as const,
};

const paged = { initialPageParam: 0, getNextPageParam: (last: unknown[], pages: unknown[][]) => nextPageParam(last.length, pages.length, IPP) };

/** Spaces > Published or Drafts of a district, by infinite scroll. */
export function useDistrictSpaces(id: string, state: SpacesState) {
  return useInfiniteQuery({
    queryKey: pageKeys.spaces(id, state),
    queryFn: ({ pageParam }) =>
      call(api.GET('/api/district/{id}/spaces/{state}', { params: { path: { id, state }, query: { cp: pageParam, ipp: IPP } } }), { quietForbidden: true }),
    ...paged,
  });
}

export function useDistrictLibrary(id: string, page: DistrictLibraryPage) {
  return useInfiniteQuery({
    queryKey: pageKeys.library(id, page),
    queryFn: ({ pageParam }) => call(api.GET('/api/district/{id}/library/{page}', { params: { path: { id, page }, query: { cp: pageParam, ipp: IPP } } })),
    ...paged,
  });
}

export function useDistrictGroups(id: string) {
  return useInfiniteQuery({
    queryKey: pageKeys.groups(id),
    queryFn: ({ pageParam }) => call(api.GET('/api/group/district/{id}', { params: { path: { id }, query: { cp: pageParam, ipp: IPP } } })),
    ...paged,
  });
}

export function useCreateDistrictGroup(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; description: string }) => call(api.POST('/api/group/district/{id}', { params: { path: { id } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: pageKeys.groups(id) }),
  });
}

/** Whether the visitor follows the district, and how many do. */
export function useDistrictFollow(id: string) {
  return useQuery({
    queryKey: pageKeys.follow(id),
    queryFn: () => call(api.GET('/api/districtfollow/district/{id}/doesfollow', { params: { path: { id } } })),
  });
}

export function useToggleDistrictFollow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      call(follow ? api.POST('/api/districtfollow/district/{id}', { params: { path: { id } } }) : api.DELETE('/api/districtfollow/district/{id}', { params: { path: { id } } })),
    onSuccess: (state) => qc.setQueryData(pageKeys.follow(id), state),
  });
}

/** Logo or cover upload (null removes it); the district's info is read again for the new URL. */
export function useDistrictImage(id: string, kind: DistrictImageKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      call(
        file
          ? api.PUT('/api/district/{id}/image/{kind}', { params: { path: { id, kind } }, body: { file: [file] } as never, bodySerializer: formData })
          : api.DELETE('/api/district/{id}/image/{kind}', { params: { path: { id, kind } } }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: districtKeys.all }),
  });
}
