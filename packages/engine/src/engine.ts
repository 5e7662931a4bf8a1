import type { Object3D} from 'three';
import {
  ACESFilmicToneMapping, Box3, Box3Helper, Timer, Color, Group, Matrix4, Mesh, MeshStandardMaterial, PerspectiveCamera,
  Plane, PlaneGeometry, Raycaster, SRGBColorSpace, Scene, Vector2, Vector3, WebGLRenderer, type Intersection, type Texture,
  type InstancedMesh, type WebGLRenderTarget,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { CSS3DRenderer } from 'three/examples/jsm/renderers/CSS3DRenderer.js';
import type { EditScope } from './editor/command.ts';
import { findItem } from './editor/commands/items.ts';
import { skyFromUri } from '@atrium/assets';
import { applySky, type AppliedSky } from '@atrium/assets/three';
import {
  LEVEL_HEIGHT_M, PLACED_ITEM_KINDS, migrateSceneDocument, type PlacedItem, type PlacedItemKind, type SceneDocument, type Vec3,
} from '@atrium/shared';
import { buildLevel } from './builder/level.ts';
import { disposeObject } from './core/dispose.ts';
import { Emitter } from './core/emitter.ts';
import { QUALITY, anisotropyFor, type FilteringMode, type QualityPreset } from './core/quality.ts';
import { createStore, type Store } from './core/store.ts';
import type { CameraMode, EngineEvents, EngineMode, EngineState, Lifecycle } from './core/types.ts';
import { buildCollider } from './controls/collider.ts';
import { KeyboardState, keyboardIntent } from './controls/input.ts';
import { EYE_HEIGHT, FlyController, PlayerController } from './controls/player.ts';
import { TouchJoystick } from './controls/touch.ts';
import { itemTagOf, type ItemContext } from './items/context.ts';
import { ModelAnimations, type ModelAnimationInfo } from './items/modelAnimation.ts';
import { buildModel3d } from './items/models.ts';
import { buildPictures } from './items/pictures.ts';
import { buildInfoPoint, buildPortal } from './items/portals.ts';
import { buildProps } from './items/props.ts';
import { buildText3d } from './items/texts.ts';
import { buildVideo } from './items/videos.ts';
import { buildWebView } from './items/webviews.ts';
import { ProgressTracker } from './loading/progress.ts';
import { loadTexture } from './loading/textures.ts';
import { mapInfo, type MapInfo } from './map.ts';
import { Lighting, isDarkSky } from './render/lighting.ts';
import { SurfaceMaterials } from './render/materials.ts';
import { grassTexture } from './render/procedural.ts';
import { RedrawGate } from './render/redrawGate.ts';
import { createGradientSky, loadHdrSky, proceduralEnvironment } from './render/sky.ts';
import { TourPlayer } from './tours.ts';
import { AmbientPlayer } from './audio/ambient.ts';
import { Terrain } from './render/terrain.ts';
import { AvatarLayer } from './avatars/layer.ts';

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

const DRAG_THRESHOLD_PX = 5;
const GROUND_SIZE_M = 400;
const TRAVEL_SECONDS = 1.2;

/**
 * The framework-free 3D runtime: renderer, scene graph, frame loop, input and the loaded scene.
 * UI code reads it through `subscribe`/`getState` and typed events, and drives it through methods;
 * nothing here knows about React.
 */
export class Engine {
  readonly events = new Emitter<EngineEvents>();
  readonly store: Store<EngineState>;
  readonly tours: TourPlayer;
  /** Other visitors' avatars and the visitor's own; fed by the web app's realtime client. */
  readonly avatars: AvatarLayer;
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(60, 1, 0.05, 2000);

  #container: HTMLElement;
  #opts: EngineOptions;
  #mobile: boolean;
  #lighting = new Lighting();
  #materials = new SurfaceMaterials();
  #structure = new Group();
  #items = new Group();
  #ground: Mesh;
  #terrain: Terrain;
  #ambient: AmbientPlayer;
  #sky: Mesh;
  #env: WebGLRenderTarget | null = null;
  /** The gradient sky's PMREM, kept for the engine's life: scenes without a sky fall back to it. */
  #proceduralEnv: WebGLRenderTarget;
  #hdrBackground: Texture | null = null;
  #librarySky: AppliedSky | null = null;
  #collider: Mesh | null = null;
  #colliderDirty = false;
  #doc: SceneDocument | null = null;
  #byId = new Map<string, Object3D>();
  #animated = new Map<Object3D, (t: number, dt: number) => void>();
  #modelAnimations = new ModelAnimations();
  /** A model animated on screen in the last frame: the editor's on-demand rendering keeps drawing. */
  #modelsMoving = false;
  #videos: HTMLVideoElement[] = [];
  #textures = new Set<Texture>();
  #tracker: ProgressTracker;
  #gltf: GLTFLoader | null = null;
  #css: CSS3DRenderer | null = null;
  #keyboard: KeyboardState;
  #joystick: TouchJoystick | null = null;
  #orbit: OrbitControls;
  #player = new PlayerController();
  #fly = new FlyController();
  #clock = new Timer();
  #lastFrame = 0;
  #raycaster = new Raycaster();
  #selectionHelpers = new Group();
  #insidePortal = new Set<string>();
  #travel: { from: Vector3; to: Vector3; fromRot: Vec3; toRot: Vec3; t: number; done: () => void } | null = null;
  #audio: HTMLAudioElement | null = null;
  #volume = 1;
  #renderScale = 1;
  #targetFps: number | null = null;
  #resize: ResizeObserver | null = null;
  #cleanups: (() => void)[] = [];
  #drag: { id: number; x: number; y: number; lastX: number; lastY: number; moved: boolean; button: number } | null = null;
  #frames = 0;
  #loadToken = 0;
  #redraw = new RedrawGate();
  #onDemand = true;
  #clickOverride: ((clientX: number, clientY: number) => boolean) | null = null;
  /** Interior view: the level looked into and the height above which everything is cut away. */
  #cut: { levelIndex: number; height: number } | null = null;

  constructor(options: EngineOptions) {
    this.#opts = options;
    this.#container = options.container;
    this.#mobile = options.mobile ?? (typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches);
    const quality = options.quality ?? (this.#mobile ? 'Medium' : 'High');
    this.store = createStore<EngineState>({
      lifecycle: 'created', mode: null, cameraMode: 'orbit', selection: [],
      progress: { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 },
      quality, filtering: options.filtering ?? 'Medium', tour: null, pointerLocked: false, fullyLoaded: false,
    });
    this.#tracker = new ProgressTracker((p) => {
      this.#redraw.invalidate(); // a texture, model or painted material arrived
      this.store.setState({ progress: p });
      this.events.emit('progress', p);
      if (this.#tracker.complete && !this.store.getState().fullyLoaded && this.#doc) {
        this.store.setState({ fullyLoaded: true });
        this.events.emit('loaded', { items: p.totalItems, failed: 0 });
      }
    });

    const q = QUALITY[quality];
    this.renderer = new WebGLRenderer({ antialias: q.antialias, powerPreference: 'high-performance' });
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = ACESFilmicToneMapping;
    this.renderer.toneMappingExposure = 1.0;
    const canvas = this.renderer.domElement;
    canvas.tabIndex = 0; // focusable so keyboard focus can live "inside the player"
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none', touchAction: 'none' });
    if (getComputedStyle(this.#container).position === 'static') this.#container.style.position = 'relative';
    this.#container.appendChild(canvas);

    this.scene.name = 'atrium';
    this.#structure.name = 'structure';
    this.#items.name = 'items';
    this.#sky = createGradientSky();
    const grass = grassTexture();
    grass.repeat.set(100, 100);
    this.#ground = new Mesh(new PlaneGeometry(GROUND_SIZE_M, GROUND_SIZE_M), new MeshStandardMaterial({ color: '#ffffff', map: grass, roughness: 1 }));
    this.#ground.rotation.x = -Math.PI / 2;
    this.#ground.position.y = -0.02;
    this.#ground.receiveShadow = true;
    this.#ground.name = 'ground';
    this.#ground.userData.collisions = 'Precise';
    this.#terrain = new Terrain(this.#ground, GROUND_SIZE_M);
    this.#ambient = new AmbientPlayer({ resolveUri: (u) => this.#resolve(u) });
    this.scene.add(this.#sky, this.#lighting.root, this.#ground, this.#structure, this.#items, this.#selectionHelpers);
    this.#proceduralEnv = proceduralEnvironment(this.renderer, this.#sky);
    this.scene.environment = this.#proceduralEnv.texture;
    this.scene.environmentIntensity = 0.6;
    this.scene.background = new Color('#cfe3f5');

    this.#orbit = new OrbitControls(this.camera, canvas);
    this.#orbit.enableDamping = true;
    this.#orbit.maxPolarAngle = Math.PI * 0.495;
    this.#orbit.enabled = false;
    this.camera.position.set(8, 8, 12);

    this.#keyboard = new KeyboardState(this.#container);
    this.#keyboard.enabled = false;
    this.tours = new TourPlayer({
      tours: () => this.#doc?.guidedTours ?? [],
      travelTo: (p, r) => this.#travelTo(p, r),
      emit: (name, payload) => this.events.emit(name, payload),
      setTour: (tour) => this.store.setState({ tour }),
      playAudio: (uri) => this.#playAudio(uri),
    });

    this.#applyQuality();
    this.#listen(canvas);
    this.#resize = new ResizeObserver(() => this.#onResize());
    this.#resize.observe(this.#container);
    this.#onResize();
    this.avatars = new AvatarLayer({
      pose: () => {
        const dir = this.camera.getWorldDirection(new Vector3());
        return { position: this.getPlayerPosition(), yaw: Math.atan2(dir.x, dir.z) };
      },
      showLocal: () => this.store.getState().cameraMode !== 'player',
    });
    this.scene.add(this.avatars.root);
    this.renderer.setAnimationLoop((time) => this.#frame(time));
  }

  // ---------- lifecycle ----------

  /** Resolves once the engine has drawn its first frame ("reports ready", spec §4). */
  whenReady(): Promise<void> {
    const ready = (l: Lifecycle) => l !== 'created';
    if (ready(this.store.getState().lifecycle)) return Promise.resolve();
    return new Promise((resolve) => this.events.once('ready', () => resolve()));
  }

  /** Applies startup settings: fonts, quality, then shader prewarm (skipped on mobile). */
  async configure(settings: StartupSettings = {}): Promise<void> {
    await this.whenReady();
    if (settings.quality) this.setQuality(settings.quality);
    if (settings.filtering) this.setFiltering(settings.filtering);
    if (settings.fonts?.length && typeof FontFace !== 'undefined') {
      await Promise.all(settings.fonts.map(async (f) => {
        try {
          const face = await new FontFace(f.family, `url(${this.#resolve(f.uri)})`).load();
          (document.fonts as unknown as { add(f: FontFace): void }).add(face);
        } catch (err) {
          console.warn(`[engine] font ${f.family} failed to load`, err);
        }
      }));
    }
    if ((settings.prewarmShaders ?? true) && !this.#mobile) await this.renderer.compileAsync(this.scene, this.camera);
    this.#setLifecycle('configured');
    this.#setLifecycle('readyForModeChange');
  }

  /** Sets editor, viewer or inspector mode; input is attached once a mode is set. */
  setMode(mode: EngineMode): void {
    const previous = this.store.getState().mode;
    if (!this.#lifecycleAtLeast('readyForModeChange')) this.#setLifecycle('readyForModeChange');
    this.store.setState({ mode });
    this.#setLifecycle('modeSet');
    this.setCameraMode(mode === 'viewer' ? 'player' : 'orbit');
    if (mode === 'viewer') this.select([]);
    this.#keyboard.enabled = true;
    this.events.emit('modeChanged', { mode, previous });
    this.#setLifecycle('readyForInput');
  }

  getState(): EngineState {
    return this.store.getState();
  }

  subscribe<T>(selector: (s: EngineState) => T, listener: (value: T, previous: T) => void): () => void {
    return this.store.subscribe(selector, listener);
  }

  on<K extends keyof EngineEvents>(name: K, listener: (payload: EngineEvents[K]) => void): () => void {
    return this.events.on(name, listener);
  }

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
    this.#clearContent();
    const token = ++this.#loadToken;
    this.#doc = doc;
    this.store.setState({ fullyLoaded: false, selection: [] });
    const itemCount = PLACED_ITEM_KINDS.reduce((n, k) => n + doc[k].length, 0);
    this.#tracker.addItems(itemCount + 1);
    this.#buildStructure(doc);
    this.#applyCut();
    this.#buildItems(doc);
    this.#redraw.invalidate();
    this.#tracker.itemDone(); // the structure
    this.#fitView(doc);
    this.#rebuildCollider();
    // Painted surfaces and the sky are CPU work: let the first frame show the space untextured.
    await nextFrame();
    void this.#materials.paintPending(this.#tracker, () => token === this.#loadToken);
    this.#applySurroundings(doc);
    await this.#applySky(doc, token);
    this.events.emit('documentChanged', { document: doc });
    return doc;
  }

  getDocument(): SceneDocument | null {
    return this.#doc;
  }

  // ---------- editing ----------

  /**
   * Shows an edited document without reloading the world: only what a command touched is rebuilt
   * (structure, items, sky), and the camera stays where the user put it. `moved` lists items whose
   * only change is their transform; those are repositioned in place instead of rebuilt.
   */
  applyEdit(doc: SceneDocument, scopes: readonly EditScope[], moved?: readonly string[]): void {
    if (scopes.includes('document') || !this.#doc) {
      void this.load(doc);
      return;
    }
    const previous = this.#doc;
    this.#doc = doc;
    if (scopes.includes('structure')) {
      for (const child of [...this.#structure.children]) {
        disposeObject(child);
        this.#structure.remove(child);
      }
      this.#buildStructure(doc);
      this.#applyCut();
      this.#colliderDirty = true;
    }
    if (scopes.includes('items') && !(moved && this.#moveItems(doc, moved))) {
      this.#videos.forEach((v) => { v.pause(); v.removeAttribute('src'); v.load(); });
      this.#videos = [];
      for (const child of [...this.#items.children]) {
        disposeObject(child);
        child.traverse((o) => (o as Object3D & { element?: HTMLElement }).element?.remove());
        this.#items.remove(child);
      }
      this.#byId.clear();
      this.#animated.clear();
      this.#modelAnimations.clear();
      this.#tracker.addItems(PLACED_ITEM_KINDS.reduce((n, k) => n + doc[k].length, 0));
      this.#buildItems(doc);
      this.#colliderDirty = true;
    }
    if (scopes.includes('sky')) {
      // Terrain and sound changes share the scope; the sky (PMREM, seconds on a CPU renderer) only redoes when it changed.
      if (previous.customSpace?.skyUri !== doc.customSpace?.skyUri) void this.#applySky(doc, this.#loadToken);
      this.#applySurroundings(doc);
    }
    if (scopes.includes('entry')) {
      this.#player.spawn.fromArray(doc.startingPosition);
      this.#player.spawnRotation = [...doc.startingRotation];
    }
    if (scopes.includes('structure') || scopes.includes('items')) {
      // A material chosen in the editor (a wallpaper, brick) starts flat like at load; paint it now.
      const token = this.#loadToken;
      void this.#materials.paintPending(this.#tracker, () => token === this.#loadToken);
    }
    this.select(this.store.getState().selection);
    this.#redraw.invalidate();
    this.events.emit('documentChanged', { document: doc });
  }

  /** Repositions items from the document; false when one is drawn instanced and needs a rebuild. */
  #moveItems(doc: SceneDocument, ids: readonly string[]): boolean {
    const targets = ids.map((id) => ({ obj: this.#byId.get(id), found: findItem(doc, id) }));
    if (targets.some((t) => !t.obj || !t.found || t.obj.userData.instanceItems)) return false;
    for (const { obj, found } of targets) {
      const { position: p, rotation: r, scale: s } = found!.item;
      obj!.position.set(p[0], p[1], p[2]);
      obj!.rotation.set(r[0], r[1], r[2]);
      obj!.scale.set(s[0], s[1], s[2]);
    }
    this.#colliderDirty = true;
    return true;
  }

  /** Pauses camera navigation while an editor tool (gizmo drag, box selection) owns the pointer. */
  setNavigationEnabled(enabled: boolean): void {
    this.#orbit.enabled = enabled && this.store.getState().cameraMode === 'orbit';
  }

  /** Where the camera stands (feet) and looks ([pitch, yaw, 0]): tour points and entry point "from here". */
  getCameraPose(): { position: Vec3; rotation: Vec3 } {
    const dir = this.camera.getWorldDirection(new Vector3());
    const p = this.camera.position;
    return {
      position: [p.x, p.y - EYE_HEIGHT, p.z],
      rotation: [Math.asin(Math.max(-1, Math.min(1, dir.y))), Math.atan2(-dir.x, -dir.z), 0],
    };
  }

  // ---------- camera & movement ----------

  setCameraMode(cameraMode: CameraMode): void {
    const prev = this.store.getState().cameraMode;
    this.#orbit.enabled = cameraMode === 'orbit';
    if (cameraMode === 'player' && prev !== 'player') {
      if (prev === 'fly' || prev === 'orbit') {
        // Drop to the floor under the current view rather than teleporting away.
        const start = this.#doc ? new Vector3(...this.#doc.startingPosition) : new Vector3();
        this.#player.teleport(prev === 'fly' ? this.#fly.position.clone().setY(this.#fly.position.y - EYE_HEIGHT) : start,
          prev === 'fly' ? [this.#fly.look.pitch, this.#fly.look.yaw, 0] : this.#doc?.startingRotation ?? [0, 0, 0]);
      }
    }
    if (cameraMode === 'fly') {
      this.#fly.position.copy(this.camera.position);
      const dir = this.camera.getWorldDirection(new Vector3());
      this.#fly.look.yaw = Math.atan2(-dir.x, -dir.z);
      this.#fly.look.pitch = Math.asin(Math.max(-1, Math.min(1, dir.y)));
    }
    if (cameraMode === 'orbit') {
      this.#orbit.target.copy(this.camera.position).add(this.camera.getWorldDirection(new Vector3()).multiplyScalar(5));
      this.#orbit.update();
    }
    if (this.#joystick) this.#joystick.visible = cameraMode !== 'orbit';
    this.store.setState({ cameraMode });
    if (prev !== cameraMode) this.events.emit('cameraModeChanged', { cameraMode });
  }

  /** Feet position in player mode, the camera position otherwise. */
  getPlayerPosition(): Vec3 {
    const p = this.store.getState().cameraMode === 'player' ? this.#player.body.position : this.camera.position;
    return [p.x, p.y, p.z];
  }

  /** Moves the viewer instantly. `position` is where the feet go; rotation is [pitch, yaw, 0]. */
  teleport(position: Vec3, rotation?: Vec3): void {
    const rot: Vec3 = rotation ?? [this.#player.look.pitch, this.#player.look.yaw, 0];
    this.#player.teleport(new Vector3(...position), rot);
    this.#fly.position.set(position[0], position[1] + EYE_HEIGHT, position[2]);
    this.#fly.look.set(rot);
    this.camera.position.copy(this.#fly.position);
    this.#fly.look.apply(this.camera);
    if (this.store.getState().cameraMode === 'orbit') {
      this.#orbit.target.copy(this.camera.position).add(this.camera.getWorldDirection(new Vector3()).multiplyScalar(3));
    }
    this.events.emit('teleported', { position, rotation: rot });
  }

  /** Plan-view data for a Map sidebar: bounds, walls per level and the player marker. */
  getMapInfo(): MapInfo | null {
    if (!this.#doc) return null;
    const dir = this.camera.getWorldDirection(new Vector3());
    return mapInfo(this.#doc, this.getPlayerPosition(), Math.atan2(-dir.x, -dir.z));
  }

  /**
   * Interior view of a level (index into the document's levels): the levels above it are hidden and
   * everything higher than its walls (upper floors, which are its ceilings, and what stands on them)
   * is clipped away, so the rooms can be seen into from above. null shows the whole building.
   */
  setInteriorView(levelIndex: number | null): void {
    const levels = this.#doc?.customSpace?.levels ?? [];
    if (levelIndex === null || levels.length === 0) this.#cut = null;
    else {
      const i = Math.max(0, Math.min(levels.length - 1, levelIndex));
      const level = levels[i]!;
      const top = Math.max(LEVEL_HEIGHT_M, ...level.walls.map((w) => w.height));
      // Just below the wall tops: the next floor up (at exactly that height) is cut with the rest.
      this.#cut = { levelIndex: i, height: level.elevation + Math.min(top, LEVEL_HEIGHT_M) - 0.01 };
    }
    this.#applyCut();
    this.#redraw.invalidate();
  }

  /** The level the interior view looks into, or null in exterior view. */
  get interiorLevel(): number | null {
    return this.#cut?.levelIndex ?? null;
  }

  /**
   * Orbit camera framing for the interior/exterior toggle: from outside the whole building, or
   * steeply down into one level's rooms.
   */
  frameView(levelIndex: number | null): void {
    this.scene.updateMatrixWorld(true);
    const group = levelIndex === null ? null : this.#structure.children[levelIndex];
    const bounds = new Box3().setFromObject(group ?? this.#structure);
    if (bounds.isEmpty()) bounds.setFromObject(this.#items);
    if (bounds.isEmpty()) bounds.set(new Vector3(-5, 0, -5), new Vector3(5, 4, 5));
    const center = bounds.getCenter(new Vector3());
    const size = bounds.getSize(new Vector3());
    const r = Math.max(size.x, size.z, 6);
    if (this.store.getState().cameraMode !== 'orbit') this.setCameraMode('orbit');
    if (levelIndex === null) {
      this.#orbit.target.set(center.x, Math.min(center.y, 1.2), center.z);
      this.camera.position.set(center.x + r * 0.55, center.y + r * 0.75, center.z + r * 0.95);
    } else {
      const floor = bounds.min.y;
      this.#orbit.target.set(center.x, floor + 1.2, center.z);
      this.camera.position.set(center.x + r * 0.2, floor + r * 0.9 + 2, center.z + r * 0.45);
    }
    this.#orbit.update();
    this.#fly.position.copy(this.camera.position);
    this.#redraw.invalidate();
  }

  /**
   * Lets an editor tool (wall split, inspection) take plain clicks on the canvas: when `handler`
   * returns true the click does not select. Drags still move the camera.
   */
  setClickOverride(handler: ((clientX: number, clientY: number) => boolean) | null): void {
    this.#clickOverride = handler;
  }

  /**
   * Brings a plan point into view (the editor's mini map): the orbit camera keeps its angle and
   * distance and now circles `point`; fly and player cameras go there.
   */
  focusOn(point: Vec3): void {
    if (this.store.getState().cameraMode !== 'orbit') {
      this.teleport(point);
      return;
    }
    const target = new Vector3(point[0], point[1] + 1.2, point[2]);
    this.camera.position.add(target.clone().sub(this.#orbit.target));
    this.#orbit.target.copy(target);
    this.#orbit.update();
    this.#redraw.invalidate();
  }

  /** Asks for a frame in on-demand rendering (editor mode), after a change the engine cannot see. */
  invalidate(): void {
    this.#redraw.invalidate();
  }

  /** The item (or structure) under a screen point, ignoring what the interior view cuts away. */
  pickAt(clientX: number, clientY: number): { itemId: string | null; point: Vec3 } | null {
    const hit = this.#pick(clientX, clientY, false);
    if (!hit) return null;
    let id = itemTagOf(hit.object)?.itemId ?? null;
    const ids = hit.object.userData.instanceItems as string[] | undefined;
    if (ids && hit.instanceId !== undefined) id = ids[hit.instanceId] ?? id;
    return { itemId: id, point: [hit.point.x, hit.point.y, hit.point.z] };
  }

  /** World-space bounds of an item as drawn (for the inspection tool's size in metres). */
  itemBoundsOf(id: string): { min: Vec3; max: Vec3 } | null {
    if (!this.#byId.has(id)) return null;
    this.scene.updateMatrixWorld(true);
    const box = this.#itemBounds(id);
    if (box.isEmpty()) return null;
    return { min: box.min.toArray() as Vec3, max: box.max.toArray() as Vec3 };
  }

  // ---------- selection ----------

  select(ids: readonly string[]): void {
    const unique = [...new Set(ids)].filter((id) => this.#byId.has(id));
    this.#selectionHelpers.clear();
    for (const id of unique) {
      const box = this.#itemBounds(id);
      if (!box.isEmpty()) this.#selectionHelpers.add(new Box3Helper(box, new Color('#3DABFF')));
    }
    this.store.setState({ selection: unique });
    this.#redraw.invalidate();
    this.events.emit('selectionChanged', { selection: unique });
  }

  /** World bounds of one item; for instanced items (props, pictures) only that item's instance. */
  #itemBounds(id: string): Box3 {
    const obj = this.#byId.get(id)!;
    const index = (obj.userData.instanceItems as string[] | undefined)?.indexOf(id) ?? -1;
    if (index < 0) return new Box3().setFromObject(obj);
    const box = new Box3();
    obj.parent?.traverse((o) => {
      const inst = o as InstancedMesh;
      const i = (o.userData.instanceItems as string[] | undefined)?.indexOf(id) ?? -1;
      if (!inst.isInstancedMesh || i < 0) return;
      inst.geometry.computeBoundingBox();
      const m = new Matrix4();
      inst.getMatrixAt(i, m);
      box.union(inst.geometry.boundingBox!.clone().applyMatrix4(m.premultiply(inst.matrixWorld)));
    });
    return box;
  }

  getItemObject(id: string): Object3D | undefined {
    return this.#byId.get(id);
  }

  /**
   * A placed model's animation clips and playback; null until it has loaded (or when it failed to).
   * The `modelClips` event announces each model's clips as it arrives.
   */
  getModelAnimation(id: string): ModelAnimationInfo | null {
    return this.#modelAnimations.info(id);
  }

  // ---------- settings ----------

  setQuality(quality: QualityPreset): void {
    this.store.setState({ quality });
    this.#applyQuality();
  }

  setFiltering(filtering: FilteringMode): void {
    this.store.setState({ filtering });
    const a = anisotropyFor(filtering, this.renderer.capabilities.getMaxAnisotropy());
    for (const t of this.#textures) { t.anisotropy = a; t.needsUpdate = true; }
    this.#materials.setAnisotropy(a);
    this.#redraw.invalidate();
  }

  /**
   * Viewer "render quality" (a 0.25..1 scale on the preset's pixel ratio) and "target framerate"
   * (frames per second, 0 = display rate, null = the preset's own). `onDemand` (default true) lets
   * editor mode skip frames when nothing changed; false draws every frame (for comparisons).
   */
  setRenderOptions(options: { renderScale?: number; targetFps?: number | null; onDemand?: boolean }): void {
    if (options.onDemand !== undefined) this.#onDemand = options.onDemand;
    if (options.renderScale !== undefined) this.#renderScale = Math.min(1, Math.max(0.25, options.renderScale));
    if (options.targetFps !== undefined) this.#targetFps = options.targetFps === null ? null : Math.max(0, options.targetFps);
    this.#applyQuality();
  }

  /** Master volume 0..1 for tour audio and videos; 0 mutes. The UI owns the 0–100 scale and unmute memory. */
  setVolume(volume: number): void {
    this.#volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1));
    this.#applyVolume();
    this.#ambient.setVolume(this.#volume);
  }

  #applyVolume(): void {
    for (const el of [this.#audio, ...this.#videos]) {
      if (!el) continue;
      el.volume = this.#volume;
      if (this.#volume === 0) el.muted = true;
    }
  }

  /** Draw calls and triangles of the last frame, for the profiler overlay and tests. */
  getStats(): { drawCalls: number; triangles: number; frames: number } {
    return { drawCalls: this.renderer.info.render.calls, triangles: this.renderer.info.render.triangles, frames: this.#frames };
  }

  /** Tears everything down: loop, listeners, GPU resources, DOM. The instance is dead afterwards. */
  unload(): void {
    if (this.store.getState().lifecycle === 'unloaded') return;
    this.renderer.setAnimationLoop(null);
    this.tours.stop();
    this.avatars.dispose();
    this.#ambient.dispose();
    this.#terrain.dispose();
    this.#clearContent();
    this.#cleanups.forEach((fn) => fn());
    this.#cleanups = [];
    this.#resize?.disconnect();
    this.#keyboard.detach();
    this.#orbit.dispose();
    this.#joystick?.dispose();
    this.#css?.domElement.remove();
    disposeObject(this.scene);
    this.#materials.dispose();
    this.#env?.dispose();
    this.#proceduralEnv.dispose();
    this.#librarySky?.dispose();
    this.#librarySky = null;
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
    this.#setLifecycle('unloaded');
    this.events.clear();
  }

  // ---------- internals: building ----------

  #resolve(uri: string): string {
    return this.#opts.resolveUri ? this.#opts.resolveUri(uri) : uri;
  }

  #itemContext(): ItemContext {
    return {
      tracker: this.#tracker,
      resolveUri: (u) => this.#resolve(u),
      loadTexture: async (u) => {
        const state = this.store.getState();
        const tex = await loadTexture(this.#resolve(u), this.#tracker, {
          maxSize: Math.min(QUALITY[state.quality].maxTextureSize, this.renderer.capabilities.maxTextureSize),
          anisotropy: anisotropyFor(state.filtering, this.renderer.capabilities.getMaxAnisotropy()),
        });
        this.#textures.add(tex);
        return tex;
      },
      gltf: () => this.#gltfLoader(),
      warn: (message, itemId, cause) => {
        console.warn(`[engine] ${message} (${itemId})`, cause ?? '');
        this.events.emit('error', { message, itemId, cause });
      },
      animate: (obj, fn) => this.#animated.set(obj, fn),
      canUseDom: true,
    };
  }

  #gltfLoader(): GLTFLoader {
    if (this.#gltf) return this.#gltf;
    const ktx2 = new KTX2Loader().setTranscoderPath(this.#opts.transcoderPath ?? '/engine/basis/').detectSupport(this.renderer);
    this.#gltf = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).setKTX2Loader(ktx2);
    return this.#gltf;
  }

  #buildStructure(doc: SceneDocument): void {
    const space = doc.customSpace;
    if (!space) return;
    for (const level of space.levels) {
      const levelGroup = new Group();
      levelGroup.name = `level:${level.id}`;
      for (const batch of buildLevel(level, space.materialOverrides)) {
        const mesh = new Mesh(batch.geometry, this.#materials.forBatch(batch, this.#tracker));
        mesh.name = `${batch.surface}:${batch.key}`;
        mesh.castShadow = batch.surface !== 'floor' && batch.surface !== 'glass';
        mesh.receiveShadow = batch.surface !== 'glass';
        mesh.userData.collisions = 'Precise';
        mesh.userData.sourceIds = batch.sourceIds;
        levelGroup.add(mesh);
      }
      this.#structure.add(levelGroup);
    }
  }

  #applyCut(): void {
    const cut = this.#cut;
    this.renderer.clippingPlanes = cut ? [new Plane(new Vector3(0, -1, 0), cut.height)] : [];
    this.#structure.children.forEach((level, i) => (level.visible = !cut || i <= cut.levelIndex));
  }

  #buildItems(doc: SceneDocument): void {
    const ctx = this.#itemContext();
    const add = (obj: Object3D, id?: string) => {
      this.#items.add(obj);
      if (id) this.#byId.set(id, obj);
    };
    const onModel = () => { this.#colliderDirty = true; };
    const pictures = buildPictures(doc.pictures, ctx);
    add(pictures);
    doc.texts3d.forEach((t) => add(buildText3d(t, ctx), t.id));
    doc.models3d.forEach((m) => {
      const group = buildModel3d(m, ctx, (_root, loaded) => {
        onModel();
        // A model that finishes loading after its item was removed or rebuilt gets no mixer.
        if (this.#byId.get(m.id) !== group) return;
        this.#modelAnimations.attach(m.id, loaded.scene, loaded.animations, { clip: m.animationClip, autoplay: m.autoplayAnimation, loop: m.loopAnimation });
        this.#redraw.invalidate();
        this.events.emit('modelClips', { itemId: m.id, clips: loaded.animations.map((c) => c.name) });
      });
      add(group, m.id);
    });
    doc.portals.forEach((p) => add(buildPortal(p, ctx), p.id));
    doc.infoPoints.forEach((p) => add(buildInfoPoint(p, ctx), p.id));
    doc.videos.forEach((v) => add(buildVideo(v, 'videos', ctx, this.#videos), v.id));
    doc.liveVideos.forEach((v) => add(buildVideo(v, 'liveVideos', ctx, this.#videos), v.id));
    const props = buildProps(doc.props, ctx, (id, tint) => this.#materials.deferred(id, tint, this.#tracker));
    add(props);
    pictures.traverse((o) => (o.userData.instanceItems as string[] | undefined)?.forEach((id) => this.#byId.set(id, o)));
    props.traverse((o) => {
      const ids = o.userData.instanceItems as string[] | undefined;
      if (ids) ids.forEach((id) => this.#byId.set(id, o));
      else if (o.userData.item?.kind === 'props') this.#byId.set(o.userData.item.itemId, o);
    });
    this.#applyVolume();
    if (doc.webViews3d.length) {
      this.#ensureCss();
      doc.webViews3d.forEach((w) => add(buildWebView(w, ctx), w.id));
    }
  }

  #ensureCss(): void {
    if (this.#css) return;
    this.#css = new CSS3DRenderer();
    Object.assign(this.#css.domElement.style, { position: 'absolute', inset: '0', pointerEvents: 'none', zIndex: '1' });
    this.#container.appendChild(this.#css.domElement);
    this.#onResize();
  }

  #rebuildCollider(): void {
    if (this.#collider) this.#collider.geometry.dispose();
    const root = new Group();
    // Collide against structure, items and ground without reparenting them.
    this.#collider = null;
    root.children.push(this.#ground, this.#structure, this.#items);
    this.scene.updateMatrixWorld(true);
    this.#collider = buildCollider(root);
    root.children.length = 0;
    this.#colliderDirty = false;
  }

  #fitView(doc: SceneDocument): void {
    this.scene.updateMatrixWorld(true);
    const bounds = new Box3().setFromObject(this.#structure);
    if (bounds.isEmpty()) bounds.setFromObject(this.#items);
    if (bounds.isEmpty()) bounds.set(new Vector3(-5, 0, -5), new Vector3(5, 4, 5));
    this.#lighting.fit(bounds);
    this.#player.spawn.fromArray(doc.startingPosition);
    this.#player.spawnRotation = [...doc.startingRotation];
    this.#player.teleport(this.#player.spawn, doc.startingRotation);
    const center = bounds.getCenter(new Vector3());
    const size = bounds.getSize(new Vector3());
    const r = Math.max(size.x, size.z, 6);
    this.#orbit.target.set(center.x, Math.min(center.y, 1.2), center.z);
    this.camera.position.set(center.x + r * 0.55, center.y + r * 0.75, center.z + r * 0.95);
    this.#orbit.update();
    this.#fly.position.copy(this.camera.position);
  }

  /** Terrain and ambient sound: cheap, so applied at once and again on every environment edit. */
  #applySurroundings(doc: SceneDocument): void {
    this.#terrain.apply(doc.customSpace?.terrainUri);
    this.#ambient.set(doc.customSpace?.ambientSoundUri);
  }

  /** Which terrain and ambient sound are in effect (for tests and the demo page). */
  getEnvironment(): { terrain: string; ambientSoundUri: string | null; ambientLevel: number } {
    return { terrain: this.#terrain.current, ambientSoundUri: this.#ambient.uri, ambientLevel: this.#ambient.level };
  }

  async #applySky(doc: SceneDocument, token: number): Promise<void> {
    const uri = doc.customSpace?.skyUri;
    this.#sky.visible = true;
    this.scene.background = null;
    this.scene.environment = this.#proceduralEnv.texture;
    this.#lighting.useSky(null);
    if (!uri) return;
    const library = skyFromUri(uri);
    if (library) return this.#applyLibrarySky(library.id, token);
    const report = this.#tracker.request();
    try {
      const { background, environment } = await loadHdrSky(this.renderer, this.#resolve(uri), report);
      if (token !== this.#loadToken) { background.dispose(); environment.dispose(); return; }
      this.#env?.dispose();
      this.#env = environment;
      this.#hdrBackground = background;
      this.scene.environment = environment.texture;
      this.scene.background = background;
      this.#sky.visible = false;
    } catch (err) {
      console.warn('[engine] sky failed to load; keeping the procedural sky', err);
      this.events.emit('error', { message: 'Failed to load sky', cause: err });
    }
  }

  /** `atrium:sky/<id>`: painted or bundled-HDRI sky from the assets library, lights matched to it. */
  async #applyLibrarySky(skyId: string, token: number): Promise<void> {
    this.#tracker.addItems(1);
    try {
      const applied = await applySky(this.renderer, this.scene, skyId);
      if (token !== this.#loadToken) { applied.dispose(); return; }
      this.#librarySky?.dispose();
      this.#librarySky = applied;
      this.#sky.visible = false;
      this.#lighting.useSky(applied.sky);
      // Stars stay in the background, but reflections and bounce come from the daylight gradient.
      if (isDarkSky(applied.sky)) this.scene.environment = this.#proceduralEnv.texture;
    } catch (err) {
      console.warn('[engine] library sky failed; keeping the procedural sky', err);
      this.events.emit('error', { message: 'Failed to load sky', cause: err });
    } finally {
      this.#tracker.itemDone();
    }
  }

  #clearContent(): void {
    this.#videos.forEach((v) => { v.pause(); v.removeAttribute('src'); v.load(); });
    this.#videos = [];
    for (const root of [this.#structure, this.#items]) {
      for (const child of [...root.children]) {
        disposeObject(child);
        child.traverse((o) => (o as Object3D & { element?: HTMLElement }).element?.remove());
        root.remove(child);
      }
    }
    this.#hdrBackground?.dispose();
    this.#hdrBackground = null;
    this.#librarySky?.dispose();
    this.#librarySky = null;
    this.#textures.clear();
    this.#byId.clear();
    this.#animated.clear();
    this.#modelAnimations.clear();
    this.#insidePortal.clear();
    this.#selectionHelpers.clear();
    this.#collider?.geometry.dispose();
    this.#collider = null;
  }

  // ---------- internals: frame loop ----------

  #frame(timeMs: number): void {
    const target = this.#targetFps ?? QUALITY[this.store.getState().quality].targetFps;
    if (target > 0 && timeMs - this.#lastFrame < 1000 / target - 2) return;
    this.#lastFrame = timeMs;
    this.#clock.update(timeMs);
    const dt = Math.min(this.#clock.getDelta(), 0.1);
    const t = this.#clock.getElapsed();
    if (this.#colliderDirty) this.#rebuildCollider();
    this.#updateCamera(dt);
    for (const fn of this.#animated.values()) fn(t, dt);
    this.#modelsMoving = this.#modelAnimations.update(dt, this.camera);
    this.avatars.update(dt);
    // The editor draws on demand; the viewer keeps its steady frame rate (avatars, tours, videos).
    const onDemand = this.#onDemand && this.store.getState().mode === 'editor' && this.#frames > 0;
    if (onDemand && !this.#redraw.shouldDraw(this.camera, timeMs, this.#animating())) return;
    this.renderer.render(this.scene, this.camera);
    this.#css?.render(this.scene, this.camera);
    this.#frames++;
    if (this.#frames === 1) {
      this.#setLifecycle('ready');
      this.events.emit('ready', { lifecycle: 'ready' });
    }
  }

  /**
   * Something on screen must keep moving: playing videos, avatars, a camera travel, a model clip in
   * view. Decorative motion
   * (portal rings, info points bobbing) does not keep the editor drawing; it moves on with the next frame.
   */
  #animating(): boolean {
    return this.#travel !== null || this.avatars.root.children.length > 0 || this.#videos.some((v) => !v.paused) || this.#modelsMoving;
  }

  #intent() {
    const k = keyboardIntent(this.#keyboard);
    const j = this.#joystick?.value;
    if (j && (Math.abs(j.x) > 0.05 || Math.abs(j.y) > 0.05)) return j;
    return k;
  }

  #updateCamera(dt: number): void {
    if (this.#travel) {
      const tr = this.#travel;
      tr.t = Math.min(1, tr.t + dt / TRAVEL_SECONDS);
      const e = tr.t < 0.5 ? 2 * tr.t * tr.t : 1 - (-2 * tr.t + 2) ** 2 / 2;
      this.camera.position.lerpVectors(tr.from, tr.to, e);
      const yaw = tr.fromRot[1] + shortestAngle(tr.fromRot[1], tr.toRot[1]) * e;
      const pitch = tr.fromRot[0] + (tr.toRot[0] - tr.fromRot[0]) * e;
      this.#fly.look.set([pitch, yaw, 0]);
      this.#fly.look.apply(this.camera);
      if (tr.t >= 1) {
        this.#travel = null;
        const feet: Vec3 = [tr.to.x, tr.to.y - EYE_HEIGHT, tr.to.z];
        this.teleport(feet, tr.toRot);
        tr.done();
      }
      return;
    }
    const mode = this.store.getState().cameraMode;
    if (mode === 'orbit') { this.#orbit.update(); return; }
    const intent = this.#intent();
    if (mode === 'player') {
      this.#player.update(dt, intent, this.#collider, this.camera);
      this.#checkPortals();
    } else {
      const v = (this.#keyboard.isDown('KeyE', 'Space') ? 1 : 0) - (this.#keyboard.isDown('KeyQ', 'KeyC') ? 1 : 0);
      this.#fly.update(dt, intent, v, this.camera);
    }
  }

  #checkPortals(): void {
    if (!this.#doc) return;
    const feet = this.#player.body.position;
    const wp = new Vector3();
    for (const p of this.#doc.portals) {
      const obj = this.#byId.get(p.id);
      if (!obj) continue;
      obj.getWorldPosition(wp);
      const inside = Math.hypot(feet.x - wp.x, feet.z - wp.z) < Math.max(0.5, p.radius * 0.8) && Math.abs(feet.y - wp.y) < 2;
      if (inside && !this.#insidePortal.has(p.id)) {
        this.#insidePortal.add(p.id);
        this.events.emit('portal', { portalId: p.id, target: p.target });
        if (p.target.kind === 'point') this.teleport(p.target.position, p.target.rotation);
      } else if (!inside) this.#insidePortal.delete(p.id);
    }
  }

  #travelTo(position: Vec3, rotation: Vec3): Promise<void> {
    return new Promise((resolve) => {
      this.#travel?.done();
      const dir = this.camera.getWorldDirection(new Vector3());
      this.#travel = {
        from: this.camera.position.clone(),
        to: new Vector3(position[0], position[1] + EYE_HEIGHT, position[2]),
        fromRot: [Math.asin(Math.max(-1, Math.min(1, dir.y))), Math.atan2(-dir.x, -dir.z), 0],
        toRot: rotation,
        t: 0,
        done: resolve,
      };
      if (this.store.getState().cameraMode === 'orbit') this.setCameraMode('player');
    });
  }

  #playAudio(uri: string | undefined): void {
    this.#audio?.pause();
    this.#audio = null;
    this.#ambient.duck(false);
    if (!uri) return;
    const audio = new Audio(this.#resolve(uri));
    this.#audio = audio;
    this.#audio.volume = this.#volume;
    this.#ambient.duck(true);
    audio.addEventListener('ended', () => { if (this.#audio === audio) this.#ambient.duck(false); });
    this.#audio.play().catch(() => { /* needs a user gesture first; the UI can offer play */ });
  }

  // ---------- internals: input ----------

  #listen(canvas: HTMLCanvasElement): void {
    const on = <K extends keyof HTMLElementEventMap>(el: HTMLElement | Document, name: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      el.addEventListener(name, fn as EventListener);
      this.#cleanups.push(() => el.removeEventListener(name, fn as EventListener));
    };
    this.#keyboard.attach(window);
    // Browsers keep audio silent until the visitor interacts with the page (any control counts).
    const unlockAudio = () => this.#ambient.unlock();
    on(document, 'pointerdown', unlockAudio);
    on(document, 'keydown', unlockAudio);
    this.#keyboard.onKeyDown((code) => {
      if (code === 'Space' && this.store.getState().cameraMode === 'player') this.#player.body.jump();
    });
    on(canvas, 'pointerdown', (e) => {
      canvas.focus({ preventScroll: true });
      if (e.pointerType === 'touch' && !this.#joystick && this.store.getState().cameraMode !== 'orbit') {
        this.#joystick = new TouchJoystick(this.#container);
        this.#joystick.visible = true;
      }
      this.#drag = { id: e.pointerId, x: e.clientX, y: e.clientY, lastX: e.clientX, lastY: e.clientY, moved: false, button: e.button };
    });
    for (const name of ['pointermove', 'pointerdown', 'pointerup', 'wheel', 'keydown', 'keyup'] as const) {
      on(name.startsWith('key') ? document : canvas, name, () => this.#redraw.invalidate());
    }
    on(canvas, 'pointermove', (e) => {
      const locked = document.pointerLockElement === canvas;
      const mode = this.store.getState().cameraMode;
      if (locked && mode !== 'orbit') { this.#look(e.movementX, e.movementY); return; }
      const d = this.#drag;
      if (!d || d.id !== e.pointerId) return;
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) > DRAG_THRESHOLD_PX) d.moved = true;
      if (mode !== 'orbit' && d.moved) this.#look(e.clientX - d.lastX, e.clientY - d.lastY);
      d.lastX = e.clientX;
      d.lastY = e.clientY;
    });
    on(canvas, 'pointerup', (e) => {
      const d = this.#drag;
      this.#drag = null;
      if (!d || d.id !== e.pointerId || d.moved || d.button !== 0) return;
      const locked = document.pointerLockElement === canvas;
      this.#click(locked ? 0 : e.clientX, locked ? 0 : e.clientY, locked, e.shiftKey);
    });
    const lockChange = () => this.store.setState({ pointerLocked: document.pointerLockElement === canvas });
    document.addEventListener('pointerlockchange', lockChange);
    this.#cleanups.push(() => document.removeEventListener('pointerlockchange', lockChange));
    if (this.#mobile) {
      this.#joystick = new TouchJoystick(this.#container);
    }
  }

  #look(dx: number, dy: number): void {
    const look = this.store.getState().cameraMode === 'player' ? this.#player.look : this.#fly.look;
    look.rotateBy(dx, dy);
  }

  #pick(clientX: number, clientY: number, center: boolean): Intersection | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = center ? new Vector2(0, 0) : new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.#raycaster.setFromCamera(ndc, this.camera);
    const hits = this.#raycaster.intersectObjects([this.#items, this.#structure], true);
    const cut = this.#cut?.height ?? Infinity;
    return hits.find((h) => h.point.y <= cut && visibleInScene(h.object)) ?? null;
  }

  #click(x: number, y: number, center: boolean, additive: boolean): void {
    if (!center && this.#clickOverride?.(x, y)) return;
    const state = this.store.getState();
    const hit = this.#pick(x, y, center);
    const tag = hit ? itemTagOf(hit.object) : null;
    let id = tag?.itemId ?? null;
    const ids = hit?.object.userData.instanceItems as string[] | undefined;
    if (ids && hit?.instanceId !== undefined) id = ids[hit.instanceId] ?? id;
    if (state.mode === 'editor' || state.mode === 'inspector') {
      if (!id) { if (!additive) this.select([]); return; }
      this.select(additive ? (state.selection.includes(id) ? state.selection.filter((s) => s !== id) : [...state.selection, id]) : [id]);
      return;
    }
    if (tag && id && tag.activatable) {
      const obj = this.#byId.get(id);
      const video = obj?.userData.video as HTMLVideoElement | undefined;
      const item = this.#findItem(tag.kind, id);
      if (video && !(item && 'popUp' in item && item.popUp)) {
        if (video.paused) video.play().catch(() => {}); else video.pause();
        return;
      }
      if (item) this.events.emit('itemActivated', { id, kind: tag.kind, title: item.title, description: item.description, item });
      return;
    }
    if (state.cameraMode === 'player' && !center && !this.#mobile) {
      // Clicking the world (not an item) captures the mouse for looking, as games do.
      this.renderer.domElement.requestPointerLock?.()?.catch?.(() => {});
    }
  }

  #findItem(kind: PlacedItemKind, id: string): PlacedItem | undefined {
    return (this.#doc?.[kind] as readonly PlacedItem[] | undefined)?.find((i) => i.id === id);
  }

  // ---------- internals: misc ----------

  #applyQuality(): void {
    const q = QUALITY[this.store.getState().quality];
    this.renderer.setPixelRatio(Math.min(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1, q.maxPixelRatio) * this.#renderScale);
    this.#lighting.apply(this.renderer, q);
    this.#onResize();
  }

  #onResize(): void {
    this.#redraw.invalidate();
    const w = Math.max(1, this.#container.clientWidth), h = Math.max(1, this.#container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.#css?.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  #setLifecycle(lifecycle: Lifecycle): void {
    if (this.store.getState().lifecycle === lifecycle) return;
    this.store.setState({ lifecycle });
    this.events.emit('lifecycleChanged', { lifecycle });
  }

  #lifecycleAtLeast(l: Lifecycle): boolean {
    const order: Lifecycle[] = ['created', 'ready', 'configured', 'readyForModeChange', 'modeSet', 'readyForInput'];
    return order.indexOf(this.store.getState().lifecycle) >= order.indexOf(l);
  }
}

/** An object and all its parents are visible (hidden levels in the interior view stay unpickable). */
function visibleInScene(o: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}

function shortestAngle(from: number, to: number): number {
  const d = ((to - from + Math.PI) % (Math.PI * 2) + Math.PI * 2) % (Math.PI * 2) - Math.PI;
  return d;
}

/** Resolves after the next animation frame (a macrotask later where there is no rAF, as in tests). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}
