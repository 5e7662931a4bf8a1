import { matchMaker } from '@colyseus/core';
import type { SpaceRoomMetadata } from '@atrium/shared';

/** A live space instance by room id, from the matchmaker's (possibly shared) listings. */
export async function findInstance(instanceId: string): Promise<{ sceneId: string; draft: boolean; userIds: string[] } | null> {
  // Realtime off (REALTIME=false) leaves the matchmaker unset: no instance is live then.
  const [listing] = await matchMaker.query({ roomId: instanceId }).catch(() => []);
  const meta = listing?.metadata as SpaceRoomMetadata | undefined;
  if (!meta?.sceneId) return null;
  return { sceneId: meta.sceneId, draft: meta.draft === true, userIds: meta.visitors.map((v) => v.userId) };
}
