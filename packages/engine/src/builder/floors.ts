import type { BufferGeometry} from 'three';
import { Shape, ShapeGeometry, Vector2 } from 'three';
import type { Floor } from '@atrium/shared';
import { applyWorldUVs } from './uv.ts';

/** A flat floor in the XZ plane at `elevation`, facing up whatever the polygon's winding. */
export function buildFloorGeometry(floor: Floor, elevation = 0): BufferGeometry {
  // Shape space (x, -z) rotated -90° about X lands back on world (x, 0, z) with +Y normals.
  const shape = new Shape(floor.polygon.map(([x, z]) => new Vector2(x, -z)));
  const g = new ShapeGeometry(shape);
  g.rotateX(-Math.PI / 2);
  g.translate(0, elevation, 0);
  applyWorldUVs(g);
  return g;
}
