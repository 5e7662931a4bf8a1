import {
  AnimationMixer, Box3, Frustum, LoopOnce, LoopRepeat, Matrix4, Sphere, type AnimationAction, type AnimationClip, type Camera, type Object3D,
} from 'three';

export interface ModelAnimationSettings {
  /** Clip name from the scene document; absent or unknown falls back to the first clip. */
  clip?: string | undefined;
  autoplay: boolean;
  loop: boolean;
}

/** What the inspector and tests read about a placed model's animation. */
export interface ModelAnimationInfo {
  clips: readonly string[];
  clip: string | null;
  playing: boolean;
  onScreen: boolean;
  /** Seconds into the current clip. */
  time: number;
}

// Limbs swing outside the rest pose's bounds; a generous margin keeps a model playing while any of it can show.
const BOUNDS_MARGIN = 1.5;

const NO_CLIPS: readonly string[] = Object.freeze([]);

/**
 * Which of a model's clips a stored name plays: that clip, else the first. The asset pipeline lists
 * unnamed clips as "Clip n" while three.js calls them "animation_n", so "Clip n" finds its clip by position.
 */
export function chosenClipIndex(names: readonly string[], name: string | undefined): number {
  if (names.length === 0) return -1;
  const byName = name === undefined ? -1 : names.indexOf(name);
  if (byName >= 0) return byName;
  const numbered = name ? /^Clip (\d+)$/.exec(name) : null;
  const n = numbered ? Number(numbered[1]) - 1 : -1;
  return n >= 0 && n < names.length ? n : 0;
}

export function pickClip(clips: readonly AnimationClip[], name: string | undefined): AnimationClip | null {
  return clips[chosenClipIndex(clips.map((c) => c.name), name)] ?? null;
}

/** An object and all its parents are visible (hidden levels of the interior view). */
function shown(o: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}

/**
 * One placed model's clips on its own mixer. The engine advances it from its frame clock, and only
 * while the model can be seen: off-screen the clip holds its time, so nothing is computed (or drawn,
 * in the editor's on-demand rendering) for motion nobody sees.
 */
export class ModelAnimation {
  readonly mixer: AnimationMixer;
  readonly clips: readonly AnimationClip[];
  /** One array for the model's life, so UI stores can compare snapshots by identity. */
  readonly clipNames: readonly string[];
  readonly action: AnimationAction | null;
  #root: Object3D;
  #localBounds: Sphere;
  #worldBounds = new Sphere();
  #onScreen = false;

  constructor(root: Object3D, clips: readonly AnimationClip[], settings: ModelAnimationSettings) {
    this.#root = root;
    this.clips = clips;
    this.clipNames = Object.freeze(clips.map((c) => c.name));
    this.mixer = new AnimationMixer(root);
    const clip = pickClip(clips, settings.clip);
    this.action = clip ? this.mixer.clipAction(clip) : null;
    if (this.action) {
      this.action.setLoop(settings.loop ? LoopRepeat : LoopOnce, Infinity);
      // A clip played once ends on its last pose instead of jumping back to the rest pose.
      this.action.clampWhenFinished = true;
      if (settings.autoplay) this.action.play();
    }
    root.updateWorldMatrix(true, true);
    const box = new Box3().setFromObject(root);
    const sphere = box.isEmpty() ? new Sphere(root.getWorldPosition(box.min), 1) : box.getBoundingSphere(new Sphere());
    this.#localBounds = sphere.applyMatrix4(new Matrix4().copy(root.matrixWorld).invert());
    this.#localBounds.radius = Math.max(this.#localBounds.radius * BOUNDS_MARGIN, 0.01);
  }

  /** Playing and not finished (a clip played once stops on its last frame). */
  get playing(): boolean {
    return this.action?.isRunning() ?? false;
  }

  get onScreen(): boolean {
    return this.#onScreen;
  }

  /**
   * Advances the clip by `dt` seconds when the model is inside `frustum` and not hidden; returns true
   * when the pose changed, so the frame has to be drawn.
   */
  update(dt: number, frustum: Frustum): boolean {
    if (!this.playing) { this.#onScreen = false; return false; }
    this.#worldBounds.copy(this.#localBounds).applyMatrix4(this.#root.matrixWorld);
    this.#onScreen = shown(this.#root) && frustum.intersectsSphere(this.#worldBounds);
    if (!this.#onScreen) return false;
    this.mixer.update(dt);
    return true;
  }

  info(): ModelAnimationInfo {
    return {
      clips: this.clipNames,
      clip: this.action?.getClip().name ?? null,
      playing: this.playing,
      onScreen: this.#onScreen,
      time: this.action?.time ?? 0,
    };
  }

  dispose(): void {
    this.mixer.stopAllAction();
    for (const clip of this.clips) this.mixer.uncacheClip(clip);
    this.mixer.uncacheRoot(this.#root);
  }
}

/** The animated models of a loaded scene, by item id, advanced together from the engine's frame loop. */
export class ModelAnimations {
  #byId = new Map<string, ModelAnimation>();
  /** Models that have loaded without clips, so "none" can be told from "still loading". */
  #still = new Set<string>();
  #frustum = new Frustum();
  #viewProjection = new Matrix4();

  /** Gives a loaded model its mixer (replacing an earlier one); models without clips get none. */
  attach(id: string, root: Object3D, clips: readonly AnimationClip[], settings: ModelAnimationSettings): void {
    this.remove(id);
    if (clips.length > 0) this.#byId.set(id, new ModelAnimation(root, clips, settings));
    else this.#still.add(id);
  }

  remove(id: string): void {
    this.#byId.get(id)?.dispose();
    this.#byId.delete(id);
    this.#still.delete(id);
  }

  clear(): void {
    for (const animation of this.#byId.values()) animation.dispose();
    this.#byId.clear();
    this.#still.clear();
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Null until the model has loaded; a model without clips lists none. */
  info(id: string): ModelAnimationInfo | null {
    const animation = this.#byId.get(id);
    if (animation) return animation.info();
    return this.#still.has(id) ? { clips: NO_CLIPS, clip: null, playing: false, onScreen: false, time: 0 } : null;
  }

  /**
   * Advances every playing clip that `camera` can see by `dt` seconds. True when any pose changed:
   * on-demand rendering then draws this frame and asks for the next.
   */
  update(dt: number, camera: Camera): boolean {
    if (this.#byId.size === 0) return false;
    camera.updateMatrixWorld();
    this.#frustum.setFromProjectionMatrix(this.#viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
    let moved = false;
    for (const animation of this.#byId.values()) moved = animation.update(dt, this.#frustum) || moved;
    return moved;
  }
}
