import { Group, PerspectiveCamera, Scene, Texture, type Object3D } from 'three';
import { migrateSceneDocument, type PlacedItemKind, type SceneDocument, type Vec3 } from '@atrium/shared';
import { Emitter } from '../core/emitter.ts';
import { createStore, type Store } from '../core/store.ts';
import type { CameraMode, EngineEvents, EngineState } from '../core/types.ts';
import type { EditScope } from '../editor/command.ts';
import { History } from '../editor/history.ts';
import { EditorTools, type EditorHost } from '../editor/tools.ts';
import type { ItemContext } from '../items/context.ts';
import { PictureLayers } from '../loading/pictureLayers.ts';
import { ProgressTracker } from '../loading/progress.ts';
import { SurfaceMaterials } from '../render/materials.ts';
import { ITEM_ADAPTERS, type ItemAdapter } from '../scene/adapters.ts';
import { interiorCut, type InteriorCut } from '../scene/interiorCut.ts';
import { SceneContent, type SyncResult } from '../scene/sceneContent.ts';
import { Selection, type PickHit } from '../scene/selection.ts';
import { FakeCanvas, FakeVideo, ensureWindow } from './fakeDom.ts';

export const VIEW_WIDTH = 800;
export const VIEW_HEIGHT = 600;

/**
 * The engine without a browser: the document, SceneContent (real three.js objects and adapters),
 * picking and selection, with no WebGL renderer, textures that never download and a glTF loader
 * that answers with an empty model. Editor tools and commands run on it unchanged, so edits are
 * unit-tested in milliseconds. `builds` counts adapter build calls per kind; `videos` lists every
 * video element made.
 */
export class HeadlessEngine implements EditorHost {
  readonly events = new Emitter<EngineEvents>();
  readonly store: Store<EngineState>;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(60, VIEW_WIDTH / VIEW_HEIGHT, 0.05, 2000);
  readonly renderer: { readonly domElement: HTMLElement };
  readonly content: SceneContent;
  readonly selection: Selection;
  readonly builds = new Map<PlacedItemKind, number>();
  readonly videos: FakeVideo[] = [];
  readonly warnings: string[] = [];
  /** Picture images: "decoded" at once to a stand-in of the layer's size (no GPU upload without a renderer). */
  readonly pictureLayers = new PictureLayers({
    layerSize: () => 512,
    decode: (_uri, size) => Promise.resolve({ width: size, height: size, close() {} } as unknown as ImageBitmap),
  });
  /** What the last `applyEdit` or `load` did. */
  lastSync: SyncResult | null = null;
  #cut: InteriorCut | null = null;
  #clickOverride: ((x: number, y: number) => boolean) | null = null;
  #navigation = true;
  #invalidations = 0;

  constructor() {
    ensureWindow();
    this.renderer = { domElement: new FakeCanvas(VIEW_WIDTH, VIEW_HEIGHT) as unknown as HTMLElement };
    this.store = createStore<EngineState>({
      lifecycle: 'readyForInput', mode: 'editor', cameraMode: 'orbit', selection: [],
      progress: { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 },
      quality: 'Medium', filtering: 'Medium', tour: null, pointerLocked: false, fullyLoaded: false,
    });
    const tracker = new ProgressTracker(() => {});
    const adapters: ItemAdapter[] = ITEM_ADAPTERS.map((a) => ({
      ...a,
      build: (items, host) => {
        this.builds.set(a.kind, (this.builds.get(a.kind) ?? 0) + 1);
        return a.build(items, host);
      },
    }));
    this.content = new SceneContent({ tracker, materials: new SurfaceMaterials(), context: () => this.#context(tracker), changed: () => this.invalidate(), adapters });
    this.selection = new Selection({
      camera: this.camera, roots: () => [this.content.items, this.content.structure], objectOf: (id) => this.content.object(id),
      rect: () => ({ left: 0, top: 0, width: VIEW_WIDTH, height: VIEW_HEIGHT }), cutHeight: () => this.#cut?.height ?? Infinity,
    });
    this.scene.add(this.content.structure, this.content.items, this.selection.helpers);
  }

  /** Adapter build calls since the last reset, all kinds together. */
  get buildCount(): number {
    let n = 0;
    for (const v of this.builds.values()) n += v;
    return n;
  }

  get invalidations(): number {
    return this.#invalidations;
  }

  get navigationEnabled(): boolean {
    return this.#navigation;
  }

  resetCounts(): void {
    this.builds.clear();
  }

  load(input: unknown): SceneDocument {
    const doc = migrateSceneDocument(input);
    this.content.clear();
    this.lastSync = this.content.sync(null, doc);
    this.scene.updateMatrixWorld(true);
    return doc;
  }

  getDocument(): SceneDocument | null {
    return this.content.document;
  }

  applyEdit(doc: SceneDocument, scopes: readonly EditScope[]): void {
    const prev = this.content.document;
    if (scopes.includes('document') || !prev) { this.load(doc); return; }
    this.lastSync = this.content.sync(prev, doc);
    this.select(this.store.getState().selection);
  }

  getState(): EngineState { return this.store.getState(); }
  subscribe<T>(selector: (s: EngineState) => T, listener: (value: T, previous: T) => void): () => void { return this.store.subscribe(selector, listener); }
  invalidate(): void { this.#invalidations++; }
  setClickOverride(handler: ((x: number, y: number) => boolean) | null): void { this.#clickOverride = handler; }
  setNavigationEnabled(enabled: boolean): void { this.#navigation = enabled; }
  setInteriorView(levelIndex: number | null): void { this.#cut = interiorCut(this.content.document?.customSpace?.levels ?? [], levelIndex); }
  get interiorLevel(): number | null { return this.#cut?.levelIndex ?? null; }
  frameView(): void { /* framing moves a camera nobody sees */ }

  /** A plain click as the browser engine sees it: a tool may take it, otherwise it selects. */
  click(x: number, y: number, additive = false): void {
    if (this.#clickOverride?.(x, y)) return;
    const hit = this.selection.pick(x, y, false);
    const id = hit ? Selection.idOf(hit) : null;
    const current = this.store.getState().selection;
    if (!id) { if (!additive) this.select([]); return; }
    this.select(additive ? (current.includes(id) ? current.filter((s) => s !== id) : [...current, id]) : [id]);
  }

  pickAt(clientX: number, clientY: number): PickHit | null {
    this.scene.updateMatrixWorld(true);
    return this.selection.pickAt(clientX, clientY);
  }

  itemBoundsOf(id: string): { min: Vec3; max: Vec3 } | null {
    if (!this.content.object(id)) return null;
    this.scene.updateMatrixWorld(true);
    const box = this.selection.bounds(id);
    return box.isEmpty() ? null : { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 };
  }

  select(ids: readonly string[]): void {
    const selection = this.selection.show(ids);
    this.store.setState({ selection });
    this.events.emit('selectionChanged', { selection });
  }

  setCameraMode(cameraMode: CameraMode): void {
    this.store.setState({ cameraMode });
  }

  /** Points the camera from `eye` at `target` (for picking and placement tests). */
  lookAt(eye: Vec3, target: Vec3): void {
    this.camera.position.set(...eye);
    this.camera.lookAt(...target);
    this.camera.updateMatrixWorld(true);
  }

  getItemObject(id: string): Object3D | undefined {
    return this.content.object(id);
  }

  #context(tracker: ProgressTracker): ItemContext {
    return {
      tracker,
      resolveUri: (u) => u,
      loadTexture: () => Promise.resolve(new Texture()),
      pictureLayers: this.pictureLayers,
      gltf: () => ({ loadAsync: () => Promise.resolve({ scene: new Group(), animations: [] }) }) as unknown as ReturnType<ItemContext['gltf']>,
      warn: (message, itemId) => { this.warnings.push(`${message} (${itemId})`); },
      animate: () => {},
      canUseDom: false,
      createVideo: () => {
        const video = new FakeVideo();
        this.videos.push(video);
        return video as unknown as HTMLVideoElement;
      },
    };
  }
}

/** A headless engine with a document, its history and the editor tools wired as the web app does. */
export function headlessEditor(input: unknown): { engine: HeadlessEngine; history: History; tools: EditorTools } {
  const engine = new HeadlessEngine();
  const doc = engine.load(input);
  const history = new History(doc);
  const tools = new EditorTools(engine, history);
  return { engine, history, tools };
}
