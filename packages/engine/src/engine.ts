import { Scene, type Object3D } from 'three';
import { migrateSceneDocument, type SceneDocument, type Vec3 } from '@atrium/shared';
import { Emitter } from './core/emitter.ts';
import type { EngineOptions, StartupSettings } from './core/options.ts';
import { buildAndStream, clearParts, createParts, disposeParts, updateParts, type EngineParts } from './engineParts.ts';
import { QUALITY, type FilteringMode, type QualityPreset } from './core/quality.ts';
import { createStore, type Store } from './core/store.ts';
import type { CameraMode, EngineEvents, EngineMode, EngineState, Lifecycle } from './core/types.ts';
import type { EditScope } from './editor/command.ts';
import type { ModelAnimationInfo } from './items/modelAnimation.ts';
import { mapInfo, type MapInfo } from './map.ts';
import type { TourPlayer } from './tours.ts';
import type { AvatarLayer } from './avatars/layer.ts';
import { clickAction } from './scene/clicks.ts';
import type { PickHit } from './scene/selection.ts';

export type { EngineOptions, StartupSettings } from './core/options.ts';

const LIFECYCLE_ORDER: Lifecycle[] = ['created', 'ready', 'configured', 'readyForModeChange', 'modeSet', 'readyForInput'];

/**
 * The coordinator of the 3D runtime: lifecycle, the state store, events and modes. The work is
 * done by its parts (README "Parts"): Viewport, InputController, CameraRig, Environment,
 * MediaPlayer, SceneContent, Selection, Portals. UI code reads it through `subscribe`/`getState`
 * and typed events and drives it through methods; nothing here knows about React.
 */
export class Engine {
  readonly events = new Emitter<EngineEvents>();
  readonly store: Store<EngineState>;
  readonly tours: TourPlayer;
  /** Other visitors' avatars and the visitor's own; fed by the web app's realtime client. */
  readonly avatars: AvatarLayer;
  readonly scene = new Scene();
  readonly parts: EngineParts;
  #mobile: boolean;
  #loadToken = 0;
  #modelsMoving = false;
  #clickOverride: ((clientX: number, clientY: number) => boolean) | null = null;

  constructor(options: EngineOptions) {
    const mobile = this.#mobile = options.mobile ?? (typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches);
    const quality = options.quality ?? (mobile ? 'Medium' : 'High');
    const store = this.store = createStore<EngineState>({
      lifecycle: 'created', mode: null, cameraMode: 'orbit', selection: [],
      progress: { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 },
      quality, filtering: options.filtering ?? 'Medium', tour: null, pointerLocked: false, fullyLoaded: false,
    });
    this.scene.name = 'atrium';
    const parts = this.parts = createParts({
      store, events: this.events, scene: this.scene, container: options.container, mobile, antialias: QUALITY[quality].antialias,
      resolveUri: (u) => (options.resolveUri ? options.resolveUri(u) : u), transcoderPath: options.transcoderPath, texts: options.texts,
      click: (x, y, center, additive) => this.#click(x, y, center, additive),
      teleport: (p, r) => this.teleport(p, r),
      setCameraMode: (m) => this.setCameraMode(m),
    });
    this.tours = parts.tours;
    this.avatars = parts.avatars;
    this.#applyQuality();
    parts.viewport.start({
      quality: () => store.getState().quality,
      update: (dt, t) => { this.#modelsMoving = updateParts(parts, this.store.getState().cameraMode, dt, t); },
      onDemand: () => store.getState().mode === 'editor' || !store.getState().fullyLoaded,
      animating: () => parts.rig.travelling || parts.avatars.root.children.length > 0 || parts.media.videoPlaying() || this.#modelsMoving,
      firstFrame: () => { this.#setLifecycle('ready'); this.events.emit('ready', { lifecycle: 'ready' }); },
      // Before the first document and while one loads; an edit's texture on its way keeps the editor sharp.
      preview: () => !store.getState().fullyLoaded && (!parts.tracker.complete || !parts.content.document),
    });
  }

  get renderer() { return this.parts.viewport.renderer; }
  get camera() { return this.parts.rig.camera; }

  // ---------- lifecycle ----------

  /** Resolves once the engine has drawn its first frame ("reports ready", spec §4). */
  whenReady(): Promise<void> {
    if (this.store.getState().lifecycle !== 'created') return Promise.resolve();
    return new Promise((resolve) => this.events.once('ready', () => resolve()));
  }

  /** Applies startup settings: fonts, quality, then shader prewarm (skipped on mobile). */
  async configure(settings: StartupSettings = {}): Promise<void> {
    await this.whenReady();
    if (settings.quality) this.setQuality(settings.quality);
    if (settings.filtering) this.setFiltering(settings.filtering);
    await this.parts.assets.loadFonts(settings.fonts ?? []);
    if ((settings.prewarmShaders ?? true) && !this.#mobile) await this.parts.viewport.compile();
    this.#setLifecycle('configured');
    this.#setLifecycle('readyForModeChange');
  }

  /** Sets editor, viewer or inspector mode; input is attached once a mode is set. */
  setMode(mode: EngineMode): void {
    const previous = this.store.getState().mode;
    if (LIFECYCLE_ORDER.indexOf(this.store.getState().lifecycle) < LIFECYCLE_ORDER.indexOf('readyForModeChange')) this.#setLifecycle('readyForModeChange');
    this.store.setState({ mode });
    this.#setLifecycle('modeSet');
    this.setCameraMode(mode === 'viewer' ? 'player' : 'orbit');
    if (mode === 'viewer') this.select([]);
    this.parts.input.keyboard.enabled = true;
    this.events.emit('modeChanged', { mode, previous });
    this.#setLifecycle('readyForInput');
  }

  getState(): EngineState { return this.store.getState(); }
  subscribe<T>(selector: (s: EngineState) => T, listener: (value: T, previous: T) => void): () => void { return this.store.subscribe(selector, listener); }
  on<K extends keyof EngineEvents>(name: K, listener: (payload: EngineEvents[K]) => void): () => void { return this.events.on(name, listener); }

  // ---------- document ----------

  /**
   * Loads any known version of a scene document: resolves once the space is built, and it shows untextured on the next frame;
   * then textures, sky, models and pictures stream in with byte/item progress (README "The flow of a load"), drawn at
   * preview resolution, and `loaded` once all are drawn in full; what is out of view compiles after that.
   */
  async load(input: unknown): Promise<SceneDocument> {
    let doc: SceneDocument;
    try {
      doc = migrateSceneDocument(input);
    } catch (err) {
      this.events.emit('error', { message: (err as Error).message, cause: err });
      throw err;
    }
    clearParts(this.parts);
    this.parts.view.clear();
    const token = ++this.#loadToken;
    this.store.setState({ fullyLoaded: false, selection: [] });
    const current = () => token === this.#loadToken;
    buildAndStream(this.parts, doc, current, new Promise((resolve) => this.events.once('loaded', () => setTimeout(resolve, 0))));
    this.events.emit('documentChanged', { document: doc });
    return doc;
  }

  getDocument(): SceneDocument | null { return this.parts.content.document; }

  /**
   * Shows an edited document without reloading the world: SceneContent rebuilds, moves or removes
   * only the items and levels whose objects changed; the sky redoes only when its URI changed.
   */
  applyEdit(doc: SceneDocument, scopes: readonly EditScope[]): void {
    const previous = this.parts.content.document;
    if (scopes.includes('document') || !previous) { void this.load(doc); return; }
    const synced = this.parts.content.sync(previous, doc);
    if (synced.structure) this.parts.view.apply();
    if (synced.built) this.parts.media.applyVolume();
    if (previous.customSpace?.skyUri !== doc.customSpace?.skyUri) this.parts.environment.changeSky(doc);
    this.parts.environment.applySurroundings(doc);
    this.parts.rig.setSpawn(doc.startingPosition, doc.startingRotation, false);
    // A material chosen in the editor (a wallpaper, brick) starts flat like at load; paint it now.
    const token = this.#loadToken;
    if (synced.structure || synced.built) void this.parts.materials.loadPending(this.parts.tracker, () => token === this.#loadToken);
    this.select(this.store.getState().selection);
    this.parts.viewport.redraw.invalidate();
    this.events.emit('documentChanged', { document: doc });
  }

  // ---------- camera, view and selection (see CameraRig, Selection) ----------

  /** Pauses camera navigation while an editor tool (gizmo drag, box selection) owns the pointer. */
  setNavigationEnabled(enabled: boolean): void { this.parts.rig.orbit.enabled = enabled && this.store.getState().cameraMode === 'orbit'; }
  /** Where the camera stands (feet) and looks ([pitch, yaw, 0]): tour points and entry point "from here". */
  getCameraPose(): { position: Vec3; rotation: Vec3 } { return this.parts.rig.pose(); }
  /** Feet position in player mode, the camera position otherwise. */
  getPlayerPosition(): Vec3 { return this.parts.rig.position(this.store.getState().cameraMode); }
  /** Moves the viewer instantly. `position` is where the feet go; rotation is [pitch, yaw, 0]. */
  teleport(position: Vec3, rotation?: Vec3): void { this.parts.rig.teleport(position, rotation, this.store.getState().cameraMode); }

  setCameraMode(cameraMode: CameraMode): void {
    const prev = this.store.getState().cameraMode;
    const doc = this.parts.content.document;
    this.parts.rig.setMode(cameraMode, prev, { position: doc?.startingPosition ?? [0, 0, 0], rotation: doc?.startingRotation ?? [0, 0, 0] });
    this.parts.input.cameraModeChanged(cameraMode);
    this.store.setState({ cameraMode });
    if (prev !== cameraMode) this.events.emit('cameraModeChanged', { cameraMode });
  }

  /** Plan-view data for a Map sidebar: bounds, walls per level and the player marker. */
  getMapInfo(): MapInfo | null {
    const doc = this.parts.content.document;
    return doc ? mapInfo(doc, this.getPlayerPosition(), this.parts.rig.pose().rotation[1]) : null;
  }

  /** Interior view of a level (index into the document's levels; see LevelView); null shows the whole building. */
  setInteriorView(levelIndex: number | null): void { this.parts.view.setInterior(levelIndex); }
  /** The level the interior view looks into, or null in exterior view. */
  get interiorLevel(): number | null { return this.parts.view.level; }

  /** Orbit framing for the interior/exterior toggle: the whole building, or down into one level. */
  frameView(levelIndex: number | null): void {
    if (this.store.getState().cameraMode !== 'orbit') this.setCameraMode('orbit');
    this.parts.view.frame(levelIndex);
  }

  /** Lets an editor tool take plain clicks on the canvas: when `handler` returns true the click does not select. */
  setClickOverride(handler: ((clientX: number, clientY: number) => boolean) | null): void { this.#clickOverride = handler; }

  /** Brings a plan point into view: the orbit camera circles it, fly and player cameras go there. */
  focusOn(point: Vec3): void {
    if (this.store.getState().cameraMode !== 'orbit') { this.teleport(point); return; }
    this.parts.view.focus(point);
  }

  /** Asks for a frame in on-demand rendering (editor mode), after a change the engine cannot see. */
  invalidate(): void { this.parts.viewport.redraw.invalidate(); }
  /** The item (or structure) under a screen point, ignoring what the interior view cuts away. */
  pickAt(clientX: number, clientY: number): PickHit | null { return this.parts.selection.pickAt(clientX, clientY); }

  /** World-space bounds of an item as drawn (for the inspection tool's size in metres). */
  itemBoundsOf(id: string): { min: Vec3; max: Vec3 } | null {
    if (!this.parts.content.object(id)) return null;
    this.scene.updateMatrixWorld(true);
    const box = this.parts.selection.bounds(id);
    return box.isEmpty() ? null : { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 };
  }

  select(ids: readonly string[]): void {
    const selection = this.parts.selection.show(ids);
    this.store.setState({ selection });
    this.parts.viewport.redraw.invalidate();
    this.events.emit('selectionChanged', { selection });
  }

  getItemObject(id: string): Object3D | undefined { return this.parts.content.object(id); }
  /** A placed model's animation clips and playback; null until it has loaded (or when it failed to). */
  getModelAnimation(id: string): ModelAnimationInfo | null { return this.parts.content.modelAnimations.info(id); }
  /** Which terrain and ambient sound are in effect (for tests and the demo page). */
  getEnvironment(): { terrain: string; ambientSoundUri: string | null; ambientLevel: number } { return this.parts.environment.describe(); }

  // ---------- settings ----------

  setQuality(quality: QualityPreset): void {
    this.store.setState({ quality });
    this.#applyQuality();
  }

  setFiltering(filtering: FilteringMode): void {
    this.store.setState({ filtering });
    this.parts.assets.refilter();
    this.parts.materials.setAnisotropy(this.parts.assets.anisotropy());
    this.parts.viewport.redraw.invalidate();
  }

  /**
   * Viewer "render quality" (a 0.25..1 scale on the preset's pixel ratio) and "target framerate"
   * (frames per second, 0 = display rate, null = the preset's own). `onDemand` (default true) lets
   * editor mode skip frames when nothing changed; false draws every frame (for comparisons).
   */
  setRenderOptions(options: { renderScale?: number; targetFps?: number | null; onDemand?: boolean }): void {
    this.parts.viewport.setOptions(options);
    this.#applyQuality();
  }

  /** Master volume 0..1 for tour audio, videos and ambient sound; 0 mutes. */
  setVolume(volume: number): void { this.parts.media.setVolume(volume); }
  /** Draw calls and triangles of the last frame, for the profiler overlay and tests. */
  getStats(): { drawCalls: number; triangles: number; frames: number } { return this.parts.viewport.stats(); }

  /** Tears everything down: loop, listeners, GPU resources, DOM. The instance is dead afterwards. */
  unload(): void {
    if (this.store.getState().lifecycle === 'unloaded') return;
    disposeParts(this.parts);
    this.#setLifecycle('unloaded');
    this.events.clear();
  }

  // ---------- internals ----------
  #click(x: number, y: number, center: boolean, additive: boolean): void {
    if (!center && this.#clickOverride?.(x, y)) return;
    const action = clickAction(this.parts.selection.pick(x, y, center), center, additive, { ...this.store.getState(), mobile: this.#mobile }, {
      video: (id) => this.parts.content.object(id)?.userData.video as HTMLVideoElement | undefined,
      item: (ref) => this.parts.content.findItem(ref.kind, ref.id),
    });
    if (action.kind === 'select') this.select(action.ids);
    else if (action.kind === 'toggleVideo') { if (action.video.paused) action.video.play().catch(() => {}); else action.video.pause(); }
    else if (action.kind === 'activate') this.events.emit('itemActivated', action.item);
    else if (action.kind === 'lockPointer') this.parts.input.requestPointerLock();
  }

  #applyQuality(): void {
    const quality = this.store.getState().quality;
    this.parts.viewport.applyQuality(quality);
    this.parts.environment.applyQuality(QUALITY[quality]);
  }

  #setLifecycle(lifecycle: Lifecycle): void {
    if (this.store.getState().lifecycle === lifecycle) return;
    this.store.setState({ lifecycle });
    this.events.emit('lifecycleChanged', { lifecycle });
  }
}
