import type { BufferGeometry} from 'three';
import {
  BoxGeometry, Color, ConeGeometry, CylinderGeometry, Group, InstancedMesh, Matrix4, Mesh,
  MeshStandardMaterial, Quaternion, SphereGeometry, Vector3, Euler,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Prop } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';
import { buildModel3d } from './models.ts';

interface PropShape { geometry: BufferGeometry; color: string; roughness: number }

const part = (g: BufferGeometry, x: number, y: number, z: number) => g.translate(x, y, z);

function merge(parts: BufferGeometry[]): BufferGeometry {
  const flat = parts.map((p) => (p.index ? p.toNonIndexed() : p));
  const g = mergeGeometries(flat.map((p) => { p.deleteAttribute('uv'); return p; }));
  parts.forEach((p) => p.dispose());
  return g;
}

// Built-in props are primitives so a furnished room loads with zero downloads.
const BUILT_IN: Record<string, () => PropShape> = {
  bench: () => ({
    geometry: merge([part(new BoxGeometry(1.6, 0.08, 0.45), 0, 0.45, 0), part(new BoxGeometry(0.08, 0.45, 0.4), -0.7, 0.225, 0), part(new BoxGeometry(0.08, 0.45, 0.4), 0.7, 0.225, 0)]),
    color: '#6b4a2f', roughness: 0.7,
  }),
  pedestal: () => ({ geometry: merge([part(new BoxGeometry(0.5, 1, 0.5), 0, 0.5, 0)]), color: '#f4f4f2', roughness: 0.5 }),
  plant: () => ({
    geometry: merge([part(new CylinderGeometry(0.2, 0.15, 0.4, 16), 0, 0.2, 0), part(new SphereGeometry(0.35, 16, 12), 0, 0.75, 0), part(new ConeGeometry(0.25, 0.6, 12), 0, 1.1, 0)]),
    color: '#4f7a3a', roughness: 0.9,
  }),
  table: () => ({
    geometry: merge([part(new BoxGeometry(1.2, 0.05, 0.7), 0, 0.75, 0), ...[[-0.55, -0.3], [0.55, -0.3], [-0.55, 0.3], [0.55, 0.3]].map(([x, z]) => part(new BoxGeometry(0.05, 0.73, 0.05), x!, 0.365, z!))]),
    color: '#8a6a4a', roughness: 0.6,
  }),
  crate: () => ({ geometry: merge([part(new BoxGeometry(0.6, 0.6, 0.6), 0, 0.3, 0)]), color: '#a0785a', roughness: 0.9 }),
};

export function propShape(propId: string): PropShape {
  return (BUILT_IN[propId] ?? BUILT_IN.crate!)();
}

function matrixOf(p: Prop): Matrix4 {
  return new Matrix4().compose(new Vector3(...p.position), new Quaternion().setFromEuler(new Euler(...p.rotation)), new Vector3(...p.scale));
}

/**
 * Props sharing a built-in shape and tint become one InstancedMesh (one draw call for a hundred
 * chairs). Picking maps instanceId back through `userData.instanceItems`.
 */
export function buildProps(props: readonly Prop[], ctx: ItemContext): Group {
  const root = new Group();
  root.name = 'props';
  const groups = new Map<string, Prop[]>();
  for (const p of props) {
    if (p.modelUri) {
      root.add(buildModel3d({ ...p, modelUri: p.modelUri, autoplayAnimation: false, interactive: false }, ctx));
      continue;
    }
    const key = `${p.propId}|${p.tint ?? ''}|${p.collisions}`;
    const list = groups.get(key) ?? [];
    list.push(p);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    const first = list[0]!;
    const shape = propShape(first.propId);
    const mat = new MeshStandardMaterial({ color: new Color(shape.color).multiply(new Color(first.tint ?? '#ffffff')), roughness: shape.roughness });
    if (list.length === 1) {
      const mesh = new Mesh(shape.geometry, mat);
      mesh.castShadow = mesh.receiveShadow = true;
      tagItem(mesh, 'props', first, false);
      root.add(mesh);
    } else {
      const inst = new InstancedMesh(shape.geometry, mat, list.length);
      list.forEach((p, i) => inst.setMatrixAt(i, matrixOf(p)));
      inst.instanceMatrix.needsUpdate = true;
      inst.computeBoundingSphere();
      inst.castShadow = inst.receiveShadow = true;
      inst.name = `props:${first.propId}`;
      inst.userData.instanceItems = list.map((p) => p.id);
      inst.userData.item = { itemId: first.id, kind: 'props', collisions: first.collisions, activatable: false };
      root.add(inst);
    }
    list.forEach(() => ctx.tracker.itemDone());
  }
  return root;
}
