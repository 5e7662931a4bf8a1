import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, formData } from '../../api/client.ts';
import { groupKeys } from '../../api/keys.ts';
import type { Answer } from '../../api/wire.ts';
import { pageKeys } from './pagesQueries.ts';

// District groups' management and group invitations (spec §2 District → Groups, All groups and
// Invitations) through the generated client.

export type GroupInvitation = Answer<'/api/group/invitations', 'get'>[number];
export type GroupMember = Answer<'/api/group/{id}/members', 'get'>[number];

export const groupPageKeys = {
  members: (groupId: string) => ['groups', groupId, 'members'] as const,
  invitations: (groupId: string) => ['groups', groupId, 'invitations'] as const,
  districtInvitations: (districtId: string) => ['districts', districtId, 'groupInvitations'] as const,
};

export function useGroupMembers(groupId: string) {
  return useQuery({ queryKey: groupPageKeys.members(groupId), queryFn: () => call(api.GET('/api/group/{id}/members', { params: { path: { id: groupId } } })) });
}

export function useGroupInvitations(groupId: string) {
  return useQuery({
    queryKey: groupPageKeys.invitations(groupId),
    queryFn: () => call(api.GET('/api/group/{id}/invitations', { params: { path: { id: groupId } } })),
  });
}

/** The signed-in person's pending group invitations (each names its district's subdomain). */
export function useMyGroupInvitations(enabled: boolean) {
  return useQuery({ queryKey: ['groups', 'invitations', 'mine'] as const, queryFn: () => call(api.GET('/api/group/invitations')), enabled });
}

/** District → Groups → Invitations: all of them for the Owner, one's own pending ones for others. */
export function useDistrictGroupInvitations(districtId: string, enabled: boolean) {
  return useQuery({
    queryKey: groupPageKeys.districtInvitations(districtId),
    queryFn: () => call(api.GET('/api/group/district/{id}/invitations', { params: { path: { id: districtId } } })),
    enabled,
  });
}

/** Rename, delete, image, remove a member, invite, answer: each refreshes the district's groups and the lists it changed. */
export function useGroupActions(districtId: string, groupId: string) {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: pageKeys.groups(districtId) }),
      qc.invalidateQueries({ queryKey: ['groups', groupId] }),
      qc.invalidateQueries({ queryKey: groupPageKeys.districtInvitations(districtId) }),
    ]);
  const path = { params: { path: { id: groupId } } };
  return {
    rename: useMutation({
      mutationFn: (body: { title: string; description: string }) => call(api.PATCH('/api/group/{id}', { ...path, body })),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: () => call(api.DELETE('/api/group/{id}', path)), onSuccess: done }),
    image: useMutation({
      mutationFn: (file: File | null) =>
        call(
          file
            ? api.PUT('/api/group/{id}/image', { ...path, body: { file: [file] } as never, bodySerializer: formData })
            : api.DELETE('/api/group/{id}/image', path),
        ),
      onSuccess: done,
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) => call(api.DELETE('/api/group/{id}/members/{userId}', { params: { path: { id: groupId, userId } } })),
      onSuccess: done,
    }),
    invite: useMutation({ mutationFn: (userIds: string[]) => call(api.POST('/api/group/{id}/invite', { ...path, body: { userIds } })), onSuccess: done }),
  };
}

/**
 * Accept or refuse; the district's reads are fetched again, since joining one of its groups may open
 * a private district, and so are the profile's group lists (`groupKeys`: the groups one is in).
 */
export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      call(api.POST(accept ? '/api/group/invitation/{id}/accept' : '/api/group/invitation/{id}/refuse', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['districts'] }),
        qc.invalidateQueries({ queryKey: ['groups'] }),
        qc.invalidateQueries({ queryKey: groupKeys.memberOf }),
      ]),
  });
}
