import { Euler, type Camera } from 'three';

const MAX_PITCH = Math.PI / 2 - 0.01;
const euler = new Euler(0, 0, 0, 'YXZ');

/** Yaw/pitch head shared by the player and fly cameras. Yaw 0 looks down -Z. */
export class Look {
  yaw = 0;
  pitch = 0;
  sensitivity = 0.0025;

  rotateBy(dx: number, dy: number): void {
    this.yaw -= dx * this.sensitivity;
    this.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, this.pitch - dy * this.sensitivity));
  }

  set(rotation: readonly [number, number, number]): void {
    this.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, rotation[0]));
    this.yaw = rotation[1];
  }

  apply(camera: Camera): void {
    euler.set(this.pitch, this.yaw, 0, 'YXZ');
    camera.quaternion.setFromEuler(euler);
  }

  /** World-space horizontal velocity for a strafe/forward intent at this heading. */
  horizontal(x: number, y: number, speed: number, out: { set(x: number, y: number, z: number): unknown }): void {
    const len = Math.hypot(x, y);
    if (len < 1e-3) { out.set(0, 0, 0); return; }
    const s = speed / Math.max(1, len);
    const sin = Math.sin(this.yaw), cos = Math.cos(this.yaw);
    out.set((x * cos - y * sin) * s, 0, (-x * sin - y * cos) * s);
  }
}
