import { useQuery } from '@tanstack/react-query';
import type { SceneMetadata } from '@atrium/shared';
import { api, call } from '../../api/client.ts';
import { viewerKeys } from '../../api/keys.ts';

export interface CreatorSummary {
  userId: string;
  name: string;
  profilePicture: string | null;
}

/** The space's creator for Space info: from the metadata when present, else the public profile. */
export function useCreator(metadata: SceneMetadata | undefined): CreatorSummary | null {
  const embedded = metadata?.creator ?? null;
  const id = metadata?.creatorId ?? null;
  const profile = useQuery({
    queryKey: viewerKeys.creator(id ?? ''),
    queryFn: () => call(api.GET('/api/user/{id}', { params: { path: { id: id! } } })),
    enabled: !embedded && !!id,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (embedded) return embedded;
  const p = profile.data;
  const name = p?.name ?? p?.username;
  return p && name ? { userId: p.userId, name, profilePicture: p.profilePicture } : null;
}
