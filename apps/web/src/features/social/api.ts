import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SceneCard, SceneComment, SceneReply } from '@atrium/shared';
import { api } from '../../api/client.ts';
import { nextPageParam } from '../publishing/paging.ts';
import { socialKeys } from './keys.ts';

// Social calls the viewer sidebars make (spec §7 Social): likes, favourites, comments, follows and the
// "Explore other spaces" lists. Keys are shared with the rest of the app so counts agree everywhere.


export interface LikeStatus {
  liked: boolean;
  likes: number;
}

/** The space's card (counters, commentsEnabled) — the viewer's metadata does not carry them. */
export function useSpaceCard(sceneId: string) {
  return useQuery({
    queryKey: socialKeys.card(sceneId),
    queryFn: async () => (await api<SceneCard[]>('GET', `/api/publishedscene/metadata/many/${sceneId}`))[0] ?? null,
  });
}

/** Like toggle, optimistic: the heart and count change at once and roll back if the server refuses. */
export function useLike(sceneId: string) {
  const qc = useQueryClient();
  const key = socialKeys.likes(sceneId);
  const status = useQuery({ queryKey: key, queryFn: () => api<LikeStatus>('GET', `/api/scenelike/scene/${sceneId}`) });
  const toggle = useMutation({
    mutationFn: (like: boolean) => api<LikeStatus>(like ? 'POST' : 'DELETE', `/api/scenelike/scene/${sceneId}`),
    onMutate: async (like) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<LikeStatus>(key);
      if (before && before.liked !== like) qc.setQueryData<LikeStatus>(key, { liked: like, likes: Math.max(0, before.likes + (like ? 1 : -1)) });
      return { before };
    },
    onError: (_err, _like, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: ['explore'] });
    },
  });
  return { status, toggle };
}

export function useFavourite(sceneId: string, enabled: boolean) {
  const qc = useQueryClient();
  const key = socialKeys.favourite(sceneId);
  const status = useQuery({ queryKey: key, queryFn: () => api<{ favourite: boolean }>('GET', `/api/scenefavourite/scene/${sceneId}`), enabled });
  const toggle = useMutation({
    mutationFn: (on: boolean) => api<{ favourite: boolean }>(on ? 'POST' : 'DELETE', `/api/scenefavourite/scene/${sceneId}`),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: ['explore'] });
    },
  });
  return { status, toggle };
}

/** Comments with their replies (one level), newest first; 50 top-level comments are shown. */
export function useComments(sceneId: string) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: socialKeys.comments(sceneId),
    queryFn: () => api<SceneComment[]>('GET', `/api/scenecomment/scene/${sceneId}?ipp=50`),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: socialKeys.comments(sceneId) });
    void qc.invalidateQueries({ queryKey: socialKeys.card(sceneId) });
  };
  return {
    list,
    add: useMutation({
      mutationFn: (b: { body: string; parentCommentId?: string }) => api<SceneReply>('POST', `/api/scenecomment/scene/${sceneId}`, b),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) => api<SceneReply>('PATCH', `/api/scenecomment/${id}`, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api<void>('DELETE', `/api/scenecomment/${id}`), onSuccess: refresh }),
  };
}

export function useFollow(userId: string, enabled: boolean) {
  const qc = useQueryClient();
  const key = socialKeys.follow(userId);
  const status = useQuery({
    queryKey: key,
    queryFn: () => api<{ following: boolean; numOfFollowers: number }>('GET', `/api/userFollow/${userId}`),
    enabled,
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => api<{ following: boolean; numOfFollowers: number }>(follow ? 'POST' : 'DELETE', `/api/userFollow/${userId}`),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
  return { status, toggle };
}

export const EXPLORE_TABS = ['all', 'related', 'trending', 'history', 'favourites'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
/** MY HISTORY and MY FAVOURITES are the visitor's own lists. */
export const signedInOnly = (tab: ExploreTab) => tab === 'history' || tab === 'favourites';

export const OTHERS_IPP = 9;

function othersUrl(tab: ExploreTab, sceneId: string, cp: number): string {
  const page = `cp=${cp}&ipp=${OTHERS_IPP}`;
  switch (tab) {
    case 'related':
      return `/api/publishedscene/metadata/${sceneId}/related?${page}`;
    case 'trending':
      return `/api/publishedscene/metadata/trending?${page}`;
    case 'history':
      return `/api/publishedscene/metadata/search?filter=History&${page}`;
    case 'favourites':
      return `/api/publishedscene/metadata/search?filter=Favorites&${page}`;
    case 'all':
      return `/api/publishedscene/metadata/search?filter=All&${page}`;
  }
}

/** One "Explore other spaces" tab, paged by cp/ipp; the space being visited is left out of the list. */
export function useOtherSpaces(tab: ExploreTab, sceneId: string, enabled: boolean) {
  return useInfiniteQuery<SceneCard[], Error, InfiniteData<SceneCard[], number>, readonly unknown[], number>({
    queryKey: socialKeys.others(tab, sceneId),
    queryFn: ({ pageParam }) => api<SceneCard[]>('GET', othersUrl(tab, sceneId, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, OTHERS_IPP),
    enabled,
  });
}
