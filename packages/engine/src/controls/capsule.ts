import { Box3, DoubleSide, Line3, Ray, Vector3, type BufferGeometry, type Mesh } from 'three';
import type { ExtendedTriangle, MeshBVH } from 'three-mesh-bvh';

export interface CapsuleOptions { radius: number; height: number; gravity: number; jumpSpeed: number; stepHeight: number }

export const DEFAULT_CAPSULE: CapsuleOptions = { radius: 0.3, height: 1.75, gravity: 20, jumpSpeed: 5.5, stepHeight: 0.4 };
// Sub-stepping keeps a running player from tunnelling through a 0.2 m wall on a slow frame.
const SUBSTEPS = 5;

const seg = new Line3();
const box = new Box3();
const triPoint = new Vector3();
const capPoint = new Vector3();
const delta = new Vector3();
const probe = new Ray();
const down = new Vector3(0, -1, 0);

/**
 * A walking capsule pushed out of a static BVH, after three-mesh-bvh's character example.
 * The bottom sphere rides over edges lower than its radius, which is how stairs get climbed.
 * `position` is the feet.
 */
export class CapsuleBody {
  readonly position = new Vector3();
  readonly velocity = new Vector3();
  onGround = false;
  readonly opts: CapsuleOptions;

  constructor(opts: Partial<CapsuleOptions> = {}) {
    this.opts = { ...DEFAULT_CAPSULE, ...opts };
  }

  jump(): void {
    if (this.onGround) { this.velocity.y = this.opts.jumpSpeed; this.onGround = false; }
  }

  /** Advances by dt with a desired horizontal velocity (m/s, world space). */
  step(collider: Mesh | null, move: Vector3, dt: number): void {
    const h = Math.min(dt, 0.1) / SUBSTEPS;
    for (let i = 0; i < SUBSTEPS; i++) this.#substep(collider, move, h);
  }

  /**
   * Pushing out of a riser face would eat most forward speed, so a grounded body that meets a
   * ledge lower than stepHeight just ahead is lifted onto it, like a foot onto a stair.
   */
  #stepUp(bvh: MeshBVH, move: Vector3) {
    const speed = Math.hypot(move.x, move.z);
    if (speed < 1e-3) return;
    const { radius, stepHeight } = this.opts;
    const reach = radius + 0.05;
    probe.origin.set(
      this.position.x + (move.x / speed) * reach,
      this.position.y + stepHeight + 0.01,
      this.position.z + (move.z / speed) * reach,
    );
    probe.direction.copy(down);
    const hit = bvh.raycastFirst(probe, DoubleSide, 0, stepHeight + 0.01);
    if (!hit) return;
    const rise = hit.point.y - this.position.y;
    if (rise > 0.01 && rise <= stepHeight && (hit.face?.normal.y ?? 0) > 0.7) this.position.y = hit.point.y;
  }

  #substep(collider: Mesh | null, move: Vector3, dt: number) {
    const { radius, height, gravity } = this.opts;
    if (this.onGround) this.velocity.y = Math.min(this.velocity.y, -gravity * dt);
    else this.velocity.y -= gravity * dt;
    this.position.addScaledVector(this.velocity, dt).addScaledVector(move, dt);
    if (!collider) { this.onGround = false; return; }
    const bvh = (collider.geometry as BufferGeometry & { boundsTree?: MeshBVH }).boundsTree;
    if (!bvh) return;
    if (this.onGround) this.#stepUp(bvh, move);
    seg.start.set(this.position.x, this.position.y + radius, this.position.z);
    seg.end.set(this.position.x, this.position.y + height - radius, this.position.z);
    const before = seg.start.clone();
    box.makeEmpty().expandByPoint(seg.start).expandByPoint(seg.end);
    box.min.addScalar(-radius);
    box.max.addScalar(radius);
    bvh.shapecast({
      intersectsBounds: (b) => b.intersectsBox(box),
      intersectsTriangle: (tri: ExtendedTriangle) => {
        const d = tri.closestPointToSegment(seg, triPoint, capPoint);
        if (d < radius) {
          const depth = radius - d;
          const dir = capPoint.sub(triPoint).normalize();
          seg.start.addScaledVector(dir, depth);
          seg.end.addScaledVector(dir, depth);
        }
        return false;
      },
    });
    delta.subVectors(seg.start, before);
    // Pushed up more than gravity would have moved us down: standing on something.
    this.onGround = delta.y > Math.abs(dt * this.velocity.y * 0.25);
    const len = Math.max(0, delta.length() - 1e-5);
    if (len > 0) this.position.addScaledVector(delta.normalize(), len);
    if (!this.onGround && len > 0) this.velocity.addScaledVector(delta, -delta.dot(this.velocity));
    else if (this.onGround) this.velocity.set(0, Math.min(0, this.velocity.y), 0);
  }
}
