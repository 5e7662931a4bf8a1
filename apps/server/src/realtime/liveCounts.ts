import { matchMaker } from '@colyseus/core';
import { LIVE_CARD_VISITORS, SPACE_ROOM, type LiveVisitor, type SceneLiveCount, type SpaceRoomMetadata } from '@atrium/shared';

export interface InstanceCount {
  instanceId: string;
  sceneId: string;
  count: number;
  visitors: LiveVisitor[];
}

export interface LiveSnapshot {
  total: number;
  byScene: Map<string, InstanceCount[]>;
  byInstance: Map<string, InstanceCount>;
}

/**
 * Live counts straight from the matchmaker's room listings: with Redis they are shared by every
 * process, so each process can answer for its own sockets without asking the others.
 */
export async function liveSnapshot(): Promise<LiveSnapshot> {
  const rooms = await matchMaker.query({ name: SPACE_ROOM });
  const byScene = new Map<string, InstanceCount[]>();
  const byInstance = new Map<string, InstanceCount>();
  let total = 0;
  for (const r of rooms) {
    const meta = r.metadata as SpaceRoomMetadata | undefined;
    if (!meta?.sceneId) continue;
    const entry: InstanceCount = {
      instanceId: r.roomId,
      sceneId: meta.sceneId,
      count: r.clients,
      visitors: meta.visitors ?? [],
    };
    total += r.clients;
    byInstance.set(r.roomId, entry);
    const list = byScene.get(meta.sceneId) ?? [];
    list.push(entry);
    byScene.set(meta.sceneId, list);
  }
  for (const list of byScene.values()) list.sort((a, b) => a.instanceId.localeCompare(b.instanceId));
  return { total, byScene, byInstance };
}

/** One space's live count and first visitors over all its instances (space cards, Explore). */
export function sceneLive(snap: LiveSnapshot, sceneId: string): SceneLiveCount {
  const instances = snap.byScene.get(sceneId) ?? [];
  const seen = new Set<string>();
  const visitors: LiveVisitor[] = [];
  for (const v of instances.flatMap((i) => i.visitors)) {
    if (visitors.length >= LIVE_CARD_VISITORS) break;
    if (seen.has(v.userId)) continue;
    seen.add(v.userId);
    visitors.push(v);
  }
  return { sceneId, count: instances.reduce((n, i) => n + i.count, 0), visitors };
}

/**
 * People in each published space now, over all its instances (draft previews left out): Explore's
 * "happening now". Empty when realtime is off (the matchmaker is unset then).
 */
export async function presentByScene(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const rooms = await matchMaker.query({ name: SPACE_ROOM }).catch(() => []);
  for (const r of rooms) {
    const meta = r.metadata as SpaceRoomMetadata | undefined;
    if (!meta?.sceneId || meta.draft || r.clients <= 0) continue;
    out.set(meta.sceneId, (out.get(meta.sceneId) ?? 0) + r.clients);
  }
  return out;
}

/** Which live instance each of these people is in (the first found when in several), for parties. */
export async function whereAre(userIds: string[]): Promise<Map<string, { sceneId: string; instanceId: string }>> {
  const wanted = new Set(userIds);
  const out = new Map<string, { sceneId: string; instanceId: string }>();
  // Realtime off (REALTIME=false) leaves the matchmaker unset: nobody is anywhere then.
  const snap = await liveSnapshot().catch(() => null);
  for (const inst of snap?.byInstance.values() ?? []) {
    for (const v of inst.visitors) {
      if (wanted.has(v.userId) && !out.has(v.userId)) out.set(v.userId, { sceneId: inst.sceneId, instanceId: inst.instanceId });
    }
  }
  return out;
}
