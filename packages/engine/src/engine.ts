import { Box3, PerspectiveCamera, Scene, type Object3D } from 'three';
import { migrateSceneDocument, type SceneDocument, type Vec3 } from '@atrium/shared';
import { MediaPlayer } from './audio/mediaPlayer.ts';
import { AvatarLayer } from './avatars/layer.ts';
import { CameraRig } from './controls/cameraRig.ts';
import { InputController } from './controls/inputController.ts';
import { Emitter } from './core/emitter.ts';
import { QUALITY, type FilteringMode, type QualityPreset } from './core/quality.ts';
import { createStore, type Store } from './core/store.ts';
import type { CameraMode, EngineEvents, EngineMode, EngineState, Lifecycle } from './core/types.ts';
import type { EditScope } from './editor/command.ts';
import type { ModelAnimationInfo } from './items/modelAnimation.ts';
import { AssetLoader } from './loading/assetLoader.ts';
import { ProgressTracker } from './loading/progress.ts';
import { mapInfo, type MapInfo } from './map.ts';
import { Environment } from './render/environment.ts';
import { SurfaceMaterials } from './render/materials.ts';
import { Viewport } from './render/viewport.ts';
import { clickAction } from './scene/clicks.ts';
import { interiorCut, type InteriorCut } from './scene/interiorCut.ts';
import { Portals } from './scene/portals.ts';
import { SceneContent } from './scene/sceneContent.ts';
import { Selection } from './scene/selection.ts';
import { TourPlayer } from './tours.ts';

export interface EngineOptions {
  container: HTMLElement;
  quality?: QualityPreset;
  filtering?: FilteringMode;
  /** Maps a document URI (asset id, relative path) to a fetchable URL. Identity by default. */
  resolveUri?: (uri: string) => string;
  /** Folder holding basis_transcoder.js/.wasm for KTX2 textures. */
  transcoderPath?: string;
  /** Phones skip shader prewarm (spec §4) and get the touch joystick. Detected when omitted. */
  mobile?: boolean;
}

/** Spec §4 "startup settings": sent once fonts, shaders and the file path are known. */
export interface StartupSettings {
  fonts?: { family: string; uri: string }[];
  quality?: QualityPreset;
  filtering?: FilteringMode;
  prewarmShaders?: boolean;
}

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
  readonly viewport: Viewport;
  readonly rig: CameraRig;
  readonly input: InputController;
  readonly environment: Environment;
  readonly media: MediaPlayer;
  readonly content: SceneContent;
  readonly selection: Selection;
  #mobile: boolean;
  #tracker: ProgressTracker;
  #materials = new SurfaceMaterials();
  #portals: Portals;
  #assets: AssetLoader;
  #loadToken = 0;
  #modelsMoving = false;
  #clickOverride: ((clientX: number, clientY: number) => boolean) | null = null;
  #cut: InteriorCut | null = null;

  constructor(options: EngineOptions) {
    this.#mobile = options.mobile ?? (typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches);
    const quality = options.quality ?? (this.#mobile ? 'Medium' : 'High');
    const store = this.store = createStore<EngineState>({
      lifecycle: 'created', mode: null, cameraMode: 'orbit', selection: [],
      progress: { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 },
      quality, filtering: options.filtering ?? 'Medium', tour: null, pointerLocked: false, fullyLoaded: false,
    });
    const tracker = this.#tracker = new ProgressTracker((p) => {
      this.viewport?.redraw.invalidate(); // a texture, model or painted material arrived
      store.setState({ progress: p });
      this.events.emit('progress', p);
      if (tracker.complete && !store.getState().fullyLoaded && this.content?.document) {
        store.setState({ fullyLoaded: true });
        this.events.emit('loaded', { items: p.totalItems, failed: 0 });
      }
    });
    this.scene.name = 'atrium';
    const camera = new PerspectiveCamera(60, 1, 0.05, 2000);
    const viewport = this.viewport = new Viewport(options.container, this.scene, camera, QUALITY[quality].antialias);
    const rig = this.rig = new CameraRig(camera, viewport.canvas, (position, rotation) => this.events.emit('teleported', { position, rotation }));
    const resolveUri = (u: string) => (options.resolveUri ? options.resolveUri(u) : u);
    const error = (message: string, cause: unknown) => this.events.emit('error', { message, cause });
    this.#assets = new AssetLoader({
      renderer: viewport.renderer, tracker, resolveUri, settings: () => store.getState(), transcoderPath: options.transcoderPath,
      warn: (message, itemId, cause) => this.events.emit('error', { message, itemId, cause }),
    });
    this.environment = new Environment({ renderer: viewport.renderer, scene: this.scene, tracker, resolveUri, error });
    this.content = new SceneContent({
      tracker, materials: this.#materials, context: () => this.#assets.context(),
      changed: () => { rig.markCollidersDirty(); viewport.redraw.invalidate(); },
      modelClips: (itemId, clips) => this.events.emit('modelClips', { itemId, clips }),
      webViewAdded: () => viewport.ensureCss(),
    });
    this.selection = new Selection({
      camera: rig.camera, roots: () => [this.content.items, this.content.structure], objectOf: (id) => this.content.object(id),
      rect: () => viewport.canvas.getBoundingClientRect(), cutHeight: () => this.#cut?.height ?? Infinity,
    });
    this.media = new MediaPlayer({ ambient: this.environment.ambient, videos: () => this.content.videos, resolveUri });
    this.#portals = new Portals((e) => this.events.emit('portal', e), (p, r) => this.teleport(p, r));
    this.scene.add(this.content.structure, this.content.items, this.selection.helpers);
    this.input = new InputController(viewport.canvas, options.container, this.#mobile, {
      cameraMode: () => store.getState().cameraMode,
      look: (dx, dy) => rig.look(dx, dy, store.getState().cameraMode),
      click: (x, y, center, additive) => this.#click(x, y, center, additive),
      jump: () => rig.player.body.jump(),
      anyInput: () => viewport.redraw.invalidate(),
      unlockAudio: () => this.environment.ambient.unlock(),
      pointerLockChanged: (pointerLocked) => store.setState({ pointerLocked }),
    });
    this.tours = new TourPlayer({
      tours: () => this.content.document?.guidedTours ?? [],
      travelTo: (p, r) => {
        const arrived = rig.travelTo(p, r);
        if (store.getState().cameraMode === 'orbit') this.setCameraMode('player');
        return arrived;
      },
      emit: (name, payload) => this.events.emit(name, payload),
      setTour: (tour) => store.setState({ tour }),
      playAudio: (uri) => this.media.playClip(uri),
    });
    this.#applyQuality();
    this.avatars = new AvatarLayer({
      pose: () => ({ position: this.getPlayerPosition(), yaw: this.rig.pose().rotation[1] + Math.PI }),
      showLocal: () => store.getState().cameraMode !== 'player',
    });
    this.scene.add(this.avatars.root);
    viewport.start({
      quality: () => store.getState().quality,
      update: (dt, t) => this.#update(dt, t),
      onDemand: () => store.getState().mode === 'editor',
      animating: () => rig.travelling || this.avatars.root.children.length > 0 || this.media.videoPlaying() || this.#modelsMoving,
      firstFrame: () => { this.#setLifecycle('ready'); this.events.emit('ready', { lifecycle: 'ready' }); },
    });
  }

  get renderer() { return this.viewport.renderer; }
  get camera() { return this.rig.camera; }

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
    await this.#assets.loadFonts(settings.fonts ?? []);
    if ((settings.prewarmShaders ?? true) && !this.#mobile) await this.renderer.compileAsync(this.scene, this.camera);
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
    this.input.keyboard.enabled = true;
    this.events.emit('modeChanged', { mode, previous });
    this.#setLifecycle('readyForInput');
  }

  getState(): EngineState { return this.store.getState(); }
  subscribe<T>(selector: (s: EngineState) => T, listener: (value: T, previous: T) => void): () => void { return this.store.subscribe(selector, listener); }
  on<K extends keyof EngineEvents>(name: K, listener: (payload: EngineEvents[K]) => void): () => void { return this.events.on(name, listener); }

  // ---------- document ----------

  /**
   * Loads any known version of a scene document. Structure and placeholders appear on the next
   * frame; textures, models and videos stream in afterwards with real byte/item progress.
   */
  async load(input: unknown): Promise<SceneDocument> {
    let doc: SceneDocument;
    try {
      doc = migrateSceneDocument(input);
    } catch (err) {
      this.events.emit('error', { message: (err as Error).message, cause: err });
      throw err;
    }
    this.#clear();
    const token = ++this.#loadToken;
    this.store.setState({ fullyLoaded: false, selection: [] });
    this.#tracker.addItems(1); // the structure
    this.content.sync(null, doc);
    this.#applyCut();
    this.media.applyVolume();
    this.#tracker.itemDone();
    this.#fitView(doc);
    this.rig.rebuildCollider([this.environment.ground, this.content.structure, this.content.items]);
    // Painted surfaces and the sky are CPU work: let the first frame show the space untextured.
    await nextFrame();
    void this.#materials.paintPending(this.#tracker, () => token === this.#loadToken);
    this.environment.applySurroundings(doc);
    await this.environment.applySky(doc, () => token === this.#loadToken);
    this.events.emit('documentChanged', { document: doc });
    return doc;
  }

  getDocument(): SceneDocument | null { return this.content.document; }

  /**
   * Shows an edited document without reloading the world: SceneContent rebuilds, moves or removes
   * only the items and levels whose objects changed; the sky redoes only when its URI changed.
   */
  applyEdit(doc: SceneDocument, scopes: readonly EditScope[]): void {
    const previous = this.content.document;
    if (scopes.includes('document') || !previous) { void this.load(doc); return; }
    const synced = this.content.sync(previous, doc);
    if (synced.structure) this.#applyCut();
    if (synced.built) this.media.applyVolume();
    if (previous.customSpace?.skyUri !== doc.customSpace?.skyUri) void this.environment.applySky(doc, () => true);
    this.environment.applySurroundings(doc);
    this.rig.setSpawn(doc.startingPosition, doc.startingRotation, false);
    // A material chosen in the editor (a wallpaper, brick) starts flat like at load; paint it now.
    const token = this.#loadToken;
    if (synced.structure || synced.built) void this.#materials.paintPending(this.#tracker, () => token === this.#loadToken);
    this.select(this.store.getState().selection);
    this.viewport.redraw.invalidate();
    this.events.emit('documentChanged', { document: doc });
  }

  // ---------- camera, view and selection (see CameraRig, Selection) ----------

  /** Pauses camera navigation while an editor tool (gizmo drag, box selection) owns the pointer. */
  setNavigationEnabled(enabled: boolean): void { this.rig.orbit.enabled = enabled && this.store.getState().cameraMode === 'orbit'; }
  /** Where the camera stands (feet) and looks ([pitch, yaw, 0]): tour points and entry point "from here". */
  getCameraPose(): { position: Vec3; rotation: Vec3 } { return this.rig.pose(); }
  /** Feet position in player mode, the camera position otherwise. */
  getPlayerPosition(): Vec3 { return this.rig.position(this.store.getState().cameraMode); }
  /** Moves the viewer instantly. `position` is where the feet go; rotation is [pitch, yaw, 0]. */
  teleport(position: Vec3, rotation?: Vec3): void { this.rig.teleport(position, rotation, this.store.getState().cameraMode); }

  setCameraMode(cameraMode: CameraMode): void {
    const prev = this.store.getState().cameraMode;
    const doc = this.content.document;
    this.rig.setMode(cameraMode, prev === cameraMode ? cameraMode : prev, { position: doc?.startingPosition ?? [0, 0, 0], rotation: doc?.startingRotation ?? [0, 0, 0] });
    this.input.cameraModeChanged(cameraMode);
    this.store.setState({ cameraMode });
    if (prev !== cameraMode) this.events.emit('cameraModeChanged', { cameraMode });
  }

  /** Plan-view data for a Map sidebar: bounds, walls per level and the player marker. */
  getMapInfo(): MapInfo | null {
    const doc = this.content.document;
    return doc ? mapInfo(doc, this.getPlayerPosition(), this.rig.pose().rotation[1]) : null;
  }

  /**
   * Interior view of a level (index into the document's levels): the levels above it are hidden and
   * everything higher than its walls is clipped away, so the rooms can be seen into from above.
   * null shows the whole building.
   */
  setInteriorView(levelIndex: number | null): void {
    this.#cut = interiorCut(this.content.document?.customSpace?.levels ?? [], levelIndex);
    this.#applyCut();
  }

  /** The level the interior view looks into, or null in exterior view. */
  get interiorLevel(): number | null { return this.#cut?.levelIndex ?? null; }

  /** Orbit framing for the interior/exterior toggle: the whole building, or down into one level. */
  frameView(levelIndex: number | null): void {
    this.scene.updateMatrixWorld(true);
    const structure = this.content.structure;
    const bounds = new Box3().setFromObject((levelIndex === null ? null : structure.children[levelIndex]) ?? structure);
    if (bounds.isEmpty()) bounds.setFromObject(this.content.items);
    if (this.store.getState().cameraMode !== 'orbit') this.setCameraMode('orbit');
    this.rig.frame(bounds, levelIndex !== null);
    this.viewport.redraw.invalidate();
  }

  /** Lets an editor tool take plain clicks on the canvas: when `handler` returns true the click does not select. */
  setClickOverride(handler: ((clientX: number, clientY: number) => boolean) | null): void { this.#clickOverride = handler; }

  /** Brings a plan point into view: the orbit camera circles it, fly and player cameras go there. */
  focusOn(point: Vec3): void {
    if (this.store.getState().cameraMode !== 'orbit') { this.teleport(point); return; }
    this.rig.orbitAround(point);
    this.viewport.redraw.invalidate();
  }

  /** Asks for a frame in on-demand rendering (editor mode), after a change the engine cannot see. */
  invalidate(): void { this.viewport.redraw.invalidate(); }
  /** The item (or structure) under a screen point, ignoring what the interior view cuts away. */
  pickAt(clientX: number, clientY: number): { itemId: string | null; point: Vec3 } | null { return this.selection.pickAt(clientX, clientY); }

  /** World-space bounds of an item as drawn (for the inspection tool's size in metres). */
  itemBoundsOf(id: string): { min: Vec3; max: Vec3 } | null {
    if (!this.content.object(id)) return null;
    this.scene.updateMatrixWorld(true);
    const box = this.selection.bounds(id);
    return box.isEmpty() ? null : { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 };
  }

  select(ids: readonly string[]): void {
    const selection = this.selection.show(ids);
    this.store.setState({ selection });
    this.viewport.redraw.invalidate();
    this.events.emit('selectionChanged', { selection });
  }

  getItemObject(id: string): Object3D | undefined { return this.content.object(id); }
  /** A placed model's animation clips and playback; null until it has loaded (or when it failed to). */
  getModelAnimation(id: string): ModelAnimationInfo | null { return this.content.modelAnimations.info(id); }
  /** Which terrain and ambient sound are in effect (for tests and the demo page). */
  getEnvironment(): { terrain: string; ambientSoundUri: string | null; ambientLevel: number } { return this.environment.describe(); }

  // ---------- settings ----------

  setQuality(quality: QualityPreset): void {
    this.store.setState({ quality });
    this.#applyQuality();
  }

  setFiltering(filtering: FilteringMode): void {
    this.store.setState({ filtering });
    this.#assets.refilter();
    this.#materials.setAnisotropy(this.#assets.anisotropy());
    this.viewport.redraw.invalidate();
  }

  /**
   * Viewer "render quality" (a 0.25..1 scale on the preset's pixel ratio) and "target framerate"
   * (frames per second, 0 = display rate, null = the preset's own). `onDemand` (default true) lets
   * editor mode skip frames when nothing changed; false draws every frame (for comparisons).
   */
  setRenderOptions(options: { renderScale?: number; targetFps?: number | null; onDemand?: boolean }): void {
    this.viewport.setOptions(options);
    this.#applyQuality();
  }

  /** Master volume 0..1 for tour audio, videos and ambient sound; 0 mutes. */
  setVolume(volume: number): void { this.media.setVolume(volume); }
  /** Draw calls and triangles of the last frame, for the profiler overlay and tests. */
  getStats(): { drawCalls: number; triangles: number; frames: number } { return this.viewport.stats(); }

  /** Tears everything down: loop, listeners, GPU resources, DOM. The instance is dead afterwards. */
  unload(): void {
    if (this.store.getState().lifecycle === 'unloaded') return;
    this.tours.stop();
    this.avatars.dispose();
    this.#clear();
    this.input.dispose();
    this.rig.dispose();
    this.environment.dispose();
    this.#materials.dispose();
    this.viewport.dispose();
    this.#setLifecycle('unloaded');
    this.events.clear();
  }

  // ---------- internals ----------

  #update(dt: number, t: number): void {
    const mode = this.store.getState().cameraMode;
    if (this.rig.colliderDirty) this.rig.rebuildCollider([this.environment.ground, this.content.structure, this.content.items]);
    this.rig.update(dt, mode, this.input.intent(), this.input.vertical());
    const doc = this.content.document;
    if (mode === 'player' && !this.rig.travelling && doc) this.#portals.check(doc.portals, this.rig.player.body.position, (id) => this.content.object(id));
    this.content.tick(t, dt);
    this.#modelsMoving = this.content.modelAnimations.update(dt, this.camera);
    this.avatars.update(dt);
  }

  #click(x: number, y: number, center: boolean, additive: boolean): void {
    if (!center && this.#clickOverride?.(x, y)) return;
    const action = clickAction(this.selection.pick(x, y, center), center, additive, { ...this.store.getState(), mobile: this.#mobile }, {
      video: (id) => this.content.object(id)?.userData.video as HTMLVideoElement | undefined,
      item: (ref) => this.content.findItem(ref.kind, ref.id),
    });
    if (action.kind === 'select') this.select(action.ids);
    else if (action.kind === 'toggleVideo') { if (action.video.paused) action.video.play().catch(() => {}); else action.video.pause(); }
    else if (action.kind === 'activate') this.events.emit('itemActivated', action.item);
    else if (action.kind === 'lockPointer') this.input.requestPointerLock();
  }

  #applyQuality(): void {
    const quality = this.store.getState().quality;
    this.viewport.applyQuality(quality);
    this.environment.applyQuality(QUALITY[quality]);
  }

  #applyCut(): void {
    this.viewport.setClipHeight(this.#cut?.height ?? null);
    this.content.structure.children.forEach((level, i) => (level.visible = !this.#cut || i <= this.#cut.levelIndex));
  }

  #fitView(doc: SceneDocument): void {
    this.scene.updateMatrixWorld(true);
    const bounds = new Box3().setFromObject(this.content.structure);
    if (bounds.isEmpty()) bounds.setFromObject(this.content.items);
    this.environment.fit(bounds);
    this.rig.setSpawn(doc.startingPosition, doc.startingRotation, true);
    this.rig.frame(bounds, false);
  }

  #clear(): void {
    this.content.clear();
    this.environment.clear();
    this.#assets.clear();
    this.#portals.clear();
    this.selection.helpers.clear();
    this.rig.reset();
  }

  #setLifecycle(lifecycle: Lifecycle): void {
    if (this.store.getState().lifecycle === lifecycle) return;
    this.store.setState({ lifecycle });
    this.events.emit('lifecycleChanged', { lifecycle });
  }
}

/** Resolves after the next animation frame (a macrotask later where there is no rAF, as in tests). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}
