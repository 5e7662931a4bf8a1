import { DoubleSide, MeshPhysicalMaterial, type Material, type MeshStandardMaterial } from 'three';
import { getMaterial } from '@atrium/assets';
import { createMaterial } from '@atrium/assets/three';
import type { SurfaceBatch } from '../builder/level.ts';

const FALLBACK = { floor: 'oak', stairs: 'concrete', wall: 'plaster' } as const;

/**
 * Surface materials from the `@atrium/assets` library by id (walls, floors, stairs and
 * materialOverrides). Unknown ids fall back to the surface's default look with a console warning,
 * so a scene made with a newer library still renders with sensible surfaces.
 */
export class SurfaceMaterials {
  #materials: Material[] = [];
  #anisotropy = 1;

  forBatch(batch: SurfaceBatch): Material {
    if (batch.surface === 'glass') {
      const glass = new MeshPhysicalMaterial({ color: '#dff1ff', roughness: 0.05, metalness: 0, transparent: true, opacity: 0.22, depthWrite: false });
      this.#materials.push(glass);
      return glass;
    }
    const fallback = FALLBACK[batch.surface];
    let id = batch.materialId ?? fallback;
    if (!getMaterial(id)) {
      console.warn(`[engine] unknown material "${id}" on ${batch.sourceIds.join(', ')}; using "${fallback}"`);
      id = fallback;
    }
    const m = createMaterial(id, { tint: batch.tint });
    // Upper floors are seen from below as ceilings.
    if (batch.surface === 'floor') m.side = DoubleSide;
    if (m.map) m.map.anisotropy = this.#anisotropy;
    this.#materials.push(m);
    return m;
  }

  /** Applies the filtering setting to every library texture this scene uses. */
  setAnisotropy(anisotropy: number): void {
    this.#anisotropy = anisotropy;
    for (const m of this.#materials) {
      const map = (m as MeshStandardMaterial).map;
      if (map && map.anisotropy !== anisotropy) {
        map.anisotropy = anisotropy;
        map.needsUpdate = true;
      }
    }
  }

  /** Materials only: library textures are shared across engines and scenes and stay cached. */
  dispose(): void {
    this.#materials.forEach((m) => m.dispose());
    this.#materials = [];
  }
}
