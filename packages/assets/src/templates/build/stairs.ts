import { LEVEL_HEIGHT_M } from '@atrium/shared/scene/units';
import { sideLine } from './room.ts';
import type { FloorInput, Room, StairsInput, WallInput } from './types.ts';

export type StairKind = 'Straight' | 'LLeft' | 'LRight' | 'ULeft' | 'URight';

export interface StairFit { width: number; stepCount: number; stepDepth: number; rise: number }
export const COMFORT_STAIRS: StairFit = { width: 1.2, stepCount: 21, stepDepth: 0.28, rise: LEVEL_HEIGHT_M };

/**
 * Stairs that arrive at an upper floor edge running along x at z = edgeZ, stepping off toward -Z
 * with the exit centred on x = exitX. Mirrors the engine's stair layout (foot faces local +Z, left
 * is +X; L and U turn on a square landing counted as one step).
 */
export function stairsToEdge(id: string, type: StairKind, exitX: number, edgeZ: number, fit: StairFit = COMFORT_STAIRS, extra: Partial<StairsInput> = {}): StairsInput {
  const { width: w, stepCount: n, stepDepth: d, rise } = fit;
  const first = Math.floor((n - 1) / 2);
  const rest = n - first - 1;
  let position: [number, number, number];
  let rotation: number;
  switch (type) {
    case 'Straight': position = [exitX, 0, edgeZ + n * d]; rotation = Math.PI; break;
    case 'ULeft': position = [exitX - w, 0, edgeZ - (first - rest) * d]; rotation = 0; break;
    case 'URight': position = [exitX + w, 0, edgeZ - (first - rest) * d]; rotation = 0; break;
    case 'LLeft': position = [exitX - first * d - w / 2, 0, edgeZ + w / 2 + rest * d]; rotation = Math.PI / 2; break;
    case 'LRight': position = [exitX + first * d + w / 2, 0, edgeZ + w / 2 + rest * d]; rotation = -Math.PI / 2; break;
  }
  return { id, type, position, rotation, width: w, stepCount: n, stepDepth: d, rise, ...extra };
}

export interface MezzanineOptions {
  depth: number;
  stairType: StairKind;
  exitX: number;
  floorMaterial?: string;
  stairMaterial?: string;
  railMaterial?: string;
  fit?: StairFit;
}

/**
 * A mezzanine along the room's north wall: a floor strip `depth` deep one level up, a 1.1 m
 * parapet along its edge with a gap where the stairs arrive, and the stairs on the level below.
 */
export function mezzanine(room: Room, o: MezzanineOptions): { floor: FloorInput; rails: WallInput[]; stairs: StairsInput } {
  const fit = o.fit ?? COMFORT_STAIRS;
  const x0 = room.cx - room.w / 2, x1 = room.cx + room.w / 2;
  const z0 = sideLine(room, 'north').start[1];
  const edge = z0 + o.depth;
  const gap0 = o.exitX - fit.width / 2 - 0.05, gap1 = o.exitX + fit.width / 2 + 0.05;
  const rail = (id: string, a: number, b: number): WallInput => ({
    id, start: [a, edge], end: [b, edge], thickness: 0.08, height: 1.1, materialId: o.railMaterial ?? 'white', openings: [],
  });
  const rails = [rail(`${room.id}-rail-w`, x0 + room.thickness / 2, gap0), rail(`${room.id}-rail-e`, gap1, x1 - room.thickness / 2)].filter(
    (r) => (r.end[0] as number) - (r.start[0] as number) > 0.2,
  );
  return {
    floor: { id: `${room.id}-mezzanine`, polygon: [[x0, z0], [x1, z0], [x1, edge], [x0, edge]], ...(o.floorMaterial ? { materialId: o.floorMaterial } : {}) },
    rails,
    stairs: stairsToEdge(`${room.id}-stairs`, o.stairType, o.exitX, edge, fit, o.stairMaterial ? { materialId: o.stairMaterial } : {}),
  };
}

/**
 * The plan-view box a staircase covers (same layout rules as the engine's stair builder), for
 * keeping furniture off the steps when laying out templates.
 */
export function stairsFootprint(s: { type?: StairKind; position: [number, number, number]; rotation?: number; width?: number; stepCount?: number; stepDepth?: number }): { x0: number; x1: number; z0: number; z1: number } {
  const w = s.width ?? 1.2, n = s.stepCount ?? 20, d = s.stepDepth ?? 0.3, type = s.type ?? 'Straight';
  const first = Math.floor((n - 1) / 2), rest = n - first - 1;
  const side = type === 'LLeft' || type === 'ULeft' ? 1 : -1;
  // Local boxes as [xmin, xmax, zmin, zmax]; +Z forward from the foot, +X left.
  const boxes: [number, number, number, number][] =
    type === 'Straight' ? [[-w / 2, w / 2, 0, n * d]]
      : type === 'LLeft' || type === 'LRight'
        ? [[-w / 2, w / 2, 0, first * d + w], side > 0 ? [w / 2, w / 2 + rest * d, first * d, first * d + w] : [-w / 2 - rest * d, -w / 2, first * d, first * d + w]]
        : [[-w / 2, w / 2, 0, first * d + w], side > 0 ? [w / 2, 1.5 * w, first * d - rest * d, first * d + w] : [-1.5 * w, -w / 2, first * d - rest * d, first * d + w]];
  const r = s.rotation ?? 0, c = Math.cos(r), sn = Math.sin(r);
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (const [a, b, e, f] of boxes) {
    for (const [lx, lz] of [[a, e], [a, f], [b, e], [b, f]] as const) {
      // three.js rotation about Y: x' = x cos + z sin, z' = -x sin + z cos.
      const x = s.position[0] + lx * c + lz * sn, z = s.position[2] - lx * sn + lz * c;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); z0 = Math.min(z0, z); z1 = Math.max(z1, z);
    }
  }
  return { x0, x1, z0, z1 };
}
