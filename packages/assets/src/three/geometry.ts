import {
  BoxGeometry, CapsuleGeometry, ConeGeometry, CylinderGeometry, Euler, LatheGeometry, Matrix4, Quaternion,
  SphereGeometry, TorusGeometry, Vector2, Vector3, type BufferGeometry,
} from 'three';
import type { PropPart } from '../props/types.ts';

/** The primitive for a part, before its transform. Segment counts stay modest: props come in dozens. */
export function partGeometry(p: PropPart): BufferGeometry {
  switch (p.shape) {
    case 'box': return new BoxGeometry(p.size[0], p.size[1], p.size[2]);
    case 'cylinder': return new CylinderGeometry(p.radiusTop, p.radiusBottom, p.height, p.segments ?? 16);
    case 'sphere': return new SphereGeometry(p.radius, p.segments ?? 16, Math.max(8, Math.round((p.segments ?? 16) * 0.75)));
    case 'cone': return new ConeGeometry(p.radius, p.height, p.segments ?? 16);
    case 'torus': return new TorusGeometry(p.radius, p.tube, 8, p.segments ?? 32, p.arc ?? Math.PI * 2);
    case 'capsule': return new CapsuleGeometry(p.radius, p.length, 4, 12);
    case 'lathe': return new LatheGeometry(p.points.map(([r, y]) => new Vector2(r, y)), p.segments ?? 24);
  }
}

export function partMatrix(p: PropPart): Matrix4 {
  const r = p.rotation ?? [0, 0, 0];
  return new Matrix4().compose(
    new Vector3(...(p.position ?? [0, 0, 0])),
    new Quaternion().setFromEuler(new Euler(r[0], r[1], r[2])),
    new Vector3(...(p.scale ?? [1, 1, 1])),
  );
}

/**
 * Replaces per-primitive 0..1 UVs with metre UVs projected on each vertex normal's dominant axis
 * (as the room builder does for walls), so a library material's repeatMeters gives the same
 * grain or weave size on a chair leg and on a sofa.
 */
export function applyMetreUVs(g: BufferGeometry): void {
  const pos = g.getAttribute('position'), nor = g.getAttribute('normal'), uv = g.getAttribute('uv');
  if (!pos || !nor || !uv) return;
  for (let i = 0; i < pos.count; i++) {
    const nx = Math.abs(nor.getX(i)), ny = Math.abs(nor.getY(i)), nz = Math.abs(nor.getZ(i));
    const x = pos.getX(i), y = pos.getY(i), z = pos.getZ(i);
    if (ny >= nx && ny >= nz) uv.setXY(i, x, z);
    else if (nx >= nz) uv.setXY(i, z, y);
    else uv.setXY(i, x, y);
  }
  uv.needsUpdate = true;
}

/** Transformed, non-indexed geometry with position/normal/uv only, so any parts can be merged. */
export function bakedPartGeometry(p: PropPart): BufferGeometry {
  const g = partGeometry(p);
  g.applyMatrix4(partMatrix(p));
  const flat = g.index ? g.toNonIndexed() : g;
  if (flat !== g) g.dispose();
  for (const name of Object.keys(flat.attributes)) if (!['position', 'normal', 'uv'].includes(name)) flat.deleteAttribute(name);
  applyMetreUVs(flat);
  return flat;
}
