import { Box3, BoxGeometry, Group, Mesh, MeshStandardMaterial, Vector3, type AnimationClip, type Object3D } from 'three';
import type { Model3d } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';

function placeholder(color: string, opacity: number): Mesh {
  const m = new Mesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial({ color, transparent: opacity < 1, opacity, roughness: 0.8 }));
  m.position.y = 0.5;
  m.name = 'placeholder';
  return m;
}

export function enableShadows(root: Object3D): void {
  root.traverse((o) => {
    if ((o as Mesh).isMesh) { o.castShadow = true; o.receiveShadow = true; }
  });
}

/** What arrived for a model: its scene (now inside the item's group) and its animation clips. */
export interface LoadedModel { scene: Object3D; animations: AnimationClip[] }

/** A glTF model; a faint box holds its place while loading and a visible magenta box if it fails. */
export function buildModel3d(m: Model3d, ctx: ItemContext, onLoaded?: (root: Object3D, loaded: LoadedModel) => void): Group {
  const group = new Group();
  tagItem(group, 'models3d', m, m.interactive);
  const loading = placeholder('#9aa4ad', 0.25);
  group.add(loading);
  const report = ctx.tracker.request();
  ctx.gltf()
    .loadAsync(ctx.resolveUri(m.modelUri), (e) => report(e.loaded, e.total))
    .then((gltf) => {
      group.remove(loading);
      enableShadows(gltf.scene);
      group.add(gltf.scene);
      onLoaded?.(group, { scene: gltf.scene, animations: gltf.animations });
    })
    .catch((err) => {
      group.remove(loading);
      group.add(placeholder('#d6336c', 1));
      ctx.warn('Failed to load 3D model', m.id, err);
    })
    .finally(() => ctx.tracker.itemDone());
  return group;
}

export function objectSize(o: Object3D): Vector3 {
  return new Box3().setFromObject(o).getSize(new Vector3());
}
