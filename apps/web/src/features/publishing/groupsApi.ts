import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupView } from '@atrium/shared';
import { api } from '../../api/client.ts';

export const groupKeys = { my: ['group', 'my'] as const };

/** The signed-in user's own groups (spec §7 group/my). */
export function useMyGroups(enabled: boolean) {
  return useQuery({ queryKey: groupKeys.my, queryFn: () => api<GroupView[]>('GET', '/api/group/my'), enabled });
}

/** Creates a group and puts the given people in it; resolves to the new group. */
export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, userIds }: { title: string; userIds: string[] }) => {
      const group = await api<GroupView>('POST', '/api/group', { title });
      try {
        if (userIds.length) await api('POST', `/api/group/${group.groupId}/members`, { userIds });
      } catch (err) {
        // e.g. someone does not allow being added to groups: leave no empty group behind to block the name.
        await api('DELETE', `/api/group/${group.groupId}`).catch(() => undefined);
        throw err;
      }
      return { ...group, memberCount: userIds.length };
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: groupKeys.my }),
  });
}
