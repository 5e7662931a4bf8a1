import { PerspectiveCamera, type Scene } from 'three';
import type { SceneDocument, Vec3 } from '@atrium/shared';
import { MediaPlayer } from './audio/mediaPlayer.ts';
import { AvatarLayer } from './avatars/layer.ts';
import { CameraRig } from './controls/cameraRig.ts';
import { InputController } from './controls/inputController.ts';
import type { Emitter } from './core/emitter.ts';
import { nextFrame } from './core/nextFrame.ts';
import type { Store } from './core/store.ts';
import type { EngineTexts } from './core/options.ts';
import type { CameraMode, EngineEvents, EngineState } from './core/types.ts';
import { AssetLoader } from './loading/assetLoader.ts';
import { ProgressTracker } from './loading/progress.ts';
import { Environment } from './render/environment.ts';
import { SurfaceMaterials } from './render/materials.ts';
import { Viewport } from './render/viewport.ts';
import { LevelView } from './scene/levelView.ts';
import { Portals } from './scene/portals.ts';
import { SceneContent } from './scene/sceneContent.ts';
import { Selection } from './scene/selection.ts';
import { TourPlayer } from './tours.ts';

/** The engine's parts, each with one job (see the README's "Parts"). */
export interface EngineParts {
  tracker: ProgressTracker;
  viewport: Viewport;
  rig: CameraRig;
  input: InputController;
  environment: Environment;
  media: MediaPlayer;
  materials: SurfaceMaterials;
  assets: AssetLoader;
  content: SceneContent;
  selection: Selection;
  portals: Portals;
  view: LevelView;
  tours: TourPlayer;
  avatars: AvatarLayer;
}

/** What the parts call back into the coordinator for. */
export interface PartsHost {
  store: Store<EngineState>;
  events: Emitter<EngineEvents>;
  scene: Scene;
  container: HTMLElement;
  mobile: boolean;
  antialias: boolean;
  resolveUri(uri: string): string;
  transcoderPath?: string | undefined;
  texts?: (() => EngineTexts) | undefined;
  click(x: number, y: number, center: boolean, additive: boolean): void;
  teleport(position: Vec3, rotation?: Vec3): void;
  setCameraMode(mode: CameraMode): void;
}

/** Makes the parts and wires their callbacks; the coordinator owns them from then on. */
export function createParts(host: PartsHost): EngineParts {
  const { store, events, scene, resolveUri } = host;
  const mode = () => store.getState().cameraMode;
  let content: SceneContent | null = null;
  let viewport: Viewport | null = null;
  let loadedPending = false;
  const tracker = new ProgressTracker((p, arrived) => {
    // A texture, model or picture arrived: a frame soon (progress frames are spaced out), or at once when that was the last.
    // Bytes streaming in change nothing on screen and ask for no frame: under SwiftShader a frame
    // drawn for them would delay the rest of the load by a whole frame.
    if (tracker.complete) viewport?.redraw.refresh();
    else if (arrived) viewport?.redraw.progress();
    store.setState({ progress: p });
    events.emit('progress', p);
    if (tracker.complete && !store.getState().fullyLoaded && content?.document && !loadedPending) {
      // Loaded means shown: the frame that uploads the last textures and images is drawn first.
      loadedPending = true;
      const doc = content.document;
      viewport?.afterFrame(() => {
        loadedPending = false;
        if (!tracker.complete || content?.document !== doc || store.getState().fullyLoaded) return;
        store.setState({ fullyLoaded: true });
        events.emit('loaded', { items: tracker.snapshot().totalItems, failed: 0 });
      });
    }
  });
  const camera = new PerspectiveCamera(60, 1, 0.05, 2000);
  viewport = new Viewport(host.container, scene, camera, host.antialias);
  const vp = viewport;
  const rig = new CameraRig(camera, vp.canvas, (position, rotation) => events.emit('teleported', { position, rotation }));
  const materials = new SurfaceMaterials();
  const assets = new AssetLoader({
    renderer: vp.renderer, tracker, resolveUri, settings: () => store.getState(), transcoderPath: host.transcoderPath, texts: host.texts,
    warn: (message, itemId, cause) => events.emit('error', { message, itemId, cause }),
  });
  const environment = new Environment({
    renderer: vp.renderer, scene, tracker, resolveUri, error: (message, cause) => events.emit('error', { message, cause }),
  });
  const c = content = new SceneContent({
    tracker, materials, context: () => assets.context(),
    changed: () => { rig.markCollidersDirty(); vp.redraw.invalidate(); },
    modelClips: (itemId, clips) => events.emit('modelClips', { itemId, clips }),
    webViewAdded: () => vp.ensureCss(),
  });
  const view = new LevelView(scene, c, rig, vp);
  const selection = new Selection({
    camera, roots: () => [c.items, c.structure], objectOf: (id) => c.object(id),
    rect: () => vp.canvas.getBoundingClientRect(), cutHeight: () => view.cutHeight,
  });
  const media = new MediaPlayer({ ambient: environment.ambient, videos: () => c.videos, resolveUri });
  const portals = new Portals((e) => events.emit('portal', e), (p, r) => host.teleport(p, r));
  const input = new InputController(vp.canvas, host.container, host.mobile, {
    cameraMode: mode,
    look: (dx, dy) => rig.look(dx, dy, mode()),
    click: (x, y, center, additive) => host.click(x, y, center, additive),
    jump: () => rig.player.body.jump(),
    anyInput: () => vp.redraw.invalidate(),
    unlockAudio: () => environment.ambient.unlock(),
    pointerLockChanged: (pointerLocked) => store.setState({ pointerLocked }),
  });
  const tours = new TourPlayer({
    tours: () => c.document?.guidedTours ?? [],
    travelTo: (p, r) => {
      const arrived = rig.travelTo(p, r);
      if (mode() === 'orbit') host.setCameraMode('player');
      return arrived;
    },
    emit: (name, payload) => events.emit(name, payload),
    setTour: (tour) => store.setState({ tour }),
    playAudio: (uri) => media.playClip(uri),
  });
  const avatars = new AvatarLayer({
    pose: () => ({ position: rig.position(mode()), yaw: rig.facing() }),
    showLocal: () => mode() !== 'player',
  });
  scene.add(c.structure, c.items, selection.helpers, avatars.root);
  return { tracker, viewport: vp, rig, input, environment, media, materials, assets, content: c, selection, portals, view, tours, avatars };
}

/**
 * A load after the parts were cleared (README "The flow of a load"): builds the space at once, then
 * streams textures and the sky in after its first frame; `loaded` settles once the space is complete.
 */
export function buildAndStream(p: EngineParts, doc: SceneDocument, current: () => boolean, loaded: Promise<unknown>): void {
  p.tracker.addItems(1); // the structure
  p.content.sync(null, doc);
  p.view.apply();
  p.media.applyVolume();
  p.tracker.itemDone();
  p.view.fit(doc, p.environment);
  p.rig.rebuildCollider([p.environment.ground, p.content.structure, p.content.items]);
  p.environment.applySurroundings(doc, true);
  const shown = nextFrame();
  // What is out of view compiles once the space is complete, not while it loads: without
  // KHR_parallel_shader_compile every link runs on the GPU process the load's uploads and frames
  // queue on. Textures and the sky arriving change no program (their slots and stand-ins are set).
  void p.viewport.compile(loaded);
  void p.materials.loadPending(p.tracker, current, shown);
  // Not awaited: the caller's next steps (setMode, a teleport to the entry point) then come before
  // the first frame, which shows the view the visitor gets. Awaiting the sky drew the first frame
  // from the overview framing and, at once, another from the entry point: a whole frame more
  // before the space was complete (a quarter second under SwiftShader). Failures are reported by applySky.
  void p.environment.applySky(doc, current, shown);
}

/** Drops what belongs to the loaded document (a new one is coming, or the engine unloads). */
export function clearParts(p: EngineParts): void {
  p.content.clear();
  p.assets.clear();
  p.portals.clear();
  p.selection.helpers.clear();
  p.rig.reset();
}

/** Frees everything the parts hold: listeners, GPU resources, DOM. */
export function disposeParts(p: EngineParts): void {
  p.tours.stop();
  p.avatars.dispose();
  clearParts(p);
  p.assets.dispose();
  p.input.dispose();
  p.rig.dispose();
  p.environment.dispose();
  p.materials.dispose();
  p.viewport.dispose();
}

/** One frame of simulation: collider, camera, portals, animations, avatars. True when a model clip moved on screen. */
export function updateParts(p: EngineParts, mode: CameraMode, dt: number, t: number): boolean {
  const { rig, content } = p;
  if (rig.colliderDirty) rig.rebuildCollider([p.environment.ground, content.structure, content.items]);
  rig.update(dt, mode, p.input.intent(), p.input.vertical());
  const doc = content.document;
  if (mode === 'player' && !rig.travelling && doc) p.portals.check(doc.portals, rig.player.body.position, (id) => content.object(id));
  content.tick(t, dt);
  const moving = content.modelAnimations.update(dt, rig.camera);
  p.avatars.update(dt, { camera: rig.camera, viewportHeightPx: p.viewport.canvas.clientHeight });
  return moving;
}
