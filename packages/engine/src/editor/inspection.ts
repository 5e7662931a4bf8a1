import type { PlacedItemKind, SceneDocument, Vec2, Vec3 } from '@atrium/shared';
import { levelIndexAt } from '../map.ts';
import { findItem } from './commands/items.ts';
import { wallNear } from './commands/wallEdits.ts';

/** What the inspection tool shows about a clicked thing: read-only facts, sizes in metres. */
export type Inspection =
  | {
      type: 'item'; id: string; kind: PlacedItemKind; title: string;
      position: Vec3; rotation: Vec3; scale: Vec3;
      /** Width (x), height (y) and depth (z) of what is drawn, world axes; null before it has loaded. */
      size: Vec3 | null;
    }
  | {
      type: 'wall'; levelId: string; levelIndex: number; wallId: string;
      start: Vec2; end: Vec2; length: number; height: number; thickness: number; doors: number; windows: number;
    };

const r2 = (v: number) => Math.round(v * 100) / 100;

export function inspectItem(doc: SceneDocument, id: string, bounds: { min: Vec3; max: Vec3 } | null): Inspection | null {
  const found = findItem(doc, id);
  if (!found) return null;
  const { item, kind } = found;
  return {
    // Props are known by their library name until the creator gives them a title.
    type: 'item', id, kind, title: item.title || ('propId' in item ? String(item.propId) : ''),
    position: item.position.map(r2) as Vec3,
    rotation: item.rotation.map((v) => r2((v * 180) / Math.PI)) as Vec3,
    scale: item.scale.map(r2) as Vec3,
    size: bounds ? (bounds.max.map((v, i) => r2(v - bounds.min[i]!)) as Vec3) : null,
  };
}

/** The wall whose face was hit at a world point (on the level whose height band holds the point). */
export function inspectWallAt(doc: SceneDocument, point: Vec3): Inspection | null {
  const levels = doc.customSpace?.levels ?? [];
  if (levels.length === 0) return null;
  const levelIndex = levelIndexAt(doc, point[1]);
  const level = levels[levelIndex]!;
  const reach = Math.max(0.3, ...level.walls.map((w) => w.thickness / 2 + 0.05));
  const near = wallNear(level, [point[0], point[2]], reach);
  if (!near) return null;
  const w = near.wall;
  return {
    type: 'wall', levelId: level.id, levelIndex, wallId: w.id, start: w.start, end: w.end,
    length: r2(Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1])), height: r2(w.height), thickness: r2(w.thickness),
    doors: w.openings.filter((o) => o.kind === 'door').length,
    windows: w.openings.filter((o) => o.kind === 'window').length,
  };
}

/**
 * The scale tool scales evenly: whichever handle moved most sets one factor for all three axes
 * (box scale keeps per-axis stretching). Scales never reach zero or flip (a handle dragged past the centre stops at the minimum).
 */
export function uniformScale(start: Vec3, now: Vec3, min = 0.01): Vec3 {
  let factor = 1;
  for (let i = 0; i < 3; i++) {
    const f = start[i] === 0 ? 1 : now[i]! / start[i]!;
    if (Math.abs(f - 1) > Math.abs(factor - 1)) factor = f;
  }
  return start.map((s) => Math.max(min, s * factor)) as Vec3;
}

/** Box scale: each axis on its own, kept above `min` so an item never collapses or mirrors. */
export function boxScale(now: Vec3, min = 0.01): Vec3 {
  return now.map((v) => Math.max(min, v)) as Vec3;
}

/**
 * XYZ Euler angles name every rotation twice: (x, y, z) and (x ± π, π − y, z ± π). Decomposing a
 * turned item's matrix may give the second form (a 210° turn reads −180°, −30°, −180°); this picks
 * the one with the smaller tilts, so a plain turn stays [0, yaw, 0].
 */
export function canonicalEuler([x, y, z]: Vec3): Vec3 {
  if (Math.abs(x) <= Math.PI / 2 || Math.abs(z) <= Math.PI / 2) return [x, y, z];
  const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
  return [wrap(x + Math.PI), wrap(Math.PI - y), wrap(z + Math.PI)];
}
