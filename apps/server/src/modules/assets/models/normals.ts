import type { Document, Primitive } from '@gltf-transform/core';

/**
 * Smooth, area-weighted vertex normals of a triangle primitive. Vertices no triangle touches point up.
 */
function smoothNormals(prim: Primitive): Float32Array<ArrayBuffer> {
  const pos = prim.getAttribute('POSITION')!;
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
    const l = Math.hypot(acc[i * 3]!, acc[i * 3 + 1]!, acc[i * 3 + 2]!);
    if (!(l > 0) || !Number.isFinite(l)) acc.set([0, 1, 0], i * 3);
    else acc.set([acc[i * 3]! / l, acc[i * 3 + 1]! / l, acc[i * 3 + 2]! / l], i * 3);
  }
  return acc;
}

const isTriangles = (prim: Primitive) => prim.getMode() === 4 && !!prim.getAttribute('POSITION');

/**
 * Smooth vertex normals for triangle primitives that have none (models exported without normals
 * render flat black). Runs after weld, so shared vertices average their faces; glTF-Transform's own
 * normals() is flat-only and would unweld the mesh.
 */
export function addMissingNormals(doc: Document): void {
  const buffer = doc.getRoot().listBuffers()[0];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      if (!isTriangles(prim) || prim.getAttribute('NORMAL')) continue;
      const normal = doc.createAccessor().setType('VEC3').setArray(smoothNormals(prim));
      if (buffer) normal.setBuffer(buffer);
      prim.setAttribute('NORMAL', normal);
    }
  }
}

/** How far a normal's length may be from 1 before glTF calls it invalid (the validator's tolerance). */
const UNIT_TOLERANCE = 0.0005;

/**
 * Makes every normal a unit vector, as glTF requires: zero or broken ones (OBJ files carry
 * `vn 0 0 0`) take the surface's smooth normal at that vertex, others are rescaled.
 */
export function repairNormals(doc: Document): void {
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const normal = prim.getAttribute('NORMAL');
      if (!normal || !prim.getAttribute('POSITION')) continue;
      const count = normal.getCount();
      const out = new Float32Array(count * 3);
      const v = [0, 0, 0];
      let smooth: Float32Array<ArrayBuffer> | null | undefined;
      let repaired = false;
      for (let i = 0; i < count; i++) {
        normal.getElement(i, v);
        const l = Math.hypot(v[0]!, v[1]!, v[2]!);
        if (!(Math.abs(l - 1) <= UNIT_TOLERANCE)) {
          repaired = true;
          if (l > 1e-6 && Number.isFinite(l)) v.splice(0, 3, v[0]! / l, v[1]! / l, v[2]! / l);
          else {
            if (smooth === undefined) smooth = isTriangles(prim) ? smoothNormals(prim) : null;
            v.splice(0, 3, ...(smooth ? smooth.subarray(i * 3, i * 3 + 3) : [0, 1, 0]));
          }
        }
        out.set(v, i * 3);
      }
      if (!repaired) continue;
      // A new float accessor: the old one may be shared with another primitive, or quantised.
      const fixed = doc.createAccessor(normal.getName()).setType('VEC3').setArray(out).setBuffer(normal.getBuffer());
      prim.setAttribute('NORMAL', fixed);
      if (normal.listParents().every((p) => p === doc.getRoot())) normal.dispose();
    }
  }
}
