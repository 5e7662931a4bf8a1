import { Vector3, type Object3D } from 'three';
import type { Portal, PortalTarget, Vec3 } from '@atrium/shared';

/**
 * Walking into a portal: fires once on entry (not again until the visitor has left it) and
 * teleports for point targets; other targets are for the UI to follow.
 */
export class Portals {
  #inside = new Set<string>();
  #enter: (portal: { portalId: string; target: PortalTarget }) => void;
  #teleport: (position: Vec3, rotation: Vec3) => void;

  constructor(enter: (portal: { portalId: string; target: PortalTarget }) => void, teleport: (position: Vec3, rotation: Vec3) => void) {
    this.#enter = enter;
    this.#teleport = teleport;
  }

  /** Checks the player's feet against each portal's disc (drawn object `objectOf(id)`). */
  check(portals: readonly Portal[], feet: Vector3, objectOf: (id: string) => Object3D | undefined): void {
    const wp = new Vector3();
    for (const p of portals) {
      const obj = objectOf(p.id);
      if (!obj) continue;
      obj.getWorldPosition(wp);
      const inside = Math.hypot(feet.x - wp.x, feet.z - wp.z) < Math.max(0.5, p.radius * 0.8) && Math.abs(feet.y - wp.y) < 2;
      if (inside && !this.#inside.has(p.id)) {
        this.#inside.add(p.id);
        this.#enter({ portalId: p.id, target: p.target });
        if (p.target.kind === 'point') this.#teleport(p.target.position, p.target.rotation);
      } else if (!inside) this.#inside.delete(p.id);
    }
  }

  clear(): void {
    this.#inside.clear();
  }
}
