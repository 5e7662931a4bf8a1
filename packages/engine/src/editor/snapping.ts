import { LEVEL_HEIGHT_M, type SceneDocument, type Vec2, type Vec3 } from '@atrium/shared';
import { insidePolygon } from '../builder/ceilings.ts';

/** Rounds to the wall-drawing grid (metres). */
export const snapToGrid = (v: number, step: number): number => (step > 0 ? Math.round(v / step) * step : v);
export const snapPointToGrid = (p: Vec2, step: number): Vec2 => [snapToGrid(p[0], step), snapToGrid(p[1], step)];

/** Joins a new wall end to an existing wall end when close, so rooms close without gaps. */
export function snapToWallEnds(doc: SceneDocument, levelId: string, p: Vec2, radius = 0.3): Vec2 {
  const level = doc.customSpace?.levels.find((l) => l.id === levelId);
  let best: Vec2 = p;
  let bestD = radius;
  for (const w of level?.walls ?? []) {
    for (const end of [w.start, w.end]) {
      const d = Math.hypot(end[0] - p[0], end[1] - p[1]);
      if (d <= bestD) {
        bestD = d;
        best = [end[0], end[1]];
      }
    }
  }
  return best;
}

export interface WallSnap {
  wallId: string;
  levelId: string;
  /** On the wall face nearest the point, just off the surface. */
  position: Vec3;
  /** Yaw so the item's front (+Z) faces away from the wall. */
  rotation: Vec3;
}

/**
 * Pictures and text hang on walls: finds the wall face within `maxDistance` of a point (on the level
 * whose height band holds it) and returns where the item goes and how it turns.
 */
export function snapToWall(doc: SceneDocument, point: Vec3, maxDistance = 1, gap = 0.02): WallSnap | null {
  return wallSnaps(doc, point, maxDistance, gap)[0] ?? null;
}

/** Every wall face within `maxDistance` of a point (the side the point is on), nearest first. */
export function wallSnaps(doc: SceneDocument, point: Vec3, maxDistance = 1, gap = 0.02): (WallSnap & { distance: number })[] {
  const out: (WallSnap & { distance: number })[] = [];
  const levels = doc.customSpace?.levels ?? [];
  levels.forEach((level, i) => {
    const base = level.elevation ?? i * LEVEL_HEIGHT_M;
    for (const w of level.walls) {
      if (point[1] < base - 0.01 || point[1] > base + w.height + 0.01) continue;
      const dx = w.end[0] - w.start[0];
      const dz = w.end[1] - w.start[1];
      const len2 = dx * dx + dz * dz;
      if (len2 === 0) continue;
      const t = Math.max(0, Math.min(1, ((point[0] - w.start[0]) * dx + (point[2] - w.start[1]) * dz) / len2));
      const cx = w.start[0] + t * dx;
      const cz = w.start[1] + t * dz;
      const d = Math.hypot(point[0] - cx, point[2] - cz);
      if (d > maxDistance) continue;
      const len = Math.sqrt(len2);
      // Normal pointing to the side of the wall the point is on.
      let nx = -dz / len;
      let nz = dx / len;
      if ((point[0] - cx) * nx + (point[2] - cz) * nz < 0) {
        nx = -nx;
        nz = -nz;
      }
      const off = w.thickness / 2 + gap;
      out.push({
        wallId: w.id,
        levelId: level.id,
        position: [cx + nx * off, point[1], cz + nz * off],
        // `+ 0` turns atan2's -0 (a wall along x) into 0: JSON has no -0, so a saved and reloaded
        // document would otherwise differ from the one in memory.
        rotation: [0, Math.atan2(nx, nz) + 0, 0],
        distance: d,
      });
    }
  });
  // Stable: of two walls equally near, the first in the document wins (as before).
  return out.sort((a, b) => a.distance - b.distance);
}

/** How far off a wall face `indoorFace` looks for a room (a floor or a ceiling over the point). */
const ROOM_PROBE_M = 0.3;

/**
 * The face of a wall a new picture or text goes on: the one given, unless it looks out of the
 * building while the wall's other face looks into a room — then that inner face, at the same spot.
 * A room is where the level has a floor or a ceiling; a wall between two rooms, or one standing
 * outdoors (a plaza, a free-standing screen), keeps the face pointed at.
 */
export function indoorFace<T extends WallSnap>(doc: SceneDocument, snap: T, gap = 0.02): T {
  const level = doc.customSpace?.levels.find((l) => l.id === snap.levelId);
  const wall = level?.walls.find((w) => w.id === snap.wallId);
  if (!level || !wall) return snap;
  const polygons = [...level.floors.map((f) => f.polygon), ...(level.ceilings ?? []).map((c) => c.polygon)];
  if (polygons.length === 0) return snap;
  const yaw = snap.rotation[1];
  const [nx, nz] = [Math.sin(yaw), Math.cos(yaw)];
  const [px, , pz] = snap.position;
  // The snap sits `gap` off the face it is on; the other face is the wall's thickness and a gap back.
  const through = wall.thickness + 2 * gap;
  const roomAt = (offset: number) => polygons.some((p) => insidePolygon(px + nx * offset, pz + nz * offset, p));
  if (roomAt(ROOM_PROBE_M) || !roomAt(-through - ROOM_PROBE_M)) return snap;
  // Through the wall: the same point on its other face, turned to face the room.
  return {
    ...snap,
    position: [px - nx * through, snap.position[1], pz - nz * through],
    rotation: [0, Math.atan2(-nx, -nz) + 0, 0],
  };
}

export interface ScreenRect { x1: number; y1: number; x2: number; y2: number }

/** Box selection: the ids whose projected centre lies inside the dragged rectangle (any corner order). */
export function idsInRect(points: Iterable<{ id: string; x: number; y: number; visible: boolean }>, rect: ScreenRect): string[] {
  const minX = Math.min(rect.x1, rect.x2);
  const maxX = Math.max(rect.x1, rect.x2);
  const minY = Math.min(rect.y1, rect.y2);
  const maxY = Math.max(rect.y1, rect.y2);
  const out: string[] = [];
  for (const p of points) if (p.visible && p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY) out.push(p.id);
  return out;
}
