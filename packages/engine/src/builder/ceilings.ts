import { Shape, ShapeGeometry, Vector2, type BufferGeometry } from 'three';
import type { Ceiling } from '@atrium/shared';
import { applyWorldUVs } from './uv.ts';

/**
 * A flat ceiling at `elevation + height`, facing down whatever the polygon's winding. It has no
 * back face on purpose: seen from above (overviews, the orbit camera) it is culled and the room
 * stays visible; raycasts from above pass through it too.
 */
export function buildCeilingGeometry(ceiling: Ceiling, elevation = 0): BufferGeometry {
  // Shape space (x, z) rotated +90° about X lands on world (x, 0, z) with the shape's +Z normal
  // turned to -Y; ShapeGeometry winds its triangles counter-clockwise in shape space either way.
  const g = new ShapeGeometry(new Shape(ceiling.polygon.map(([x, z]) => new Vector2(x, z))));
  g.rotateX(Math.PI / 2);
  g.translate(0, elevation + ceiling.height, 0);
  applyWorldUVs(g);
  return g;
}

/** Even-odd point-in-polygon test in the XZ plane. */
export function insidePolygon(x: number, z: number, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, zi] = polygon[i]!, [xj, zj] = polygon[j]!;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}
