import { Group, Mesh, type Object3D } from 'three';
import { PLACED_ITEM_KINDS, type PlacedItem, type PlacedItemKind, type SceneDocument } from '@atrium/shared';
import { buildLevel } from '../builder/level.ts';
import { disposeObject } from '../core/dispose.ts';
import type { ItemContext } from '../items/context.ts';
import { ModelAnimations } from '../items/modelAnimation.ts';
import type { ProgressTracker } from '../loading/progress.ts';
import type { SurfaceMaterials } from '../render/materials.ts';
import { shareProgram } from '../render/programs.ts';
import { ITEM_ADAPTERS, moveInPlace, onlyTransformChanged, type AdapterHost, type ItemAdapter } from './adapters.ts';

export interface SceneContentOptions {
  tracker: ProgressTracker;
  materials: SurfaceMaterials;
  /** The item context for builds (texture loading, glTF loader, warnings). */
  context(): ItemContext;
  /** Something was built, moved or removed: the collider and the next frame are stale. */
  changed(): void;
  modelClips?(itemId: string, clips: readonly string[]): void;
  webViewAdded?(): void;
  /** Adapters per item kind; tests wrap them to count builds. */
  adapters?: readonly ItemAdapter[];
}

interface Build { adapter: ItemAdapter; key: string; items: PlacedItem[] }

/** What one `sync` did, for the coordinator (collider, interior cut, painting) and tests. */
export interface SyncResult { structure: boolean; built: number; moved: number; removed: number }

/**
 * The loaded scene as three.js objects: the building (levels, rebuilt when its levels or looks
 * change) and the placed items, one object per item or per instanced batch, keyed by id. `sync`
 * compares two documents by object identity (commands share every item they do not touch) and
 * builds, moves or disposes only the items that differ, so a playing video or a loaded model is left
 * alone by unrelated edits.
 */
export class SceneContent {
  readonly structure = new Group();
  readonly items = new Group();
  readonly modelAnimations = new ModelAnimations();
  #opts: SceneContentOptions;
  #adapters = new Map<PlacedItemKind, ItemAdapter>();
  /** id → object to pick, bound and select (the instanced mesh for batched items). */
  #objects = new Map<string, Object3D>();
  /** Built roots: `kind id` for single items, `kind key` for batches. */
  #roots = new Map<string, { obj: Object3D; ids: string[] }>();
  #animated = new Map<Object3D, (t: number, dt: number) => void>();
  #videos = new Set<HTMLVideoElement>();
  #doc: SceneDocument | null = null;
  #host: AdapterHost | null = null;

  constructor(options: SceneContentOptions) {
    this.#opts = options;
    this.structure.name = 'structure';
    this.items.name = 'items';
    for (const a of options.adapters ?? ITEM_ADAPTERS) this.#adapters.set(a.kind, a);
  }

  get document(): SceneDocument | null {
    return this.#doc;
  }

  /** Video elements on screens now (the media player sets their volume; a playing one keeps frames coming). */
  get videos(): ReadonlySet<HTMLVideoElement> {
    return this.#videos;
  }

  object(id: string): Object3D | undefined {
    return this.#objects.get(id);
  }

  findItem(kind: PlacedItemKind, id: string): PlacedItem | undefined {
    return (this.#doc?.[kind] as readonly PlacedItem[] | undefined)?.find((i) => i.id === id);
  }

  /** Brings the objects from `prev` (what is built now; null for nothing) to `next`. */
  sync(prev: SceneDocument | null, next: SceneDocument): SyncResult {
    this.#doc = next;
    this.#host = null;
    const result: SyncResult = { structure: false, built: 0, moved: 0, removed: 0 };
    const ps = prev?.customSpace, ns = next.customSpace;
    if (!prev || ps?.levels !== ns?.levels || ps?.materialOverrides !== ns?.materialOverrides) {
      this.#clearStructure();
      this.#buildStructure(next);
      result.structure = true;
    }
    const builds: Build[] = [];
    for (const kind of PLACED_ITEM_KINDS) {
      const before = (prev?.[kind] ?? []) as readonly PlacedItem[];
      const after = next[kind] as readonly PlacedItem[];
      if (before !== after) builds.push(...this.#syncKind(this.#adapters.get(kind)!, before, after, result));
    }
    // Every item to build is counted before the first build, so progress never looks complete halfway.
    this.#opts.tracker.addItems(builds.reduce((n, b) => n + b.items.length, 0));
    for (const b of builds) this.#build(b.adapter, b.key, b.items);
    result.built = builds.reduce((n, b) => n + b.items.length, 0);
    if (result.built + result.moved + result.removed > 0 || result.structure) this.#opts.changed();
    return result;
  }

  /** Advances what animates on its own (portal shimmer, info points bobbing). */
  tick(t: number, dt: number): void {
    for (const fn of this.#animated.values()) fn(t, dt);
  }

  clear(): void {
    for (const key of [...this.#roots.keys()]) this.#dispose(key);
    this.#clearStructure();
    this.#objects.clear();
    this.#animated.clear();
    this.modelAnimations.clear();
    this.#doc = null;
  }

  /** Moves and disposes what changed in one kind; returns the builds it needs. */
  #syncKind(adapter: ItemAdapter, before: readonly PlacedItem[], after: readonly PlacedItem[], result: SyncResult): Build[] {
    const old = new Map(before.map((i) => [i.id, i]));
    const keyOf = (i: PlacedItem) => `${adapter.kind} ${adapter.batchKey ? adapter.batchKey(i) : i.id}`;
    const rebuild = new Set<string>();
    const moved = new Map<string, PlacedItem>();
    for (const item of after) {
      const was = old.get(item.id);
      old.delete(item.id);
      if (was === item) continue;
      if (was && keyOf(was) === keyOf(item) && onlyTransformChanged(was, item)) { moved.set(item.id, item); continue; }
      rebuild.add(keyOf(item));
      if (was) rebuild.add(keyOf(was));
    }
    for (const gone of old.values()) { rebuild.add(keyOf(gone)); result.removed++; }
    const movedRoots = new Map<string, Map<string, PlacedItem>>();
    for (const item of moved.values()) {
      const key = keyOf(item);
      if (rebuild.has(key)) continue;
      const forRoot = movedRoots.get(key) ?? new Map<string, PlacedItem>();
      movedRoots.set(key, forRoot.set(item.id, item));
    }
    for (const [key, items] of movedRoots) {
      const root = this.#roots.get(key);
      if (root && moveInPlace(root.obj, items)) result.moved += items.size;
      else rebuild.add(key);
    }
    if (rebuild.size === 0) return [];
    const members = new Map<string, PlacedItem[]>();
    for (const item of after) {
      const key = keyOf(item);
      if (!rebuild.has(key)) continue;
      const list = members.get(key);
      if (list) list.push(item); else members.set(key, [item]);
    }
    const builds: Build[] = [];
    for (const key of rebuild) {
      this.#dispose(key);
      const items = members.get(key);
      if (items) builds.push({ adapter, key, items });
    }
    return builds;
  }

  #build(adapter: ItemAdapter, key: string, list: PlacedItem[]): void {
    const obj = adapter.build(list, this.#adapterHost());
    shareProgram(obj);
    const ids = list.map((i) => i.id);
    this.items.add(obj);
    this.#roots.set(key, { obj, ids });
    if (!adapter.batchKey) { this.#objects.set(ids[0]!, obj); return; }
    const wanted = new Set(ids);
    obj.traverse((o) => {
      const inner = (o.userData.instanceItems as string[] | undefined) ?? [];
      const tagged = (o.userData.item as { itemId?: string } | undefined)?.itemId;
      for (const id of tagged && !inner.length ? [tagged] : inner) {
        if (wanted.has(id) && !this.#objects.has(id)) this.#objects.set(id, o);
      }
    });
  }

  #dispose(key: string): void {
    const root = this.#roots.get(key);
    if (!root) return;
    this.#roots.delete(key);
    for (const id of root.ids) {
      this.#objects.delete(id);
      this.modelAnimations.remove(id);
    }
    root.obj.traverse((o) => {
      this.#animated.delete(o);
      (o as Object3D & { element?: HTMLElement }).element?.remove();
      const video = o.userData.video as HTMLVideoElement | undefined;
      if (video) {
        video.pause();
        video.removeAttribute('src');
        video.load();
        this.#videos.delete(video);
      }
    });
    disposeObject(root.obj);
    this.items.remove(root.obj);
  }

  #adapterHost(): AdapterHost {
    if (this.#host) return this.#host;
    const ctx = this.#opts.context();
    const tracker = this.#opts.tracker;
    this.#host = {
      ctx: { ...ctx, animate: (obj, fn) => this.#animated.set(obj, fn) },
      propMaterial: (id, tint) => this.#opts.materials.deferred(id, tint, tracker),
      modelLoaded: (id, obj, loaded) => {
        this.#opts.changed();
        // A model that finishes loading after its item was removed or rebuilt gets no mixer.
        if (this.#objects.get(id) !== obj) return;
        const m = this.#doc?.models3d.find((i) => i.id === id);
        this.modelAnimations.attach(id, loaded.scene, loaded.animations, { clip: m?.animationClip, autoplay: m?.autoplayAnimation ?? false, loop: m?.loopAnimation ?? true });
        this.#opts.modelClips?.(id, loaded.animations.map((c) => c.name));
      },
      webViewAdded: () => this.#opts.webViewAdded?.(),
      videoAdded: (el) => this.#videos.add(el),
    };
    return this.#host;
  }

  #buildStructure(doc: SceneDocument): void {
    const space = doc.customSpace;
    if (!space) return;
    for (const level of space.levels) {
      const levelGroup = new Group();
      levelGroup.name = `level:${level.id}`;
      for (const batch of buildLevel(level, space.materialOverrides)) {
        const mesh = new Mesh(batch.geometry, this.#opts.materials.forBatch(batch, this.#opts.tracker));
        mesh.name = `${batch.surface}:${batch.key}`;
        // Ceilings cast no sun shadow: they stand in for a lit room, not a lid that darkens it.
        mesh.castShadow = batch.surface === 'wall' || batch.surface === 'stairs';
        mesh.receiveShadow = batch.surface !== 'glass' && batch.surface !== 'shade';
        // Only what a visitor can walk into collides; trim, ceilings and shading stay out of the BVH.
        mesh.userData.collisions = batch.surface === 'trim' || batch.surface === 'ceiling' || batch.surface === 'shade' ? 'None' : 'Precise';
        if (batch.surface === 'shade') mesh.raycast = () => {};
        mesh.userData.sourceIds = batch.sourceIds;
        levelGroup.add(mesh);
      }
      shareProgram(levelGroup);
      this.structure.add(levelGroup);
    }
  }

  #clearStructure(): void {
    for (const child of [...this.structure.children]) {
      disposeObject(child);
      this.structure.remove(child);
    }
  }
}
