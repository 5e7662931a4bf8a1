import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistrictRequestKind, DistrictRequestStatus, PromotionSettings } from '@atrium/shared';
import { api, call } from '../../api/client.ts';
import { nextPageParam } from '../publishing/paging.ts';

const IPP = 24;

export const requestKeys = {
  all: (id: string) => ['districts', id, 'requests'] as const,
  list: (id: string, kind: DistrictRequestKind, status: DistrictRequestStatus) => ['districts', id, 'requests', kind, status] as const,
  mine: (id: string, kind: DistrictRequestKind) => ['districts', id, 'requests', kind, 'mine'] as const,
  promoted: (id: string, ipp: number) => ['districts', id, 'promoted', ipp] as const,
  settings: (id: string) => ['districts', id, 'promotion-settings'] as const,
  myPublished: ['districts', 'my-published'] as const,
};

/** The Owner's Hosting Requests or Promotion Requests in one state, by infinite scroll. */
export function useDistrictRequests(id: string, kind: DistrictRequestKind, status: DistrictRequestStatus) {
  return useInfiniteQuery({
    queryKey: requestKeys.list(id, kind, status),
    queryFn: ({ pageParam }) =>
      call(api.GET('/api/district/{id}/requests/{kind}', { params: { path: { id, kind }, query: { status, cp: pageParam, ipp: IPP } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
  });
}

/** The visitor's own requests to this district. */
export function useMyDistrictRequests(id: string, kind: DistrictRequestKind, enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.mine(id, kind),
    queryFn: () => call(api.GET('/api/district/{id}/requests/{kind}/mine', { params: { path: { id, kind } } })),
    enabled,
  });
}

/** Promoted spaces the visitor may read (the home shows the first `ipp`, Promoted pages through them all). */
export function usePromoted(id: string, ipp = IPP) {
  return useInfiniteQuery({
    queryKey: requestKeys.promoted(id, ipp),
    queryFn: ({ pageParam }) => call(api.GET('/api/district/{id}/spaces/promoted', { params: { path: { id }, query: { cp: pageParam, ipp } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, ipp),
  });
}

export function usePromotionSettings(id: string) {
  return useQuery({
    queryKey: requestKeys.settings(id),
    queryFn: () => call(api.GET('/api/district/{id}/promotion-settings', { params: { path: { id } } })),
  });
}

/** The visitor's published spaces, the ones they may offer a district for hosting. */
export function useMyPublishedSpaces(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.myPublished,
    queryFn: () => call(api.GET('/api/publishedscene/metadata/my', { params: { query: { state: 'Published', cp: 0, ipp: 100 } } })),
    enabled,
  });
}

/** Asks, answers, withdraws: every change reloads the district's request lists and spaces. */
function useRequestMutation<V>(id: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ['districts', id] }),
  });
}

export const useAskDistrict = (id: string, kind: DistrictRequestKind) =>
  useRequestMutation(id, (sceneId: string) => call(api.POST('/api/district/{id}/requests/{kind}', { params: { path: { id, kind } }, body: { sceneId } })));

export const useAnswerRequest = (id: string, kind: DistrictRequestKind) =>
  useRequestMutation(id, ({ requestId, decision }: { requestId: string; decision: 'accept' | 'refuse' }) =>
    call(api.POST('/api/district/{id}/requests/{kind}/{requestId}/{decision}', { params: { path: { id, kind, requestId, decision } } })),
  );

export const useEndRequest = (id: string, kind: DistrictRequestKind) =>
  useRequestMutation(id, (sceneId: string) => call(api.DELETE('/api/district/{id}/requests/{kind}/{sceneId}', { params: { path: { id, kind, sceneId } } })));

export const useSavePromotionSettings = (id: string) =>
  useRequestMutation(id, (body: Partial<PromotionSettings>) => call(api.PATCH('/api/district/{id}/promotion-settings', { params: { path: { id } }, body })));
