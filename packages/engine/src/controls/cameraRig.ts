import { Group, Vector3, type Box3, type Mesh, type Object3D, type PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Vec3 } from '@atrium/shared';
import type { CameraMode } from '../core/types.ts';
import { buildCollider } from './collider.ts';
import type { MoveIntent } from './input.ts';
import { EYE_HEIGHT, FlyController, PlayerController } from './player.ts';

const TRAVEL_SECONDS = 1.2;

interface Travel { from: Vector3; to: Vector3; fromRot: Vec3; toRot: Vec3; t: number; done: () => void }

/**
 * The camera and the three ways of moving it: player (capsule against a BVH collider, steps,
 * gravity), fly and orbit, plus smooth travel between tour points. It knows nothing of modes or
 * documents; the engine tells it the camera mode and where the spawn point is.
 */
export class CameraRig {
  readonly camera: PerspectiveCamera;
  readonly orbit: OrbitControls;
  readonly player = new PlayerController();
  readonly fly = new FlyController();
  #collider: Mesh | null = null;
  #colliderDirty = false;
  #travel: Travel | null = null;
  #teleported: (position: Vec3, rotation: Vec3) => void;

  constructor(camera: PerspectiveCamera, canvas: HTMLElement, teleported: (position: Vec3, rotation: Vec3) => void) {
    this.camera = camera;
    this.#teleported = teleported;
    this.orbit = new OrbitControls(this.camera, canvas);
    this.orbit.enableDamping = true;
    this.orbit.maxPolarAngle = Math.PI * 0.495;
    this.orbit.enabled = false;
    this.camera.position.set(8, 8, 12);
  }

  get travelling(): boolean {
    return this.#travel !== null;
  }

  /** The walkable world changed; the collider is rebuilt before the next step. */
  markCollidersDirty(): void {
    this.#colliderDirty = true;
  }

  /** Builds the BVH of what the player collides with, without reparenting those objects. */
  rebuildCollider(roots: readonly Object3D[]): void {
    this.#collider?.geometry.dispose();
    const root = new Group();
    this.#collider = null;
    root.children.push(...roots);
    roots[0]?.parent?.updateMatrixWorld(true);
    this.#collider = buildCollider(root);
    root.children.length = 0;
    this.#colliderDirty = false;
  }

  get colliderDirty(): boolean {
    return this.#colliderDirty;
  }

  /** One frame of movement: a travel in progress, else the camera mode's controller. */
  update(dt: number, mode: CameraMode, intent: MoveIntent, vertical: number): void {
    if (this.#travel) { this.#stepTravel(dt); return; }
    if (mode === 'orbit') { this.orbit.update(); return; }
    if (mode === 'player') this.player.update(dt, intent, this.#collider, this.camera);
    else this.fly.update(dt, intent, vertical, this.camera);
  }

  #stepTravel(dt: number): void {
    const tr = this.#travel!;
    tr.t = Math.min(1, tr.t + dt / TRAVEL_SECONDS);
    const e = tr.t < 0.5 ? 2 * tr.t * tr.t : 1 - (-2 * tr.t + 2) ** 2 / 2;
    this.camera.position.lerpVectors(tr.from, tr.to, e);
    const yaw = tr.fromRot[1] + shortestAngle(tr.fromRot[1], tr.toRot[1]) * e;
    const pitch = tr.fromRot[0] + (tr.toRot[0] - tr.fromRot[0]) * e;
    this.fly.look.set([pitch, yaw, 0]);
    this.fly.look.apply(this.camera);
    if (tr.t >= 1) {
      this.#travel = null;
      this.teleport([tr.to.x, tr.to.y - EYE_HEIGHT, tr.to.z], tr.toRot, 'player');
      tr.done();
    }
  }

  /** Glides the camera to a standing point (feet) over ~1 s; resolves on arrival. */
  travelTo(position: Vec3, rotation: Vec3): Promise<void> {
    return new Promise((resolve) => {
      this.#travel?.done();
      this.#travel = {
        from: this.camera.position.clone(),
        to: new Vector3(position[0], position[1] + EYE_HEIGHT, position[2]),
        fromRot: this.pose().rotation,
        toRot: rotation,
        t: 0,
        done: resolve,
      };
    });
  }

  /**
   * Switches how the camera moves. Into player mode it drops to the floor under the fly camera, or
   * stands at `spawn` when coming from orbit; fly starts where the camera is.
   */
  setMode(mode: CameraMode, previous: CameraMode, spawn: { position: Vec3; rotation: Vec3 }): void {
    this.orbit.enabled = mode === 'orbit';
    if (mode === 'player' && previous === 'fly') {
      this.player.teleport(this.fly.position.clone().setY(this.fly.position.y - EYE_HEIGHT), [this.fly.look.pitch, this.fly.look.yaw, 0]);
    } else if (mode === 'player' && previous === 'orbit') {
      this.player.teleport(new Vector3(...spawn.position), spawn.rotation);
    }
    if (mode === 'fly') {
      this.fly.position.copy(this.camera.position);
      const { rotation } = this.pose();
      this.fly.look.pitch = rotation[0];
      this.fly.look.yaw = rotation[1];
    }
    if (mode === 'orbit') {
      this.orbit.target.copy(this.camera.position).add(this.#forward().multiplyScalar(5));
      this.orbit.update();
    }
  }

  /** Moves the viewer instantly; `position` is where the feet go, rotation [pitch, yaw, 0]. */
  teleport(position: Vec3, rotation: Vec3 | undefined, mode: CameraMode): void {
    const rot: Vec3 = rotation ?? [this.player.look.pitch, this.player.look.yaw, 0];
    this.player.teleport(new Vector3(...position), rot);
    this.fly.position.set(position[0], position[1] + EYE_HEIGHT, position[2]);
    this.fly.look.set(rot);
    this.camera.position.copy(this.fly.position);
    this.fly.look.apply(this.camera);
    if (mode === 'orbit') this.orbit.target.copy(this.camera.position).add(this.#forward().multiplyScalar(3));
    this.#teleported(position, rot);
  }

  /** Where the camera stands (feet) and looks ([pitch, yaw, 0]). */
  pose(): { position: Vec3; rotation: Vec3 } {
    const dir = this.#forward();
    const p = this.camera.position;
    return {
      position: [p.x, p.y - EYE_HEIGHT, p.z],
      rotation: [Math.asin(Math.max(-1, Math.min(1, dir.y))), Math.atan2(-dir.x, -dir.z), 0],
    };
  }

  /** Feet in player mode, the camera position otherwise. */
  position(mode: CameraMode): Vec3 {
    const p = mode === 'player' ? this.player.body.position : this.camera.position;
    return [p.x, p.y, p.z];
  }

  /** The heading the camera faces, as avatars measure yaw (atan2 of the view's x and z). */
  facing(): number {
    const dir = this.#forward();
    return Math.atan2(dir.x, dir.z);
  }

  look(dx: number, dy: number, mode: CameraMode): void {
    (mode === 'player' ? this.player.look : this.fly.look).rotateBy(dx, dy);
  }

  /** Sets where the player starts and where falling out of the world returns to. */
  setSpawn(position: Vec3, rotation: Vec3, go: boolean): void {
    this.player.spawn.fromArray(position);
    this.player.spawnRotation = [...rotation];
    if (go) this.player.teleport(this.player.spawn, rotation);
  }

  /** Orbit framing of `bounds`: from outside the whole building, or steeply down into one level. */
  frame(bounds: Box3, into: boolean): void {
    if (bounds.isEmpty()) bounds.set(new Vector3(-5, 0, -5), new Vector3(5, 4, 5));
    const center = bounds.getCenter(new Vector3());
    const size = bounds.getSize(new Vector3());
    const r = Math.max(size.x, size.z, 6);
    if (!into) {
      this.orbit.target.set(center.x, Math.min(center.y, 1.2), center.z);
      this.camera.position.set(center.x + r * 0.55, center.y + r * 0.75, center.z + r * 0.95);
    } else {
      const floor = bounds.min.y;
      this.orbit.target.set(center.x, floor + 1.2, center.z);
      this.camera.position.set(center.x + r * 0.2, floor + r * 0.9 + 2, center.z + r * 0.45);
    }
    this.orbit.update();
    this.fly.position.copy(this.camera.position);
  }

  /** The orbit camera keeps its angle and distance and now circles `point`. */
  orbitAround(point: Vec3): void {
    const target = new Vector3(point[0], point[1] + 1.2, point[2]);
    this.camera.position.add(target.clone().sub(this.orbit.target));
    this.orbit.target.copy(target);
    this.orbit.update();
  }

  /** Drops the collider (a new document is coming). */
  reset(): void {
    this.#collider?.geometry.dispose();
    this.#collider = null;
  }

  dispose(): void {
    this.reset();
    this.orbit.dispose();
  }

  #forward(): Vector3 {
    return this.camera.getWorldDirection(new Vector3());
  }
}

function shortestAngle(from: number, to: number): number {
  return ((to - from + Math.PI) % (Math.PI * 2) + Math.PI * 2) % (Math.PI * 2) - Math.PI;
}
