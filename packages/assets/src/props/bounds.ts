import type { CollisionBox, PropPart, PropRecipe, Vec3 } from './types.ts';

/** Points whose box bounds the primitive before its transform: box corners, or arc samples for a torus. */
function localPoints(p: PropPart): Vec3[] {
  if (p.shape === 'torus') {
    // Sample the arc so a partial ring (a sagging rope) gets a tight box, not a full circle.
    const arc = p.arc ?? Math.PI * 2;
    const pts: Vec3[] = [];
    for (let i = 0; i <= 32; i++) {
      const a = (arc * i) / 32;
      for (const r of [p.radius - p.tube, p.radius + p.tube]) for (const z of [-p.tube, p.tube]) pts.push([Math.cos(a) * r, Math.sin(a) * r, z]);
    }
    return pts;
  }
  const [lo, hi] = localExtent(p);
  return Array.from({ length: 8 }, (_, c): Vec3 => [c & 1 ? hi[0] : lo[0], c & 2 ? hi[1] : lo[1], c & 4 ? hi[2] : lo[2]]);
}

/** The primitive's own extent before its transform: [min, max] corners (torus: full ring). */
function localExtent(p: PropPart): [Vec3, Vec3] {
  switch (p.shape) {
    case 'box': return [[-p.size[0] / 2, -p.size[1] / 2, -p.size[2] / 2], [p.size[0] / 2, p.size[1] / 2, p.size[2] / 2]];
    case 'cylinder': {
      const r = Math.max(p.radiusTop, p.radiusBottom);
      return [[-r, -p.height / 2, -r], [r, p.height / 2, r]];
    }
    case 'sphere': return [[-p.radius, -p.radius, -p.radius], [p.radius, p.radius, p.radius]];
    case 'cone': return [[-p.radius, -p.height / 2, -p.radius], [p.radius, p.height / 2, p.radius]];
    case 'torus': {
      const r = p.radius + p.tube;
      return [[-r, -r, -p.tube], [r, r, p.tube]];
    }
    case 'capsule': {
      const h = p.length / 2 + p.radius;
      return [[-p.radius, -h, -p.radius], [p.radius, h, p.radius]];
    }
    case 'lathe': {
      const r = Math.max(...p.points.map((q) => q[0]));
      const ys = p.points.map((q) => q[1]);
      return [[-r, Math.min(...ys), -r], [r, Math.max(...ys), r]];
    }
  }
}

/** Euler XYZ rotation (three.js default order) applied to a vector. */
function rotate(v: Vec3, [rx, ry, rz]: Vec3): Vec3 {
  let [x, y, z] = v;
  // Intrinsic XYZ = extrinsic Z, then Y, then X applied to the vector in reverse: R = Rx·Ry·Rz.
  [x, y] = [x * Math.cos(rz) - y * Math.sin(rz), x * Math.sin(rz) + y * Math.cos(rz)];
  [x, z] = [x * Math.cos(ry) + z * Math.sin(ry), -x * Math.sin(ry) + z * Math.cos(ry)];
  [y, z] = [y * Math.cos(rx) - z * Math.sin(rx), y * Math.sin(rx) + z * Math.cos(rx)];
  return [x, y, z];
}

/**
 * The prop's axis-aligned box in prop space, from its parts (corner-transformed, so slightly
 * generous for rotated round parts). Good for Simple collisions, selection boxes and placement.
 */
export function propBounds(recipe: Pick<PropRecipe, 'parts'>): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity], max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const part of recipe.parts) {
    const s = part.scale ?? [1, 1, 1];
    const pos = part.position ?? [0, 0, 0];
    for (const q of localPoints(part)) {
      const w = rotate([q[0] * s[0], q[1] * s[1], q[2] * s[2]], part.rotation ?? [0, 0, 0]);
      for (let k = 0; k < 3; k++) {
        const v = w[k]! + pos[k]!;
        if (v < min[k]!) min[k] = v;
        if (v > max[k]!) max[k] = v;
      }
    }
  }
  return { min, max };
}

/** Collision box for a prop, or null for walk-through props (rugs, hanging lights). */
export function propCollisionBox(recipe: PropRecipe): CollisionBox | null {
  if (recipe.collision === 'none') return null;
  if (recipe.collisionBox) return recipe.collisionBox;
  const { min, max } = propBounds(recipe);
  return {
    center: [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2],
    size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]],
  };
}
