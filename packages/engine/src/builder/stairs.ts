import type { BufferGeometry} from 'three';
import { BoxGeometry, Matrix4, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Stairs } from '@atrium/shared';
import { applyWorldUVs } from './uv.ts';

/** An axis-aligned block in stairs-local space: x across, y up from the foot, z forward. */
export interface StairBlock { x: number; z: number; sx: number; sz: number; top: number }

/**
 * Local layout for every stairs type. Facing +Z from the foot, "left" is +X. Each step is a
 * solid block from the ground up to its tread so the underside is closed and the player collides
 * with a staircase, not floating slabs. An L or U turns on one square landing counted as a step.
 */
export function stairBlocks(s: Stairs): StairBlock[] {
  const n = s.stepCount;
  const riser = s.rise / n;
  const d = s.stepDepth;
  const w = s.width;
  const top = (i: number) => (i + 1) * riser;
  const blocks: StairBlock[] = [];
  if (s.type === 'Straight') {
    for (let i = 0; i < n; i++) blocks.push({ x: 0, z: i * d + d / 2, sx: w, sz: d, top: top(i) });
    return blocks;
  }
  const first = Math.floor((n - 1) / 2);
  for (let i = 0; i < first; i++) blocks.push({ x: 0, z: i * d + d / 2, sx: w, sz: d, top: top(i) });
  const flightEnd = first * d;
  const side = s.type === 'LLeft' || s.type === 'ULeft' ? 1 : -1;
  const rest = n - first - 1;
  if (s.type === 'LLeft' || s.type === 'LRight') {
    blocks.push({ x: 0, z: flightEnd + w / 2, sx: w, sz: w, top: top(first) });
    for (let j = 0; j < rest; j++) {
      blocks.push({ x: side * (w / 2 + j * d + d / 2), z: flightEnd + w / 2, sx: d, sz: w, top: top(first + 1 + j) });
    }
  } else {
    // U: the landing spans both flights; the second flight runs back alongside the first.
    blocks.push({ x: (side * w) / 2, z: flightEnd + w / 2, sx: 2 * w, sz: w, top: top(first) });
    for (let j = 0; j < rest; j++) {
      blocks.push({ x: side * w, z: flightEnd - j * d - d / 2, sx: w, sz: d, top: top(first + 1 + j) });
    }
  }
  return blocks;
}

export function stairsFrame(s: Stairs, elevation = 0): Matrix4 {
  return new Matrix4()
    .makeRotationY(s.rotation)
    .setPosition(new Vector3(s.position[0], elevation + s.position[1], s.position[2]));
}

export function buildStairsGeometry(s: Stairs, elevation = 0): BufferGeometry {
  const frame = stairsFrame(s, elevation);
  const boxes = stairBlocks(s).map((b) => {
    const g = new BoxGeometry(b.sx, b.top, b.sz);
    g.translate(b.x, b.top / 2, b.z);
    return g.applyMatrix4(frame);
  });
  const merged = mergeGeometries(boxes);
  boxes.forEach((b) => b.dispose());
  applyWorldUVs(merged);
  return merged;
}
