import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGING, errorCatalogue, isErrorBody, msg, type Asset, type AssetKind, type License } from '@atrium/shared';
import { api, clientHooks } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';

export type LibrarySort = 'updatedAt' | 'title';

export const assetKeys = {
  library: (userId: string, kind: AssetKind) => ['assets', 'library', userId, kind] as const,
  one: (id: string) => ['assets', 'one', id] as const,
  licenses: ['licenses'] as const,
};

/**
 * Spec §7 paged lists with cp/ipp (page 9) and §4 infinite scroll: starts with more data, appends
 * non-empty pages, stops on a short or empty page or on an error.
 */
export function useLibrary(userId: string, kind: AssetKind, sort: LibrarySort) {
  return useInfiniteQuery({
    queryKey: [...assetKeys.library(userId, kind), sort],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<Asset[]>(
        'GET',
        `/api/${kind}?userId=${userId}&cp=${pageParam}&ipp=${PAGING.defaultIpp}&sort=${sort}&order=${sort === 'title' ? 'asc' : 'desc'}`,
      ),
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
    queryFn: () => api<Asset>('GET', `/api/${kind}/${id}`),
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 1000 : false),
  });
}

export function useLicenses() {
  return useQuery({ queryKey: assetKeys.licenses, queryFn: () => api<License[]>('GET', '/api/license'), staleTime: Infinity });
}

export function useDeleteAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: Asset) => api<void>('DELETE', `/api/${a.kind}/${a.id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}

export function usePatchAsset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, patch }: { asset: Asset; patch: Record<string, unknown> }) =>
      api<Asset>('PATCH', `/api/${asset.kind}/${asset.id}`, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['assets'] }),
  });
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress.
 * Same error shape and bearer rule as the fetch client.
 */
export function uploadAsset(
  kind: AssetKind,
  fields: Record<string, string>,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<Asset> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${kind}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = clientHooks.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', msg.somethingWentWrong));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as Asset);
      if (xhr.status === 403) clientHooks.onForbidden(msg.notAuthorized);
      if (isErrorBody(data)) return reject(new ApiError(xhr.status, data.error.code, data.error.message, data.error.details));
      const code = xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : xhr.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
      reject(new ApiError(xhr.status, code, errorCatalogue[code].message));
    };
    xhr.send(form);
  });
}
