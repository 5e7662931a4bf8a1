import { LEVEL_HEIGHT_M, type SceneDocument, type Vec3 } from '@atrium/shared';
import type { WallSnap } from './snapping.ts';

// Where a new item goes: on the wall or floor the pointer shows, oriented to it, and never inside or
// on top of an item already there (issue 19: the first item landed outside the room, the next behind
// a template painting, the text on top of the picture). Pure functions over the document and the
// items' world bounds, so they are unit-tested without a renderer.

/** A world-space box an item already fills. */
export interface Occupied { id: string; min: Vec3; max: Vec3 }

/** Width and height of a wall item (metres); `depth` is how far a floor item reaches from its centre. */
export interface Footprint { width: number; height: number }

/** Space kept between a new item and its neighbours, and from wall ends. */
export const PLACEMENT_GAP_M = 0.15;
/** How far in front of a wall an item's box may be and still count as hung on it. */
const ON_WALL_M = 0.35;
/** Search step along a wall and between rings on the floor. */
const STEP_M = 0.05;
/** How far a new wall item may move up or down from the pointed height to find room. */
const MAX_RISE_M = 0.6;

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);

/** The size a new item will have, from its fields (schema defaults when absent). */
export function footprintOf(kind: string, fields: Record<string, unknown>): Footprint {
  switch (kind) {
    case 'pictures':
      return { width: num(fields.width, 1), height: num(fields.height, 1) };
    case 'videos':
    case 'liveVideos':
    case 'webViews3d':
      return { width: num(fields.width, 1.6), height: num(fields.height, 0.9) };
    case 'texts3d': {
      // fontSize 60 draws a 0.3 m cap height (items/texts.ts); a glyph is about two thirds as wide.
      const scale = num(fields.fontSize, 60) / 60;
      const lines = String(fields.text ?? '').split('\n');
      const longest = Math.max(1, ...lines.map((l) => l.length));
      return { width: longest * 0.2 * scale, height: lines.length * 0.42 * scale };
    }
    case 'portals':
      return { width: 1.2, height: 2.2 };
    default:
      return { width: 0.8, height: 1 };
  }
}

/**
 * An item's world box from its document fields alone (for items not built yet): a flat panel of its
 * footprint for wall items, a block of it standing on the floor otherwise; turned by its yaw, scaled.
 */
export function estimatedBounds(item: { position: Vec3; rotation: Vec3; scale: Vec3 }, size: Footprint, onWall: boolean): { min: Vec3; max: Vec3 } {
  const [sx, sy, sz] = item.scale;
  const w = (size.width * Math.abs(sx)) / 2;
  const h = (size.height * Math.abs(sy)) / 2;
  const d = onWall ? 0.03 : (size.width * Math.abs(sz)) / 2;
  const c = Math.abs(Math.cos(item.rotation[1]));
  const s = Math.abs(Math.sin(item.rotation[1]));
  const hx = c * w + s * d;
  const hz = s * w + c * d;
  const [x, y, z] = item.position;
  // Wall items are centred on their position; floor items stand on it.
  const y0 = onWall ? y - h : y;
  const y1 = onWall ? y + h : y + 2 * h;
  return { min: [x - hx, y0, z - hz], max: [x + hx, y1, z + hz] };
}

function overlaps(a0: number, a1: number, b0: number, b1: number): boolean {
  return a0 < b1 && b0 < a1;
}

/** Offsets 0, +s, −s, +2s, −2s… up to `max` either way: nearest first, so an item moves as little as it can. */
function* nearestFirst(max: number, step: number): Generator<number> {
  yield 0;
  for (let d = step; d <= max + 1e-9; d += step) {
    yield d;
    yield -d;
  }
}

/**
 * Moves a wall item along its wall (and up or down) to the nearest spot where it overlaps no item hung
 * on the same wall face and stays within the wall's ends and height. Returns null when that face has
 * no room for it.
 */
export function freeSpotOnWall(doc: SceneDocument, snap: WallSnap, size: Footprint, occupied: readonly Occupied[]): WallSnap | null {
  const levels = doc.customSpace?.levels ?? [];
  const levelIndex = levels.findIndex((l) => l.id === snap.levelId);
  const level = levels[levelIndex];
  const wall = level?.walls.find((w) => w.id === snap.wallId);
  if (!level || !wall) return snap;
  const base = level.elevation ?? levelIndex * LEVEL_HEIGHT_M;
  const yaw = snap.rotation[1];
  const n = [Math.sin(yaw), Math.cos(yaw)] as const; // the face's normal (x, z)
  const t = [Math.cos(yaw), -Math.sin(yaw)] as const; // along the wall (x, z)
  const [px, py, pz] = snap.position;
  const along = (x: number, z: number) => (x - px) * t[0] + (z - pz) * t[1];
  const ahead = (x: number, z: number) => (x - px) * n[0] + (z - pz) * n[1];

  // The wall's extent along t, measured from the snapped point.
  const e0 = along(wall.start[0], wall.start[1]);
  const e1 = along(wall.end[0], wall.end[1]);
  const lo = Math.min(e0, e1) + size.width / 2 + PLACEMENT_GAP_M;
  const hi = Math.max(e0, e1) - size.width / 2 - PLACEMENT_GAP_M;
  const yLo = base + size.height / 2 + 0.1;
  const yHi = base + wall.height - size.height / 2 - 0.05;

  // Items on this face: their boxes projected onto the wall (u along it, y up).
  const onFace: { u0: number; u1: number; y0: number; y1: number }[] = [];
  for (const o of occupied) {
    const xs = [o.min[0], o.max[0]];
    const zs = [o.min[2], o.max[2]];
    let u0 = Infinity, u1 = -Infinity, a0 = Infinity, a1 = -Infinity;
    for (const x of xs) for (const z of zs) {
      const u = along(x, z);
      const a = ahead(x, z);
      u0 = Math.min(u0, u); u1 = Math.max(u1, u);
      a0 = Math.min(a0, a); a1 = Math.max(a1, a);
    }
    // In front of this face: not on the far side of the wall (the new item sits just off the face,
    // so anything whose front is further back is behind it), and not out in the room.
    if (a1 < -0.1 || a0 > ON_WALL_M) continue;
    onFace.push({ u0, u1, y0: o.min[1], y1: o.max[1] });
  }
  const free = (u: number, y: number) =>
    onFace.every((b) => !overlaps(u - size.width / 2 - PLACEMENT_GAP_M, u + size.width / 2 + PLACEMENT_GAP_M, b.u0, b.u1)
      || !overlaps(y - size.height / 2 - PLACEMENT_GAP_M, y + size.height / 2 + PLACEMENT_GAP_M, b.y0, b.y1));

  // The nearest free spot by a cost that prefers staying at the pointed height: slide along first,
  // then up or down in 0.1 m steps within the wall, at most MAX_RISE_M — a picture is not stacked
  // over the row already hung (it would end up under the ceiling); a full row sends it along, or
  // (null) to another wall.
  const y0 = yHi >= yLo ? Math.min(Math.max(py, yLo), yHi) : py;
  const ys: number[] = [y0];
  const yMax = Math.min(yHi, y0 + MAX_RISE_M);
  const yMin = Math.max(yLo, y0 - MAX_RISE_M);
  if (yHi >= yLo) for (let k = 1; y0 + k * 0.1 <= yMax + 1e-9 || y0 - k * 0.1 >= yMin - 1e-9; k++) {
    if (y0 + k * 0.1 <= yMax + 1e-9) ys.push(y0 + k * 0.1);
    if (y0 - k * 0.1 >= yMin - 1e-9) ys.push(y0 - k * 0.1);
  }
  let best: { d: number; y: number; cost: number } | null = null;
  if (hi >= lo) {
    for (const d of nearestFirst(Math.max(Math.abs(lo), Math.abs(hi)), STEP_M)) {
      if (best && Math.abs(d) >= best.cost) break; // every later candidate costs more
      if (d < lo - 1e-9 || d > hi + 1e-9) continue;
      for (const y of ys) {
        const cost = Math.abs(d) + 1.5 * Math.abs(y - y0);
        if (best && cost >= best.cost) continue;
        if (free(d, y)) best = { d, y, cost };
      }
    }
  } else if (free(0, y0)) best = { d: 0, y: y0, cost: 0 };
  if (best) return { ...snap, position: [px + t[0] * best.d, best.y, pz + t[1] * best.d] };
  return null;
}

/**
 * Moves a floor item (prop, model, info point, portal) from where it was pointed to the nearest point
 * whose footprint (a square of `size.width`) overlaps no other item standing on that floor.
 */
export function freeSpotOnFloor(position: Vec3, size: Footprint, occupied: readonly Occupied[]): Vec3 {
  const half = size.width / 2 + PLACEMENT_GAP_M;
  const [x0, y, z0] = position;
  const near = occupied.filter((o) => o.max[1] > y + 0.02 && o.min[1] < y + Math.max(size.height, 1));
  const free = (x: number, z: number) => near.every((o) => !overlaps(x - half, x + half, o.min[0], o.max[0]) || !overlaps(z - half, z + half, o.min[2], o.max[2]));
  if (free(x0, z0)) return position;
  // Rings of growing radius, each walked at about one step of arc.
  for (let r = STEP_M * 2; r <= 8; r += STEP_M * 2) {
    const count = Math.max(8, Math.ceil((2 * Math.PI * r) / (STEP_M * 2)));
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      const x = x0 + Math.cos(a) * r;
      const z = z0 + Math.sin(a) * r;
      if (free(x, z)) return [x, y, z];
    }
  }
  return position;
}
