import { Euler, Matrix4, Quaternion, Vector3, type InstancedMesh, type Material, type Object3D } from 'three';
import type { PlacedItem, PlacedItemKind, Prop, Picture } from '@atrium/shared';
import type { ItemContext } from '../items/context.ts';
import { buildModel3d, type LoadedModel } from '../items/models.ts';
import { buildPictures } from '../items/pictures.ts';
import { buildInfoPoint, buildPortal } from '../items/portals.ts';
import { buildProps } from '../items/props.ts';
import { buildText3d } from '../items/texts.ts';
import { buildVideo } from '../items/videos.ts';
import { buildWebView } from '../items/webviews.ts';

/** What an adapter may ask of the scene beyond the item context. */
export interface AdapterHost {
  ctx: ItemContext;
  /** Library material for props, painted later with the structure's materials. */
  propMaterial?: (materialId: string, tint: string | undefined) => Material;
  /** A model finished loading (its mixer and clips are attached by the caller). */
  modelLoaded(id: string, obj: Object3D, loaded: LoadedModel): void;
  /** A web view needs the CSS3D layer. */
  webViewAdded(): void;
  /** A video element now plays on a screen. */
  videoAdded(el: HTMLVideoElement): void;
}

/**
 * How one kind of item becomes three.js objects. `batch` kinds are drawn instanced: items sharing
 * a key (same image, same prop look) are one build, so a changed item rebuilds only its batch;
 * every other kind is one object per item.
 */
export interface ItemAdapter {
  kind: PlacedItemKind;
  /** Items drawn together share a key; absent when each item is its own object. */
  batchKey?(item: PlacedItem): string;
  /** One object for one item (or, with `batchKey`, for every item of one batch). */
  build(items: readonly PlacedItem[], host: AdapterHost): Object3D;
}

function single(kind: PlacedItemKind, make: (item: PlacedItem, host: AdapterHost) => Object3D): ItemAdapter {
  return { kind, build: (items, host) => make(items[0]!, host) };
}

function collectVideo(obj: Object3D, host: AdapterHost): Object3D {
  const el = obj.userData.video as HTMLVideoElement | undefined;
  if (el) host.videoAdded(el);
  return obj;
}

export const ITEM_ADAPTERS: readonly ItemAdapter[] = [
  {
    kind: 'pictures',
    // One batch: every image is a layer of shared texture arrays, so a rebuild reloads nothing.
    batchKey: () => 'all',
    build: (items, host) => buildPictures(items as Picture[], host.ctx),
  },
  single('texts3d', (t, host) => buildText3d(t as never, host.ctx)),
  single('models3d', (m, host) => {
    const group = buildModel3d(m as never, host.ctx, (_root, loaded) => host.modelLoaded(m.id, group, loaded));
    return group;
  }),
  single('portals', (p, host) => buildPortal(p as never, host.ctx)),
  single('infoPoints', (p, host) => buildInfoPoint(p as never, host.ctx)),
  single('videos', (v, host) => collectVideo(buildVideo(v as never, 'videos', host.ctx), host)),
  single('liveVideos', (v, host) => collectVideo(buildVideo(v as never, 'liveVideos', host.ctx), host)),
  single('webViews3d', (w, host) => { host.webViewAdded(); return buildWebView(w as never, host.ctx); }),
  {
    kind: 'props',
    // A prop with its own model is its own object; library props with one look are instanced together.
    batchKey: (p) => { const prop = p as Prop; return prop.modelUri ? `model:${prop.id}` : `${prop.propId}|${prop.tint ?? ''}|${prop.collisions}`; },
    build: (items, host) => buildProps(items as Prop[], host.ctx, host.propMaterial),
  },
];

const TRANSFORM_KEYS = new Set(['position', 'rotation', 'scale']);

/** Only position, rotation or scale differ (other fields are shared by identity, as commands keep them). */
export function onlyTransformChanged(prev: PlacedItem, next: PlacedItem): boolean {
  const a = prev as unknown as Record<string, unknown>, b = next as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!TRANSFORM_KEYS.has(k) && a[k] !== b[k]) return false;
  return true;
}

export function placementOf(item: PlacedItem): Matrix4 {
  return new Matrix4().compose(new Vector3(...item.position), new Quaternion().setFromEuler(new Euler(...item.rotation)), new Vector3(...item.scale));
}

/**
 * Moves items in place inside a built object: an instanced mesh rewrites the moved instances from
 * `userData.instanceLocal` (the part's matrix relative to the item), a tagged object takes the
 * transform. False when an instance cannot be placed this way and the batch must be rebuilt.
 */
export function moveInPlace(root: Object3D, moved: ReadonlyMap<string, PlacedItem>): boolean {
  let ok = true;
  const m = new Matrix4();
  root.traverse((o) => {
    const ids = o.userData.instanceItems as string[] | undefined;
    if (ids) {
      const inst = o as InstancedMesh;
      const local = o.userData.instanceLocal as Matrix4[] | undefined;
      let touched = false;
      ids.forEach((id, i) => {
        const item = moved.get(id);
        if (!item) return;
        if (!local?.[i]) { ok = false; return; }
        inst.setMatrixAt(i, m.multiplyMatrices(placementOf(item), local[i]));
        touched = true;
      });
      if (touched) { inst.instanceMatrix.needsUpdate = true; inst.computeBoundingBox(); inst.computeBoundingSphere(); }
      return;
    }
    const tag = o.userData.item as { itemId: string } | undefined;
    const item = tag && !o.userData.instanceItems ? moved.get(tag.itemId) : undefined;
    if (item) {
      o.position.fromArray(item.position);
      o.rotation.set(item.rotation[0], item.rotation[1], item.rotation[2]);
      o.scale.fromArray(item.scale);
    }
  });
  return ok;
}
