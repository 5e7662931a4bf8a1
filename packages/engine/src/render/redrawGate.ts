import { Matrix4, type Camera } from 'three';

/**
 * Render on demand: a frame is drawn only when something asked for it (an edit, input, a texture
 * arriving), the camera moved (orbit damping, fly, player physics), or the scene animates. A slow
 * heartbeat catches changes nobody announced, so a missed `invalidate` costs at most that delay.
 */
export class RedrawGate {
  #dirty = true;
  #camera = new Matrix4();
  #projection = new Matrix4();
  #lastDrawAt = -Infinity;
  readonly heartbeatMs: number;

  constructor(heartbeatMs = 4000) {
    this.heartbeatMs = heartbeatMs;
  }

  invalidate(): void {
    this.#dirty = true;
  }

  /** True when this frame must be drawn; remembers the camera it was drawn with. */
  shouldDraw(camera: Camera, nowMs: number, animating: boolean): boolean {
    camera.updateMatrixWorld();
    const moved = !camera.matrixWorld.equals(this.#camera) || !camera.projectionMatrix.equals(this.#projection);
    if (!this.#dirty && !moved && !animating && nowMs - this.#lastDrawAt < this.heartbeatMs) return false;
    this.#dirty = false;
    this.#camera.copy(camera.matrixWorld);
    this.#projection.copy(camera.projectionMatrix);
    this.#lastDrawAt = nowMs;
    return true;
  }
}
