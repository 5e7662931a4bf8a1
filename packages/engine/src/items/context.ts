import type { Object3D, Texture } from 'three';
import type { CollisionMode, PlacedItem, PlacedItemKind } from '@atrium/shared';
import type { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { PictureLayers } from '../loading/pictureLayers.ts';
import type { ProgressTracker } from '../loading/progress.ts';
import type { EngineTexts } from '../core/options.ts';

/** What item builders need from the engine, kept narrow so builders stay testable. */
export interface ItemContext {
  tracker: ProgressTracker;
  resolveUri(uri: string): string;
  loadTexture(uri: string): Promise<Texture>;
  /** Picture images as texture-array layers, kept for the loaded document (pictures batch on them). */
  pictureLayers: PictureLayers;
  gltf(): GLTFLoader;
  warn(message: string, itemId: string, cause?: unknown): void;
  /** Per-frame hook for things that animate (portals shimmer, info points bob). */
  animate(obj: Object3D, fn: (t: number, dt: number) => void): void;
  canUseDom: boolean;
  /** Host-language text painted into the scene (see EngineOptions.texts). */
  texts?: (() => EngineTexts) | undefined;
  /** Makes the element a video screen plays; the headless harness passes a stand-in. */
  createVideo?: () => HTMLVideoElement;
}

export interface ItemTag { itemId: string; kind: PlacedItemKind; collisions: CollisionMode; activatable: boolean }

export function tagItem(obj: Object3D, kind: PlacedItemKind, item: PlacedItem, activatable: boolean): Object3D {
  obj.name = `${kind}:${item.id}`;
  obj.userData.item = { itemId: item.id, kind, collisions: item.collisions, activatable } satisfies ItemTag;
  obj.position.fromArray(item.position);
  obj.rotation.set(item.rotation[0], item.rotation[1], item.rotation[2]);
  obj.scale.fromArray(item.scale);
  return obj;
}

export function itemTagOf(obj: Object3D | null): ItemTag | null {
  for (let o = obj; o; o = o.parent) {
    const tag = o.userData.item as ItemTag | undefined;
    if (tag) return tag;
  }
  return null;
}
