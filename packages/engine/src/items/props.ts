import {
  BoxGeometry, Color, EdgesGeometry, Euler, Group, InstancedMesh, LineBasicMaterial, LineSegments, Matrix4, Mesh,
  MeshStandardMaterial, Quaternion, Vector3, type Material,
} from 'three';
import { getProp } from '@atrium/assets';
import { buildProp } from '@atrium/assets/three';
import type { Prop } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';
import { buildModel3d } from './models.ts';

const WHITE = new Color('#ffffff');

function matrixOf(p: Prop): Matrix4 {
  return new Matrix4().compose(new Vector3(...p.position), new Quaternion().setFromEuler(new Euler(...p.rotation)), new Vector3(...p.scale));
}

/** A 0.5 m magenta box with dark edges: obviously "something is missing here", never mistaken for content. */
export function propPlaceholder(): Group {
  const group = new Group();
  const box = new BoxGeometry(0.5, 0.5, 0.5).translate(0, 0.25, 0);
  const mesh = new Mesh(box, new MeshStandardMaterial({ color: '#ff2bd6', roughness: 0.6, emissive: '#3a0030' }));
  mesh.castShadow = mesh.receiveShadow = true;
  const edges = new LineSegments(new EdgesGeometry(box), new LineBasicMaterial({ color: '#1b1b1b' }));
  group.add(mesh, edges);
  group.userData.placeholder = true;
  return group;
}

/**
 * Library props (`@atrium/assets` recipes) built once per propId + tint. A prop used once is that
 * group; a prop used many times becomes one InstancedMesh per part look, so a hundred chairs cost
 * two or three draw calls. Picking maps instanceId back through `userData.instanceItems`.
 */
export function buildProps(
  props: readonly Prop[],
  ctx: ItemContext,
  makeMaterial?: (materialId: string, tint: string | undefined) => Material,
): Group {
  const root = new Group();
  root.name = 'props';
  const groups = new Map<string, Prop[]>();
  const materialCache = new Map<string, Material>();
  for (const p of props) {
    if (p.modelUri) {
      root.add(buildModel3d({ ...p, modelUri: p.modelUri, autoplayAnimation: false, loopAnimation: false, interactive: false }, ctx));
      continue;
    }
    const key = `${p.propId}|${p.tint ?? ''}|${p.collisions}`;
    const list = groups.get(key) ?? [];
    list.push(p);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    const first = list[0]!;
    if (getProp(first.propId) === undefined) {
      ctx.warn(`Unknown prop "${first.propId}"; showing a placeholder`, first.id);
      for (const p of list) root.add(tagItem(propPlaceholder(), 'props', p, false));
      list.forEach(() => ctx.tracker.itemDone());
      continue;
    }
    const template = buildProp(first.propId, { tint: first.tint, materialCache, ...(makeMaterial ? { makeMaterial } : {}) });
    if (list.length === 1) {
      tagItem(template, 'props', first, false);
      root.add(template);
    } else {
      const holder = new Group();
      holder.name = `props:${first.propId}`;
      const matrices = list.map(matrixOf);
      for (const part of template.children as Mesh[]) {
        part.updateMatrix();
        const inst = new InstancedMesh(part.geometry, part.material, list.length);
        matrices.forEach((m, i) => inst.setMatrixAt(i, new Matrix4().multiplyMatrices(m, part.matrix)));
        // White per-instance colours change nothing drawn but give repeated props the program of
        // the picture frames (instanced with colours), one shader compile fewer (render/programs.ts).
        for (let i = 0; i < list.length; i++) inst.setColorAt(i, WHITE);
        inst.instanceMatrix.needsUpdate = true;
        inst.computeBoundingBox();
        inst.computeBoundingSphere();
        inst.castShadow = part.castShadow;
        inst.receiveShadow = part.receiveShadow;
        inst.name = `props:${first.propId}:${part.name || holder.children.length}`;
        inst.userData.instanceItems = list.map((p) => p.id);
        inst.userData.instanceLocal = list.map(() => part.matrix);
        inst.userData.item = { itemId: first.id, kind: 'props', collisions: first.collisions, activatable: false };
        holder.add(inst);
      }
      root.add(holder);
    }
    list.forEach(() => ctx.tracker.itemDone());
  }
  return root;
}
