import type { ExploreSort } from '@atrium/shared';
import { useExplore, useMySpaces } from './queries.ts';
import { SpaceGrid } from './SpaceGrid.tsx';

/** Profile spaces: the owner sees their own (hidden and drafts too); visitors see what Explore shows them. */
export function ProfileSpaces({ userId, isOwn, sub, sort, view }: { userId: string; isOwn: boolean; sub: string; sort: ExploreSort; view: 'grid' | 'list' }) {
  const drafts = sub === 'drafts';
  const mine = useMySpaces(drafts ? 'Draft' : 'Published', sort, isOwn);
  const theirs = useExplore({ filter: 'All', sort, userId }, !isOwn && !drafts);
  return <SpaceGrid query={isOwn ? mine : theirs} viewerId={isOwn ? userId : null} view={view} />;
}

/** activity/favorites and activity/history: the owner's own lists through Explore's filters. */
export function ActivitySpaces({ userId, sub, sort, view }: { userId: string; sub: string; sort: ExploreSort; view: 'grid' | 'list' }) {
  const query = useExplore({ filter: sub === 'history' ? 'History' : 'Favorites', sort });
  return <SpaceGrid query={query} viewerId={userId} view={view} />;
}
