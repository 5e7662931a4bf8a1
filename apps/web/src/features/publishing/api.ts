import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ExploreFilter,
  ExploreSort,
  MySceneMetadata,
  NotificationView,
  SceneCard,
  SlotView,
} from '@atrium/shared';
import { api } from '../../api/client.ts';
import { galleryParts, type GalleryItem } from './gallery.ts';
import { nextPageParam } from './paging.ts';

export const IPP = 9;

export interface ExploreParams {
  q?: string;
  filter: ExploreFilter;
  sort: ExploreSort;
  userId?: string;
}

export const publishingKeys = {
  explore: (p: ExploreParams) => ['explore', p] as const,
  mine: (state: 'Draft' | 'Published') => ['explore', 'mine', state] as const,
  slots: ['slot'] as const,
  notifications: ['notification'] as const,
};

const query = (p: ExploreParams, cp: number) => {
  const s = new URLSearchParams({ filter: p.filter, sort: p.sort, cp: String(cp), ipp: String(IPP) });
  if (p.q) s.set('q', p.q);
  if (p.userId) s.set('userId', p.userId);
  return s.toString();
};

/** Explore pages (cp/ipp). Changing any parameter is a new query that starts again at page 0. */
export function useExplore(p: ExploreParams, enabled = true) {
  return useInfiniteQuery<SceneCard[], Error, InfiniteData<SceneCard[], number>, readonly unknown[], number>({
    queryKey: publishingKeys.explore(p),
    queryFn: ({ pageParam }) => api<SceneCard[]>('GET', `/api/publishedscene/metadata/search?${query(p, pageParam)}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
    enabled,
  });
}

/** The signed-in user's own spaces (hidden ones included) for the profile's Published and Drafts. */
export function useMySpaces(state: 'Draft' | 'Published', enabled = true) {
  return useInfiniteQuery<SceneCard[], Error, InfiniteData<SceneCard[], number>, readonly unknown[], number>({
    queryKey: publishingKeys.mine(state),
    queryFn: ({ pageParam }) => api<SceneCard[]>('GET', `/api/publishedscene/metadata/my?state=${state}&cp=${pageParam}&ipp=${IPP}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
    enabled,
  });
}

export function useMySlots(enabled = true) {
  return useQuery({ queryKey: publishingKeys.slots, queryFn: () => api<SlotView[]>('GET', '/api/slot/my'), enabled });
}

function useInvalidateSpaces() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['explore'] });
    void qc.invalidateQueries({ queryKey: publishingKeys.slots });
  };
}

export function useSpaceActions() {
  const done = useInvalidateSpaces();
  const opts = { onSuccess: done };
  return {
    setVisible: useMutation({
      mutationFn: ({ id, visible }: { id: string; visible: boolean }) =>
        api<SceneCard>('PATCH', `/api/scene/metadata/${id}/visibility`, { visible }),
      ...opts,
    }),
    remove: useMutation({ mutationFn: (id: string) => api<void>('POST', `/api/sceneactions/${id}/delete`), ...opts }),
    duplicate: useMutation({ mutationFn: (id: string) => api<MySceneMetadata>('POST', `/api/sceneactions/${id}/duplicate`), ...opts }),
    unpublish: useMutation({ mutationFn: (id: string) => api<SceneCard>('POST', `/api/sceneactions/${id}/unpublish`), ...opts }),
  };
}

export interface PublishRequest {
  sceneId: string;
  slotId: string;
  publishedPublic: boolean;
  visible: boolean;
  comments: boolean;
  adultContent: boolean;
  privacyACLEnabled: boolean;
  userPrivacyACL: string[];
  groupPrivacyACL: string[];
  communicationACLEnabled: boolean;
  userCommunicationACL: string[];
  groupCommunicationACL: string[];
}

/** Saves the space info (multipart, with the cropped cover and the gallery) and then publishes into the slot. */
export function usePublish() {
  const done = useInvalidateSpaces();
  return useMutation({
    mutationFn: async ({
      info,
      publish,
    }: {
      info: { title: string; description: string; tags: string[]; cover: Blob | null; gallery: GalleryItem[] };
      publish: PublishRequest;
    }) => {
      const form = new FormData();
      form.set('title', info.title);
      form.set('description', info.description);
      form.set('tags', JSON.stringify(info.tags));
      if (info.cover) form.set('coverPhoto', info.cover, 'cover.jpg');
      const gallery = galleryParts(info.gallery);
      form.set('photoGallery', JSON.stringify(gallery.order));
      for (const f of gallery.files) form.append('photoGalleryFiles', f, f.name);
      await api<MySceneMetadata>('PATCH', `/api/scene/metadata/${publish.sceneId}`, form);
      const { sceneId, ...body } = publish;
      return api<SceneCard>('POST', `/api/sceneactions/${sceneId}/publish`, body);
    },
    onSuccess: done,
  });
}

// Likes, favourites, comments and views: features/social/api.ts (the viewer sidebars).

export function useNotifications(enabled: boolean) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: publishingKeys.notifications,
    queryFn: () => api<{ items: NotificationView[]; unread: number }>('GET', '/api/notification/my?limit=20'),
    enabled,
    refetchInterval: 60_000,
  });
  const readAll = useMutation({
    mutationFn: () => api<void>('POST', '/api/notification/read-all'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: publishingKeys.notifications }),
  });
  return { list, readAll };
}
