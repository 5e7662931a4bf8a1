import { LEVEL_HEIGHT_M, type SceneDocument, type Vec3 } from '@atrium/shared';
import type { Occupied } from './placement.ts';
import { wallSnaps } from './snapping.ts';

// Moving an item by dragging it (issue 19): a wall item slides along the wall under the pointer and
// across to the next wall it points at, a floor item along the floor; either way its edges and centre
// snap to its neighbours' edges and centres (and a wall item to the wall's middle), and the snaps are
// returned as guide lines to draw. Pure functions over the document and the items' world boxes, so
// they are unit-tested without a renderer; `surfaceDragTool.ts` wires them to the pointer.

export interface Ray3 { origin: Vec3; direction: Vec3 }
/** A guide line in world space: the edge or centre line two aligned items share. */
export interface Guide { from: Vec3; to: Vec3 }
/** Where the item goes; `rotation` null keeps its own (a floor move never turns it). */
export interface SurfaceMove { position: Vec3; rotation: Vec3 | null; wallId: string | null; guides: Guide[] }

/** How close (metres) an edge or centre must come to a neighbour's to snap onto it. */
export const ALIGN_SNAP_M = 0.08;
/** Off the wall face, as placement hangs items. */
const WALL_GAP_M = 0.02;
/** A floor point looks this far for a wall to put a wall item on (as placement does). */
const WALL_REACH_M = 6;
/** How far in front of a face a neighbour's box may be and still count as hung on it. */
const ON_FACE_M = 0.35;

/** A wall face met by a ray: where, on which wall, facing which way (the side the ray came from). */
export interface FaceHit { wallId: string; levelId: string; point: Vec3; normal: [number, number]; distance: number; base: number; height: number; start: [number, number]; end: [number, number] }

/** The first wall face of the level that the ray meets, within the wall's length and height. */
export function rayWallHit(doc: SceneDocument, levelIndex: number, ray: Ray3): FaceHit | null {
  const levels = doc.customSpace?.levels ?? [];
  const level = levels[levelIndex];
  if (!level) return null;
  const base = level.elevation ?? levelIndex * LEVEL_HEIGHT_M;
  const [ox, oy, oz] = ray.origin;
  const [dx, dy, dz] = ray.direction;
  let best: FaceHit | null = null;
  for (const w of level.walls) {
    const ex = w.end[0] - w.start[0];
    const ez = w.end[1] - w.start[1];
    const len = Math.hypot(ex, ez);
    if (len === 0) continue;
    const tx = ex / len, tz = ez / len;
    let nx = -tz, nz = tx;
    // The face on the ray's side: the one whose normal points back at the ray's origin.
    if ((ox - w.start[0]) * nx + (oz - w.start[1]) * nz < 0) { nx = -nx; nz = -nz; }
    const off = w.thickness / 2;
    const px = w.start[0] + nx * off, pz = w.start[1] + nz * off;
    const denom = dx * nx + dz * nz;
    if (denom >= -1e-9) continue; // parallel, or seen from behind
    const t = ((px - ox) * nx + (pz - oz) * nz) / denom;
    if (t <= 0 || (best && t >= best.distance)) continue;
    const hx = ox + dx * t, hy = oy + dy * t, hz = oz + dz * t;
    const u = (hx - w.start[0]) * tx + (hz - w.start[1]) * tz;
    if (u < -off || u > len + off || hy < base || hy > base + w.height) continue;
    best = { wallId: w.id, levelId: level.id, point: [hx, hy, hz], normal: [nx, nz], distance: t, base, height: w.height, start: w.start, end: w.end };
  }
  return best;
}

function floorHit(ray: Ray3, y: number): Vec3 | null {
  const dy = ray.direction[1];
  if (Math.abs(dy) < 1e-9) return null;
  const t = (y - ray.origin[1]) / dy;
  if (t <= 0) return null;
  return [ray.origin[0] + ray.direction[0] * t, y, ray.origin[2] + ray.direction[2] * t];
}

interface Axis { value: number; guide: (at: number) => Guide }

/**
 * The nearest snap of an item's low edge, centre and high edge (`c - half`, `c`, `c + half`) onto the
 * targets, within ALIGN_SNAP_M: how far to move and the guide of that target, or none.
 */
function snapAxis(c: number, lo: number, hi: number, targets: readonly Axis[]): { shift: number; guides: Guide[] } {
  let best: { shift: number; targets: Axis[] } | null = null;
  for (const own of [c - lo, c, c + hi]) {
    for (const t of targets) {
      const shift = t.value - own;
      if (Math.abs(shift) > ALIGN_SNAP_M) continue;
      if (!best || Math.abs(shift) < Math.abs(best.shift) - 1e-6) best = { shift, targets: [t] };
      else if (Math.abs(shift - best.shift) < 1e-6) best.targets.push(t);
    }
  }
  if (!best) return { shift: 0, guides: [] };
  const shift = best.shift;
  return { shift, guides: best.targets.map((t) => t.guide(t.value)) };
}

export interface WallDragInput {
  /** The pointer's ray into the world. */
  ray: Ray3;
  levelIndex: number;
  /** The item's width along the wall and height (metres). */
  size: { width: number; height: number };
  /** Where the item's centre sits from the grabbed point: along the wall (to the right facing it) and up. */
  grab: { u: number; y: number };
  /** The item's height to keep when the pointer is on the floor. */
  currentY: number;
  /** Other items' world boxes (not the one moving). */
  others: readonly Occupied[];
}

/**
 * A wall item dragged: onto the wall face under the pointer (or, pointing at the floor, the nearest
 * face), kept within the wall's ends and height, turned to face the room, then snapped to the wall's
 * middle and to the edges and centres of the items hung on that face. Null when no wall is in reach.
 */
export function dragOnWall(doc: SceneDocument, input: WallDragInput): SurfaceMove | null {
  const levels = doc.customSpace?.levels ?? [];
  const level = levels[input.levelIndex];
  if (!level) return null;
  const base = level.elevation ?? input.levelIndex * LEVEL_HEIGHT_M;
  let face = rayWallHit(doc, input.levelIndex, input.ray);
  if (!face) {
    const f = floorHit(input.ray, base);
    if (!f) return null;
    const snap = wallSnaps(doc, [f[0], Math.min(Math.max(input.currentY, base), base + 2.5), f[2]], WALL_REACH_M)[0];
    const wall = snap && level.walls.find((w) => w.id === snap.wallId);
    if (!snap || !wall) return null;
    const yaw = snap.rotation[1];
    const off = wall.thickness / 2 + WALL_GAP_M;
    face = {
      wallId: wall.id, levelId: level.id, normal: [Math.sin(yaw), Math.cos(yaw)], distance: 0, base, height: wall.height, start: wall.start, end: wall.end,
      point: [snap.position[0] - Math.sin(yaw) * off, snap.position[1], snap.position[2] - Math.cos(yaw) * off],
    };
  }
  const [nx, nz] = face.normal;
  // Along the wall, to the right as one faces it (the item's +X when its +Z is the face normal).
  const tx = nz, tz = -nx;
  const along = (x: number, z: number) => (x - face.start[0]) * tx + (z - face.start[1]) * tz;
  const aStart = along(face.start[0], face.start[1]);
  const aEnd = along(face.end[0], face.end[1]);
  const uMin = Math.min(aStart, aEnd), uMax = Math.max(aStart, aEnd);
  const half = input.size.width / 2, hh = input.size.height / 2;
  const clamp = (v: number, lo: number, hi: number) => (lo > hi ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
  let u = clamp(along(face.point[0], face.point[2]) + input.grab.u, uMin + half, uMax - half);
  let y = clamp(face.point[1] + input.grab.y, face.base + hh, face.base + face.height - hh);

  // The face's plane point for (u, y): on the wall line, pushed off the surface.
  // How far the hit face is from the wall's centre line, plus the gap items hang off it.
  const wallT = (face.point[0] - face.start[0]) * nx + (face.point[2] - face.start[1]) * nz + WALL_GAP_M;
  const world = (uu: number, yy: number): Vec3 => [face.start[0] + tx * uu + nx * wallT, yy, face.start[1] + tz * uu + nz * wallT];

  // Neighbours on this face, projected to (u, y).
  const boxes: { u0: number; u1: number; y0: number; y1: number }[] = [];
  for (const o of input.others) {
    let u0 = Infinity, u1 = -Infinity, a0 = Infinity, a1 = -Infinity;
    for (const x of [o.min[0], o.max[0]]) for (const z of [o.min[2], o.max[2]]) {
      const uu = along(x, z);
      const a = (x - face.start[0]) * nx + (z - face.start[1]) * nz - wallT;
      u0 = Math.min(u0, uu); u1 = Math.max(u1, uu); a0 = Math.min(a0, a); a1 = Math.max(a1, a);
    }
    if (a1 < -0.1 || a0 > ON_FACE_M || u1 < uMin || u0 > uMax) continue;
    boxes.push({ u0, u1, y0: o.min[1], y1: o.max[1] });
  }
  // Vertical guides (shared u) run from the neighbour to the item; horizontal ones likewise along u.
  const uTargets: Axis[] = [{ value: (uMin + uMax) / 2, guide: (at) => ({ from: world(at, face.base), to: world(at, face.base + face.height) }) }];
  const yTargets: Axis[] = [];
  for (const b of boxes) {
    for (const v of [b.u0, (b.u0 + b.u1) / 2, b.u1]) {
      uTargets.push({ value: v, guide: (at) => ({ from: world(at, Math.min(b.y0, y - hh)), to: world(at, Math.max(b.y1, y + hh)) }) });
    }
    for (const v of [b.y0, (b.y0 + b.y1) / 2, b.y1]) {
      yTargets.push({ value: v, guide: (at) => ({ from: world(Math.min(b.u0, u - half), at), to: world(Math.max(b.u1, u + half), at) }) });
    }
  }
  const su = snapAxis(u, half, half, uTargets);
  u += su.shift;
  const sy = snapAxis(y, hh, hh, yTargets);
  y += sy.shift;
  // Guides were made before the other axis moved; remake them at the final spot.
  const guides = [...snapAxis(u, half, half, uTargets).guides, ...snapAxis(y, hh, hh, yTargets).guides];
  return { position: world(u, y).map(round) as Vec3, rotation: [0, Math.atan2(nx, nz) + 0, 0], wallId: face.wallId, guides };
}

export interface FloorDragInput {
  ray: Ray3;
  /** The height the item's base stays at (it moves in x and z only). */
  y: number;
  /** The item's box around its position: how far it reaches each way in x and z. */
  extent: { minX: number; maxX: number; minZ: number; maxZ: number };
  /** Where the item's position sits from the grabbed floor point (x, z). */
  grab: { x: number; z: number };
  others: readonly Occupied[];
}

/**
 * A floor item dragged: its position follows the pointer on the floor (the horizontal plane at its
 * height), then its edges and centre snap to those of the items standing near it in x and z. Null
 * when the pointer is above the horizon.
 */
export function dragOnFloor(input: FloorDragInput): SurfaceMove | null {
  const hit = floorHit(input.ray, input.y);
  if (!hit) return null;
  let x = hit[0] + input.grab.x;
  let z = hit[2] + input.grab.z;
  const { minX, maxX, minZ, maxZ } = input.extent;
  const gy = input.y + 0.01;
  const near = input.others.filter((o) => o.max[1] > input.y - 0.05 && o.min[1] < input.y + 3 && Math.hypot((o.min[0] + o.max[0]) / 2 - x, (o.min[2] + o.max[2]) / 2 - z) < 8);
  const targets = (axis: 0 | 2): Axis[] => near.flatMap((o) => [o.min[axis], (o.min[axis] + o.max[axis]) / 2, o.max[axis]].map((value) => ({
    value,
    guide: (at: number): Guide => {
      // A line along the other axis, from the neighbour to the item, at the shared coordinate.
      const other = axis === 0 ? 2 : 0;
      const own = axis === 0 ? [z + minZ, z + maxZ] : [x + minX, x + maxX];
      const lo = Math.min(o.min[other], own[0]!), hi = Math.max(o.max[other], own[1]!);
      return axis === 0 ? { from: [at, gy, lo], to: [at, gy, hi] } : { from: [lo, gy, at], to: [hi, gy, at] };
    },
  })));
  // Edges and centre of the item relative to its position: snapAxis works on a centre and two reaches.
  const cx = x + (minX + maxX) / 2, hx = (maxX - minX) / 2;
  const cz = z + (minZ + maxZ) / 2, hz = (maxZ - minZ) / 2;
  const sx = snapAxis(cx, hx, hx, targets(0));
  x += sx.shift;
  const sz = snapAxis(cz, hz, hz, targets(2));
  z += sz.shift;
  const guides = [...snapAxis(x + (minX + maxX) / 2, hx, hx, targets(0)).guides, ...snapAxis(z + (minZ + maxZ) / 2, hz, hz, targets(2)).guides];
  return { position: [round(x), input.y, round(z)], rotation: null, wallId: null, guides };
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;
