import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, formData } from '../../api/client.ts';
import { exploreKeys, groupKeys, sceneKeys, slotKeys, type ExploreParams } from '../../api/keys.ts';
import type { JsonBody } from '../../api/wire.ts';
import type { ExploreSort } from '@atrium/shared';
import { galleryParts, type GalleryItem } from './gallery.ts';
import { nextPageParam } from './paging.ts';

export const IPP = 9;

/** Explore pages (cp/ipp). Changing any parameter is a new query that starts again at page 0. */
export function useExplore(p: ExploreParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: exploreKeys.search(p),
    queryFn: ({ pageParam }) =>
      call(api.GET('/api/publishedscene/metadata/search', { params: { query: { ...p, cp: pageParam, ipp: IPP } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
    enabled,
  });
}

/** The signed-in user's own spaces (hidden ones included) for the profile's Published and Drafts. */
export function useMySpaces(state: 'Draft' | 'Published', sort: ExploreSort = 'date', enabled = true) {
  return useInfiniteQuery({
    queryKey: [...exploreKeys.mine(state), sort],
    queryFn: ({ pageParam }) =>
      call(api.GET('/api/publishedscene/metadata/my', { params: { query: { state, sort, cp: pageParam, ipp: IPP } } })),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextPageParam(last.length, pages.length, IPP),
    enabled,
  });
}

export function useMySlots(enabled = true) {
  return useQuery({ queryKey: slotKeys.my, queryFn: () => call(api.GET('/api/slot/my')), enabled });
}

/** The owner's metadata of a draft, for the publish wizard. */
export function useMySceneMetadata(sceneId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: sceneKeys.myMetadata(sceneId ?? ''),
    queryFn: () => call(api.GET('/api/scene/metadata/{id}', { params: { path: { id: sceneId! } } })),
    enabled: enabled && sceneId !== null,
  });
}

function useInvalidateSpaces() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: exploreKeys.all });
    void qc.invalidateQueries({ queryKey: slotKeys.my });
  };
}

export function useSpaceActions() {
  const done = useInvalidateSpaces();
  const opts = { onSuccess: done };
  const scene = (id: string) => ({ params: { path: { id } } });
  return {
    setVisible: useMutation({
      mutationFn: ({ id, visible }: { id: string; visible: boolean }) =>
        call(api.PATCH('/api/scene/metadata/{id}/visibility', { ...scene(id), body: { visible } })),
      ...opts,
    }),
    remove: useMutation({ mutationFn: (id: string) => call(api.POST('/api/sceneactions/{id}/delete', scene(id))), ...opts }),
    duplicate: useMutation({ mutationFn: (id: string) => call(api.POST('/api/sceneactions/{id}/duplicate', scene(id))), ...opts }),
    unpublish: useMutation({ mutationFn: (id: string) => call(api.POST('/api/sceneactions/{id}/unpublish', scene(id))), ...opts }),
    move: useMutation({
      mutationFn: ({ id, slotId }: { id: string; slotId: string }) => call(api.POST('/api/sceneactions/{id}/move', { ...scene(id), body: { slotId } })),
      ...opts,
    }),
  };
}

export type PublishRequest = JsonBody<'/api/sceneactions/{id}/publish', 'post'> & { sceneId: string };

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
      const { sceneId, ...body } = publish;
      const gallery = galleryParts(info.gallery);
      await call(
        api.PATCH('/api/scene/metadata/{id}', {
          params: { path: { id: sceneId } },
          body: {
            title: info.title,
            description: info.description,
            tags: JSON.stringify(info.tags),
            coverPhoto: info.cover ?? undefined,
            photoGallery: JSON.stringify(gallery.order),
            photoGalleryFiles: gallery.files,
          },
          bodySerializer: formData,
        }),
      );
      return call(api.POST('/api/sceneactions/{id}/publish', { params: { path: { id: sceneId } }, body }));
    },
    onSuccess: done,
  });
}

// Likes, favourites, comments and views: features/social/queries.ts (the viewer sidebars).

/** The signed-in user's own groups (spec §7 group/my). */
export function useMyGroups(enabled: boolean) {
  return useQuery({ queryKey: groupKeys.my, queryFn: () => call(api.GET('/api/group/my')), enabled });
}

/** A district's groups (spec §7 group/district/{id}), for the access lists of a space published there. */
export function useDistrictGroupsOf(districtId: string | null) {
  return useQuery({
    queryKey: [...groupKeys.my, 'district', districtId] as const,
    queryFn: () => call(api.GET('/api/group/district/{id}', { params: { path: { id: districtId! }, query: { ipp: 60 } } })),
    enabled: districtId !== null,
  });
}

/** Creates a group and puts the given people in it; resolves to the new group. */
export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, userIds }: { title: string; userIds: string[] }) => {
      const group = await call(api.POST('/api/group', { body: { title } }));
      const path = { params: { path: { id: group.groupId } } };
      try {
        if (userIds.length) await call(api.POST('/api/group/{id}/members', { ...path, body: { userIds } }));
      } catch (err) {
        // e.g. someone does not allow being added to groups: leave no empty group behind to block the name.
        await call(api.DELETE('/api/group/{id}', path)).catch(() => undefined);
        throw err;
      }
      return { ...group, memberCount: userIds.length };
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: groupKeys.my }),
  });
}
