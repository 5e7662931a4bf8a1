import type { SceneDocument, Vec3 } from '@atrium/shared';
import { PLACED_ITEM_KINDS } from '@atrium/shared';

export interface MapBounds { minX: number; minZ: number; maxX: number; maxZ: number }

export interface MapInfo {
  bounds: MapBounds;
  player: { x: number; z: number; y: number; yaw: number; levelIndex: number };
  levels: { id: string; elevation: number }[];
  /** Outline segments per level for drawing a plan: [x1, z1, x2, z2]. */
  walls: { levelId: string; segments: [number, number, number, number][] }[];
}

const MARGIN = 1;

/** The plan-view extent of a scene: structure first, placed items when there is no structure. */
export function sceneBounds(doc: SceneDocument): MapBounds {
  let minX = Infinity, minZ = Infinity, maxX = -Infinity, maxZ = -Infinity;
  const add = (x: number, z: number) => {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z); maxZ = Math.max(maxZ, z);
  };
  for (const l of doc.customSpace?.levels ?? []) {
    l.walls.forEach((w) => { add(...w.start); add(...w.end); });
    l.floors.forEach((f) => f.polygon.forEach((p) => add(...p)));
  }
  if (!Number.isFinite(minX)) {
    for (const k of PLACED_ITEM_KINDS) for (const it of doc[k]) add(it.position[0], it.position[2]);
    add(doc.startingPosition[0], doc.startingPosition[2]);
  }
  return { minX: minX - MARGIN, minZ: minZ - MARGIN, maxX: maxX + MARGIN, maxZ: maxZ + MARGIN };
}

export function levelIndexAt(doc: SceneDocument, y: number): number {
  const levels = doc.customSpace?.levels ?? [];
  let idx = 0;
  levels.forEach((l, i) => { if (y >= l.elevation - 0.5) idx = i; });
  return idx;
}

export function mapInfo(doc: SceneDocument, player: Vec3, yaw: number): MapInfo {
  const levels = doc.customSpace?.levels ?? [];
  return {
    bounds: sceneBounds(doc),
    player: { x: player[0], y: player[1], z: player[2], yaw, levelIndex: levelIndexAt(doc, player[1]) },
    levels: levels.map((l) => ({ id: l.id, elevation: l.elevation })),
    walls: levels.map((l) => ({ levelId: l.id, segments: l.walls.map((w) => [w.start[0], w.start[1], w.end[0], w.end[1]]) })),
  };
}
