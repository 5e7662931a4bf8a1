import { Matrix4, type Camera } from 'three';

/**
 * Closer than this in every element counts as the same camera. A player camera standing still is
 * recomposed each update from its position and yaw/pitch, and the rounding differs by about 1e-16:
 * compared exactly, every check saw a "move" and a loading space drew frame after frame (each a
 * quarter second under SwiftShader) instead of waiting for its arrivals. 1e-7 m or rad is far below
 * anything a pixel can show.
 */
const SAME_CAMERA_EPSILON = 1e-7;

function nearlyEqual(a: Matrix4, b: Matrix4): boolean {
  const x = a.elements;
  const y = b.elements;
  for (let i = 0; i < 16; i++) if (Math.abs(x[i]! - y[i]!) > SAME_CAMERA_EPSILON) return false;
  return true;
}

/**
 * Render on demand: a frame is drawn only when something asked for it (an edit, input, a texture
 * arriving), the camera moved (orbit damping, fly, player physics), or the scene animates. A slow
 * heartbeat catches changes nobody announced, so a missed `invalidate` costs at most that delay.
 */
export class RedrawGate {
  #dirty = true;
  #progress = false;
  /** Something besides the camera and arrived textures changed since the last frame (see `sceneChanged`). */
  #changed = true;
  #drewChange = true;
  #camera = new Matrix4();
  #projection = new Matrix4();
  #lastDrawAt = -Infinity;
  readonly heartbeatMs: number;
  readonly progressMs: number;

  constructor(heartbeatMs = 4000, progressMs = 1000) {
    this.heartbeatMs = heartbeatMs;
    this.progressMs = progressMs;
  }

  invalidate(): void {
    this.#dirty = true;
    this.#changed = true;
  }

  /**
   * Something arrived while a space loads (a texture, a picture, a model): shown with a frame at
   * most every `progressMs`, so a load's arrivals are a few frames, not one each — on a slow GPU
   * every extra frame delays the rest of the load by a whole frame. What finishes a load asks with
   * `invalidate`, so the complete space is drawn at once.
   */
  progress(): void {
    this.#progress = true;
  }

  /**
   * A frame at once, like `invalidate`, for something that changes only what surfaces look like (a
   * load's last texture, picture or sky arriving), not where anything is; see `sceneChanged`.
   */
  refresh(): void {
    this.#dirty = true;
  }

  /**
   * Whether the frame `shouldDraw` just allowed may show objects moved, added or removed: false when
   * it draws only arrivals (`progress`, `refresh`) or a camera move, whose sun shadows are those of
   * the frame before (the shadow camera is fitted to the building, not to the view).
   */
  get sceneChanged(): boolean {
    return this.#drewChange;
  }

  /** True when this frame must be drawn; remembers the camera it was drawn with. */
  shouldDraw(camera: Camera, nowMs: number, animating: boolean): boolean {
    camera.updateMatrixWorld();
    const moved = !nearlyEqual(camera.matrixWorld, this.#camera) || !nearlyEqual(camera.projectionMatrix, this.#projection);
    const since = nowMs - this.#lastDrawAt;
    const progressDue = this.#progress && since >= this.progressMs;
    if (!this.#dirty && !progressDue && !moved && !animating && since < this.heartbeatMs) return false;
    this.#drewChange = this.#changed || animating || since >= this.heartbeatMs;
    this.#dirty = false;
    this.#progress = false;
    this.#changed = false;
    this.#camera.copy(camera.matrixWorld);
    this.#projection.copy(camera.projectionMatrix);
    this.#lastDrawAt = nowMs;
    return true;
  }
}
