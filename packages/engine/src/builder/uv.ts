import type { BufferGeometry } from 'three';

/**
 * Replaces per-face 0..1 UVs with world-metre UVs picked by each vertex normal's dominant axis,
 * so a tiling material keeps the same texel size on a 1 m wall stub and a 12 m wall.
 */
export function applyWorldUVs(geometry: BufferGeometry, metresPerRepeat = 1): void {
  const pos = geometry.getAttribute('position');
  const nor = geometry.getAttribute('normal');
  const uv = geometry.getAttribute('uv');
  if (!pos || !nor || !uv) return;
  for (let i = 0; i < pos.count; i++) {
    const nx = Math.abs(nor.getX(i)), ny = Math.abs(nor.getY(i)), nz = Math.abs(nor.getZ(i));
    const x = pos.getX(i), y = pos.getY(i), z = pos.getZ(i);
    let u: number, v: number;
    if (ny >= nx && ny >= nz) { u = x; v = z; }
    else if (nx >= nz) { u = z; v = y; }
    else { u = x; v = y; }
    uv.setXY(i, u / metresPerRepeat, v / metresPerRepeat);
  }
  uv.needsUpdate = true;
}
