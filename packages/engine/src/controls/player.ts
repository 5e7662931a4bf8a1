import { Vector3, type Mesh, type PerspectiveCamera } from 'three';
import { CapsuleBody } from './capsule.ts';
import type { MoveIntent } from './input.ts';
import { Look } from './look.ts';

export const WALK_SPEED = 2.2;
export const RUN_SPEED = 4.5;
export const EYE_HEIGHT = 1.6;
// Below this the player has fallen out of the world and goes back to the entry point.
const KILL_Y = -50;

const move = new Vector3();

/** First-person walker: capsule physics plus a head. */
export class PlayerController {
  readonly body = new CapsuleBody();
  readonly look = new Look();
  readonly spawn = new Vector3();
  spawnRotation: [number, number, number] = [0, 0, 0];

  teleport(feet: Vector3, rotation?: readonly [number, number, number]): void {
    this.body.position.copy(feet);
    this.body.velocity.set(0, 0, 0);
    if (rotation) this.look.set(rotation);
  }

  update(dt: number, intent: MoveIntent, collider: Mesh | null, camera: PerspectiveCamera): void {
    this.look.horizontal(intent.x, intent.y, intent.run ? RUN_SPEED : WALK_SPEED, move);
    this.body.step(collider, move, dt);
    if (this.body.position.y < KILL_Y) this.teleport(this.spawn, this.spawnRotation);
    camera.position.set(this.body.position.x, this.body.position.y + EYE_HEIGHT, this.body.position.z);
    this.look.apply(camera);
  }
}

/** Free flight without collisions, for editors and inspecting big spaces. Q/E or Space/C for up/down. */
export class FlyController {
  readonly look = new Look();
  readonly position = new Vector3();
  speed = 5;

  update(dt: number, intent: MoveIntent, vertical: number, camera: PerspectiveCamera): void {
    const s = this.speed * (intent.run ? 3 : 1);
    const cp = Math.cos(this.look.pitch);
    const sin = Math.sin(this.look.yaw), cos = Math.cos(this.look.yaw);
    // Forward follows the full view direction so flying "up the stairs" works naturally.
    const fx = -sin * cp, fy = Math.sin(this.look.pitch), fz = -cos * cp;
    this.position.x += (fx * intent.y + cos * intent.x) * s * dt;
    this.position.y += (fy * intent.y + vertical) * s * dt;
    this.position.z += (fz * intent.y - sin * intent.x) * s * dt;
    camera.position.copy(this.position);
    this.look.apply(camera);
  }
}
