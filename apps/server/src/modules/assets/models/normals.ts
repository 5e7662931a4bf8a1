import type { Document } from '@gltf-transform/core';

/**
 * Smooth, area-weighted vertex normals for triangle primitives that have none (models exported
 * without normals render flat black). Runs after weld, so shared vertices average their faces;
 * glTF-Transform's own normals() is flat-only and would unweld the mesh.
 */
export function addMissingNormals(doc: Document): void {
  const buffer = doc.getRoot().listBuffers()[0];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION');
      if (!pos || prim.getAttribute('NORMAL') || prim.getMode() !== 4) continue;
      const count = pos.getCount();
      const idx = prim.getIndices();
      const n = idx ? idx.getCount() : count;
      const acc = new Float32Array(count * 3);
      const a = [0, 0, 0];
      const b = [0, 0, 0];
      const c = [0, 0, 0];
      for (let t = 0; t + 2 < n; t += 3) {
        const ia = idx ? idx.getScalar(t) : t;
        const ib = idx ? idx.getScalar(t + 1) : t + 1;
        const ic = idx ? idx.getScalar(t + 2) : t + 2;
        pos.getElement(ia, a);
        pos.getElement(ib, b);
        pos.getElement(ic, c);
        const ux = b[0]! - a[0]!, uy = b[1]! - a[1]!, uz = b[2]! - a[2]!;
        const vx = c[0]! - a[0]!, vy = c[1]! - a[1]!, vz = c[2]! - a[2]!;
        // The cross product's length is twice the triangle's area: bigger faces weigh more.
        const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        for (const i of [ia, ib, ic]) {
          acc[i * 3] = acc[i * 3]! + nx;
          acc[i * 3 + 1] = acc[i * 3 + 1]! + ny;
          acc[i * 3 + 2] = acc[i * 3 + 2]! + nz;
        }
      }
      for (let i = 0; i < count; i++) {
        const l = Math.hypot(acc[i * 3]!, acc[i * 3 + 1]!, acc[i * 3 + 2]!) || 1;
        acc[i * 3] = acc[i * 3]! / l;
        acc[i * 3 + 1] = acc[i * 3 + 1]! / l;
        acc[i * 3 + 2] = acc[i * 3 + 2]! / l;
        if (acc[i * 3] === 0 && acc[i * 3 + 1] === 0 && acc[i * 3 + 2] === 0) acc[i * 3 + 1] = 1;
      }
      const normal = doc.createAccessor().setType('VEC3').setArray(acc);
      if (buffer) normal.setBuffer(buffer);
      prim.setAttribute('NORMAL', normal);
    }
  }
}
