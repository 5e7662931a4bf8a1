import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { exploreKeys, followKeys, socialKeys, userKeys, viewerKeys } from '../../api/keys.ts';
import type { Answer } from '../../api/wire.ts';
import { nextPageParam } from '../publishing/paging.ts';

// Social calls (spec §7 Social): likes, favourites, comments, follows and the viewer's "Explore other
// spaces" lists. Keys are shared with the rest of the app so counts agree everywhere.

type LikeStatus = Answer<'/api/scenelike/scene/{id}', 'get'>;
const scene = (sceneId: string) => ({ params: { path: { id: sceneId } } });

/** The space's card (counters, commentsEnabled) — the viewer's metadata does not carry them. */
export function useSpaceCard(sceneId: string) {
  return useQuery({
    queryKey: viewerKeys.card(sceneId),
    queryFn: async () =>
      (await call(api.GET('/api/publishedscene/metadata/many/{ids}', { params: { path: { ids: sceneId } } })))[0] ?? null,
  });
}

/** Like toggle, optimistic: the heart and count change at once and roll back if the server refuses. */
export function useLike(sceneId: string) {
  const qc = useQueryClient();
  const key = socialKeys.likes(sceneId);
  const status = useQuery({ queryKey: key, queryFn: () => call(api.GET('/api/scenelike/scene/{id}', scene(sceneId))) });
  const toggle = useMutation({
    mutationFn: (like: boolean) =>
      call(like ? api.POST('/api/scenelike/scene/{id}', scene(sceneId)) : api.DELETE('/api/scenelike/scene/{id}', scene(sceneId))),
    onMutate: async (like) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<LikeStatus>(key);
      if (before && before.liked !== like) qc.setQueryData<LikeStatus>(key, { ...before, liked: like, likes: Math.max(0, before.likes + (like ? 1 : -1)) });
      return { before };
    },
    onError: (_err, _like, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: exploreKeys.all });
    },
  });
  return { status, toggle };
}

export function useFavourite(sceneId: string, enabled: boolean) {
  const qc = useQueryClient();
  const key = socialKeys.favourite(sceneId);
  const status = useQuery({ queryKey: key, queryFn: () => call(api.GET('/api/scenefavourite/scene/{id}', scene(sceneId))), enabled });
  const toggle = useMutation({
    mutationFn: (on: boolean) =>
      call(on ? api.POST('/api/scenefavourite/scene/{id}', scene(sceneId)) : api.DELETE('/api/scenefavourite/scene/{id}', scene(sceneId))),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: exploreKeys.all });
    },
  });
  return { status, toggle };
}

/** Comments with their replies (one level), newest first; 50 top-level comments are shown. */
export function useComments(sceneId: string) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: socialKeys.comments(sceneId),
    queryFn: () => call(api.GET('/api/scenecomment/scene/{id}', { params: { path: { id: sceneId }, query: { ipp: 50 } } })),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: socialKeys.comments(sceneId) });
    void qc.invalidateQueries({ queryKey: viewerKeys.card(sceneId) });
  };
  return {
    list,
    add: useMutation({
      mutationFn: (body: { body: string; parentCommentId?: string }) =>
        call(api.POST('/api/scenecomment/scene/{id}', { ...scene(sceneId), body })),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) =>
        call(api.PATCH('/api/scenecomment/{id}', { params: { path: { id } }, body: { body } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.DELETE('/api/scenecomment/{id}', { params: { path: { id } } })),
      onSuccess: refresh,
    }),
  };
}

/**
 * Following someone, wherever the button is (profile, creator card, live visitors): the status with the
 * follower count, and a toggle that refreshes every profile and follow list that shows it.
 */
export function useFollow(userId: string, enabled: boolean) {
  const qc = useQueryClient();
  const key = followKeys.status(userId);
  const path = { params: { path: { id: userId } } };
  const status = useQuery({ queryKey: key, queryFn: () => call(api.GET('/api/userFollow/{id}', path)), enabled });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => call(follow ? api.POST('/api/userFollow/{id}', path) : api.DELETE('/api/userFollow/{id}', path)),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      void qc.invalidateQueries({ queryKey: userKeys.all });
      void qc.invalidateQueries({ queryKey: followKeys.all, predicate: (q) => q.queryKey.length > 2 });
    },
  });
  return { status, toggle };
}

export const EXPLORE_TABS = ['all', 'related', 'trending', 'history', 'favourites'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
/** MY HISTORY and MY FAVOURITES are the visitor's own lists. */
export const signedInOnly = (tab: ExploreTab) => tab === 'history' || tab === 'favourites';

export const OTHERS_IPP = 9;

function othersPage(tab: ExploreTab, sceneId: string, cp: number) {
  const page = { cp, ipp: OTHERS_IPP };
  switch (tab) {
    case 'related':
      return api.GET('/api/publishedscene/metadata/{id}/related', { params: { path: { id: sceneId }, query: page } });
    case 'trending':
      return api.GET('/api/publishedscene/metadata/trending', { params: { query: page } });
    case 'history':
      return api.GET('/api/publishedscene/metadata/search', { params: { query: { filter: 'History', ...page } } });
    case 'favourites':
      return api.GET('/api/publishedscene/metadata/search', { params: { query: { filter: 'Favorites', ...page } } });
    case 'all':
      return api.GET('/api/publishedscene/metadata/search', { params: { query: { filter: 'All', ...page } } });
  }
}

/** One "Explore other spaces" tab, paged by cp/ipp; the space being visited is left out of the list. */
export function useOtherSpaces(tab: ExploreTab, sceneId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: exploreKeys.others(tab, sceneId),
    queryFn: ({ pageParam }) => call(othersPage(tab, sceneId, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, OTHERS_IPP),
    enabled,
  });
}
