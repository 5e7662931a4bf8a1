import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyUser, PublicUser } from '@atrium/shared';
import { api } from '../../api/client.ts';
import { updateSessionUser } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';

export const userKeys = {
  my: ['user', 'my'] as const,
  one: (id: string) => ['user', id] as const,
  follows: (id: string, side: string) => ['userFollow', id, side] as const,
};

/** The signed-in user's own record (created by the API on first sign-in). */
export function useMyUser() {
  const session = useSession();
  return useQuery({
    queryKey: userKeys.my,
    enabled: session.status === 'signed-in',
    queryFn: async () => {
      const me = await api<MyUser>('GET', '/api/user/my');
      updateSessionUser({ userId: me.userId, name: me.name ?? '', profilePicture: me.profilePicture });
      return me;
    },
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: () => api<PublicUser>('GET', `/api/user/${id}`),
  });
}

export function useFollowList(id: string, side: 'followers' | 'following', enabled: boolean) {
  return useQuery({
    queryKey: userKeys.follows(id, side),
    enabled,
    queryFn: () => api<PublicUser[]>('GET', `/api/userFollow/${id}/${side}?cp=0&ipp=100`),
  });
}

export function useFollow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<{ following: boolean; numOfFollowers: number }>(
        follow ? 'POST' : 'DELETE',
        `/api/userFollow/${id}`,
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['user'] });
      void qc.invalidateQueries({ queryKey: ['userFollow'] });
    },
  });
}

export function usePatchMyUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData | Record<string, unknown>) => api<MyUser>('PATCH', '/api/user/my', body),
    onSuccess: (me) => {
      qc.setQueryData(userKeys.my, me);
      void qc.invalidateQueries({ queryKey: userKeys.one(me.userId) });
      updateSessionUser({ name: me.name ?? '', profilePicture: me.profilePicture });
    },
  });
}
