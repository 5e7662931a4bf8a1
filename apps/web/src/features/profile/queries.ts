import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, formData } from '../../api/client.ts';
import { followKeys, userKeys } from '../../api/keys.ts';
import type { paths } from '../../api/generated/openapi.d.ts';
import { updateSessionUser } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';

/** PATCH /api/user/my: JSON, or multipart with profilePicture / coverPhoto files (always sent as multipart). */
export type UserPatch = NonNullable<paths['/api/user/my']['patch']['requestBody']>['content']['multipart/form-data'];

/** The signed-in user's own record (created by the API on first sign-in). */
export function useMyUser() {
  const session = useSession();
  return useQuery({
    queryKey: userKeys.my,
    enabled: session.status === 'signed-in',
    queryFn: async () => {
      const me = await call(api.GET('/api/user/my'));
      updateSessionUser({ userId: me.userId, name: me.name ?? '', profilePicture: me.profilePicture });
      return me;
    },
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: () => call(api.GET('/api/user/{id}', { params: { path: { id: id! } } })),
  });
}

export function useFollowList(id: string, side: 'followers' | 'following', enabled: boolean) {
  return useQuery({
    queryKey: followKeys.list(id, side),
    enabled,
    queryFn: () =>
      call(api.GET(`/api/userFollow/{id}/${side}`, { params: { path: { id }, query: { cp: 0, ipp: 100 } } })),
  });
}

export function usePatchMyUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPatch) => call(api.PATCH('/api/user/my', { body, bodySerializer: formData })),
    onSuccess: (me) => {
      qc.setQueryData(userKeys.my, me);
      void qc.invalidateQueries({ queryKey: userKeys.one(me.userId) });
      updateSessionUser({ name: me.name ?? '', profilePicture: me.profilePicture });
    },
  });
}
