import { BoxGeometry, BufferGeometry, Matrix4, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Opening, Wall } from '@atrium/shared';
import { applyWorldUVs } from './uv.ts';

/** A solid rectangle in wall-local coordinates: u along the wall from `start`, y up from the wall base. */
export interface WallPiece { u0: number; u1: number; y0: number; y1: number }

const EPS = 1e-6;

export function wallLength(wall: Wall): number {
  return Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
}

function openingSpan(o: Opening, length: number, height: number) {
  return {
    u0: Math.max(0, o.offset - o.width / 2),
    u1: Math.min(length, o.offset + o.width / 2),
    y0: Math.max(0, o.sill),
    y1: Math.min(height, o.sill + o.height),
  };
}

/**
 * Splits a wall into solid rectangles around its openings (below sill, above lintel, between),
 * which is all a straight wall needs instead of CSG. Overlapping openings are handled by cutting
 * the wall into vertical strips at every opening edge and subtracting the union of holes per strip.
 */
export function wallPieces(wall: Wall): WallPiece[] {
  const length = wallLength(wall);
  const height = wall.height;
  const holes = wall.openings.map((o) => openingSpan(o, length, height)).filter((h) => h.u1 - h.u0 > EPS && h.y1 - h.y0 > EPS);
  const cuts = [...new Set([0, length, ...holes.flatMap((h) => [h.u0, h.u1])])].sort((a, b) => a - b);
  const pieces: WallPiece[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const u0 = cuts[i]!, u1 = cuts[i + 1]!;
    if (u1 - u0 < EPS) continue;
    const mid = (u0 + u1) / 2;
    const gaps = holes.filter((h) => h.u0 <= mid && mid <= h.u1).map((h) => [h.y0, h.y1] as const).sort((a, b) => a[0] - b[0]);
    let y = 0;
    for (const [g0, g1] of gaps) {
      if (g0 - y > EPS) pieces.push({ u0, u1, y0: y, y1: g0 });
      y = Math.max(y, g1);
    }
    if (height - y > EPS) pieces.push({ u0, u1, y0: y, y1: height });
  }
  return mergeStackedPieces(pieces);
}

// Adjacent strips with the same vertical extent become one box: fewer triangles, same look.
function mergeStackedPieces(pieces: WallPiece[]): WallPiece[] {
  const out: WallPiece[] = [];
  for (const p of pieces) {
    const prev = out.find((q) => Math.abs(q.u1 - p.u0) < EPS && Math.abs(q.y0 - p.y0) < EPS && Math.abs(q.y1 - p.y1) < EPS);
    if (prev) prev.u1 = p.u1;
    else out.push({ ...p });
  }
  return out;
}

/** Matrix taking wall-local (u along, y up, w across thickness) to level space. */
export function wallFrame(wall: Wall, elevation: number): Matrix4 {
  const [sx, sz] = wall.start;
  const [ex, ez] = wall.end;
  const angle = Math.atan2(ez - sz, ex - sx);
  // Rotating about Y by -angle maps local +X onto the wall direction in XZ.
  return new Matrix4().makeRotationY(-angle).setPosition(new Vector3(sx, elevation, sz));
}

function pieceBox(p: WallPiece, thickness: number): BufferGeometry {
  const g = new BoxGeometry(p.u1 - p.u0, p.y1 - p.y0, thickness);
  g.translate((p.u0 + p.u1) / 2, (p.y0 + p.y1) / 2, 0);
  return g;
}

export function buildWallGeometry(wall: Wall, elevation = 0): BufferGeometry {
  const frame = wallFrame(wall, elevation);
  const boxes = wallPieces(wall).map((p) => pieceBox(p, wall.thickness).applyMatrix4(frame));
  const merged = boxes.length ? mergeGeometries(boxes) : new BufferGeometry();
  boxes.forEach((b) => b.dispose());
  applyWorldUVs(merged);
  return merged;
}

/** Thin panes filling window openings; doors stay open so the player can walk through. */
export function buildWindowGlass(wall: Wall, elevation = 0): BufferGeometry | null {
  const length = wallLength(wall);
  const frame = wallFrame(wall, elevation);
  const panes = wall.openings
    .filter((o) => o.kind === 'window')
    .map((o) => pieceBox(openingSpan(o, length, wall.height), Math.min(0.02, wall.thickness / 4)).applyMatrix4(frame));
  if (!panes.length) return null;
  const merged = mergeGeometries(panes);
  panes.forEach((p) => p.dispose());
  return merged;
}
