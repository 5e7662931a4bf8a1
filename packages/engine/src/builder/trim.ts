import type { BufferGeometry } from 'three';
import { BoxGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Opening, Wall } from '@atrium/shared';
import { applyWorldUVs } from './uv.ts';
import { wallFrame, wallLength } from './walls.ts';

/** Skirting board: height and how far it stands proud of each wall face (metres). */
export const SKIRTING = { height: 0.11, depth: 0.015, minWallHeight: 1.2 } as const;
/** Architraves round doors and windows: face width and projection; mullions split wide windows. */
export const FRAME = { width: 0.07, depth: 0.025, mullion: 0.05, mullionEvery: 1.6 } as const;

/** Runs along the wall (u0..u1 from `start`) whose base is solid: everything but door-like openings. */
export function solidBaseSpans(wall: Wall, minSill = SKIRTING.height): [number, number][] {
  const length = wallLength(wall);
  const gaps = wall.openings
    .filter((o) => o.sill < minSill)
    .map((o) => [Math.max(0, o.offset - o.width / 2), Math.min(length, o.offset + o.width / 2)] as const)
    .sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  let u = 0;
  for (const [g0, g1] of gaps) {
    if (g0 - u > 0.02) spans.push([u, g0]);
    u = Math.max(u, g1);
  }
  if (length - u > 0.02) spans.push([u, length]);
  return spans;
}

// A box in wall-local space (u along, y up, w across the wall centred on its axis).
function box(u0: number, u1: number, y0: number, y1: number, thickness: number): BoxGeometry {
  const g = new BoxGeometry(u1 - u0, y1 - y0, thickness);
  g.translate((u0 + u1) / 2, (y0 + y1) / 2, 0);
  return g;
}

function frameBoxes(o: Opening, wall: Wall, length: number): BoxGeometry[] {
  const fw = FRAME.width;
  const through = wall.thickness + 2 * FRAME.depth;
  const u0 = Math.max(0, o.offset - o.width / 2), u1 = Math.min(length, o.offset + o.width / 2);
  const y0 = o.sill, y1 = Math.min(wall.height, o.sill + o.height);
  const top = Math.min(wall.height, y1 + fw);
  const bottom = o.kind === 'window' ? Math.max(0, y0 - fw) : 0;
  const out: BoxGeometry[] = [];
  // Jambs stop at the wall ends so a frame never pokes out past a corner.
  if (u0 - fw >= 0) out.push(box(u0 - fw, u0, bottom, top, through));
  if (u1 + fw <= length) out.push(box(u1, u1 + fw, bottom, top, through));
  if (top - y1 > 0.01) out.push(box(Math.max(0, u0 - fw), Math.min(length, u1 + fw), y1, top, through));
  if (o.kind === 'window') {
    if (y0 - bottom > 0.01) out.push(box(Math.max(0, u0 - fw), Math.min(length, u1 + fw), bottom, y0, through + 0.03));
    // Glazing bars: a wide pane reads as a window, not a hole, once it is divided.
    const panes = Math.max(1, Math.round((u1 - u0) / FRAME.mullionEvery));
    for (let i = 1; i < panes; i++) {
      const u = u0 + ((u1 - u0) * i) / panes;
      out.push(box(u - FRAME.mullion / 2, u + FRAME.mullion / 2, y0, y1, 0.07));
    }
  }
  return out;
}

/** Step (metres) at which a wall's base is probed for floor beside it. */
const PROBE_STEP = 0.5;

/** Keeps the parts of `spans` where `floorBeside(u)` holds, probed every PROBE_STEP along the wall. */
function withFloor(spans: [number, number][], floorBeside: (u: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (const [u0, u1] of spans) {
    const n = Math.max(1, Math.ceil((u1 - u0) / PROBE_STEP));
    let start: number | null = null;
    for (let i = 0; i < n; i++) {
      const a = u0 + ((u1 - u0) * i) / n, b = u0 + ((u1 - u0) * (i + 1)) / n;
      const on = floorBeside((a + b) / 2);
      if (on && start === null) start = a;
      if (!on && start !== null) { out.push([start, a]); start = null; }
    }
    if (start !== null) out.push([start, u1]);
  }
  return out;
}

/**
 * Skirting boards along the solid base of a wall (both faces: an outer wall gets a plinth) and
 * frames round its doors and windows, as one geometry in level space; null when there is nothing.
 * `floorBeside(u)` says whether there is floor next to the wall `u` metres from its start; where
 * there is none (an upper storey's wall running past a double-height void) it gets no skirting.
 */
export function buildWallTrim(wall: Wall, elevation = 0, floorBeside?: (u: number) => boolean): BufferGeometry | null {
  const length = wallLength(wall);
  // Parapets, rails and stage fronts are not rooms' walls: no skirting on them.
  const solid = wall.height >= SKIRTING.minWallHeight ? solidBaseSpans(wall) : [];
  const skirted = floorBeside ? withFloor(solid, floorBeside) : solid;
  const parts: BufferGeometry[] = skirted.map(([u0, u1]) => box(u0, u1, 0, SKIRTING.height, wall.thickness + 2 * SKIRTING.depth));
  for (const o of wall.openings) parts.push(...frameBoxes(o, wall, length));
  if (!parts.length) return null;
  const frame = wallFrame(wall, elevation);
  parts.forEach((p) => p.applyMatrix4(frame));
  const merged = parts.length === 1 ? parts[0]! : mergeGeometries(parts);
  if (parts.length > 1) parts.forEach((p) => p.dispose());
  applyWorldUVs(merged);
  return merged;
}
