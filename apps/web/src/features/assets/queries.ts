import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGING } from '@atrium/shared/constants';
import type { Asset } from '@atrium/shared/assets/schema';
import type { AssetKind } from '@atrium/shared/assets/kinds';
import { api, call, fetchWithUploadProgress, formData } from '../../api/client.ts';
import { assetKeys } from '../../api/keys.ts';
import type { paths } from '../../api/generated/openapi.d.ts';

export type LibrarySort = 'updatedAt' | 'title';

// openapi-fetch's Readable<> widens tuples to arrays; the document keeps `stats.bounds` at three numbers
// (prefixItems), which is the shared Asset's [x, y, z]. Only that widening is undone here.
export const asAsset = <T extends { id: string }>(a: T) => a as unknown as Asset;
/** What PATCH /api/{kind}/{id} accepts (every kind's editable fields, partially). */
export type AssetPatch = NonNullable<paths['/api/picture/{id}']['patch']['requestBody']>['content']['application/json'] &
  NonNullable<paths['/api/text3d/{id}']['patch']['requestBody']>['content']['application/json'] &
  Record<string, unknown>;

/**
 * Spec §7 paged lists with cp/ipp (page 9) and §4 infinite scroll: starts with more data, appends
 * non-empty pages, stops on a short or empty page or on an error.
 */
export function useLibrary(userId: string, kind: AssetKind, sort: LibrarySort) {
  return useInfiniteQuery({
    queryKey: [...assetKeys.library(userId, kind), sort],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call(
        api.GET(`/api/${kind}`, {
          params: { query: { userId, cp: pageParam, ipp: PAGING.defaultIpp, sort, order: sort === 'title' ? 'asc' : 'desc' } },
        }),
      ).then((list) => list.map(asAsset)),
    getNextPageParam: (last, _all, cp) => (last.length < PAGING.defaultIpp ? undefined : cp + 1),
    retry: false,
    // Models being optimised show their progress on the card until they are ready.
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.some((a) => a.status === 'processing')) ? 1500 : false),
  });
}

/** One asset; polled every second while its model is being optimised so the progress bar moves. */
export function useAsset(kind: AssetKind, id: string | null) {
  return useQuery({
    queryKey: assetKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: () => call(api.GET(`/api/${kind}/{id}`, { params: { path: { id: id! } } })).then(asAsset),
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 1000 : false),
  });
}

export function useLicenses() {
  return useQuery({ queryKey: assetKeys.licenses, queryFn: () => call(api.GET('/api/license')), staleTime: Infinity });
}

export function useDeleteAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: Asset) => call(api.DELETE(`/api/${a.kind}/{id}`, { params: { path: { id: a.id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

export function usePatchAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, patch }: { asset: Asset; patch: AssetPatch }) =>
      call(api.PATCH(`/api/${asset.kind}/{id}`, { params: { path: { id: asset.id } }, body: patch })).then(asAsset),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** Multipart upload with progress: the typed client sends it through XMLHttpRequest (fetch cannot report it). */
export function uploadAsset(
  kind: AssetKind,
  fields: Record<string, string>,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<Asset> {
  return call(
    api.POST(`/api/${kind}`, {
      body: { ...fields, file: files },
      bodySerializer: formData,
      fetch: fetchWithUploadProgress(onProgress),
    }),
  ).then(asAsset);
}
