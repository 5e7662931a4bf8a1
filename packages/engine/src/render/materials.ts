import { Color, DoubleSide, MeshBasicMaterial, MeshPhysicalMaterial, MeshStandardMaterial, type Material } from 'three';
import { getMaterial } from '@atrium/assets';
import { createMaterial, loadMaterialTexture } from '@atrium/assets/three';
import type { SurfaceBatch } from '../builder/level.ts';
import type { ProgressTracker } from '../loading/progress.ts';
import { NEUTRAL_TEXTURE } from './programs.ts';

/** How much of a ceiling's colour it emits, standing in for light bounced up from the room. */
export const CEILING_BOUNCE = 0.45;

const FALLBACK = { floor: 'oak', stairs: 'concrete', wall: 'plaster', ceiling: 'white', trim: 'trim-satin' } as const;

/**
 * Surface materials from the `@atrium/assets` library by id (walls, floors, stairs,
 * materialOverrides and prop parts). Materials start flat in the library colour so the first
 * frame never waits for a texture; `loadPending` then swaps in each pattern's baked texture
 * (`npm run bake`: a WebP file per pattern, decoded off the main thread), counting as load progress.
 * Unknown ids fall back to the surface's default look with a console warning.
 */
export class SurfaceMaterials {
  #materials: Material[] = [];
  #pending = new Map<string, { tint: string | undefined; material: MeshStandardMaterial }[]>();
  #anisotropy = 1;

  forBatch(batch: SurfaceBatch, tracker?: ProgressTracker): Material {
    if (batch.surface === 'glass') {
      const glass = new MeshPhysicalMaterial({ color: '#dff1ff', roughness: 0.05, metalness: 0, transparent: true, opacity: 0.22, depthWrite: false });
      this.#materials.push(glass);
      return glass;
    }
    if (batch.surface === 'shade') {
      // Black with the bands' vertex alpha; drawn over the surfaces it lies on without z-fighting.
      const shade = new MeshBasicMaterial({
        color: '#ffffff', vertexColors: true, transparent: true, depthWrite: false,
        polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -4, toneMapped: false,
      });
      this.#materials.push(shade);
      return shade;
    }
    const fallback = FALLBACK[batch.surface];
    let id = batch.materialId ?? fallback;
    if (!getMaterial(id)) {
      console.warn(`[engine] unknown material "${id}" on ${batch.sourceIds.join(', ')}; using "${fallback}"`);
      id = fallback;
    }
    // Floors are one-sided like ceilings: an upper floor seen from below shows its soffit (buildLevel),
    // not its back face. Double-sided, a floor needed a program of its own (three.js compiles
    // DOUBLE_SIDED in), one more shader to compile while a space loads (issue 18's load time).
    const m = this.deferred(id, batch.tint, tracker);
    // A ceiling faces away from sun and sky, so direct light leaves it murky; in a real room the
    // floor and walls bounce light up onto it. A share of its own colour as emission stands in.
    if (batch.surface === 'ceiling') m.emissive.copy(m.color).multiplyScalar(CEILING_BOUNCE);
    return m;
  }

  /** A library material drawn flat now and textured by `loadPending`; shared by props via `makeMaterial`. */
  deferred(id: string, tint: string | undefined, tracker?: ProgressTracker): MeshStandardMaterial {
    const def = getMaterial(id);
    if (!def?.pattern || !tracker) {
      const m = createMaterial(id, { tint });
      if (m.map) m.map.anisotropy = this.#anisotropy;
      this.#materials.push(m);
      return m;
    }
    const m = createFlat(id, tint);
    this.#materials.push(m);
    let list = this.#pending.get(id);
    if (!list) {
      this.#pending.set(id, (list = []));
      tracker.addItems(1);
    }
    list.push({ tint, material: m });
    return m;
  }

  /**
   * Swaps the queued patterns in: their baked textures download and decode off the main thread,
   * all at once (a texture shared by every material using it), and go on once `after` settles (the
   * load's first frame: uploads wait for it); each pattern finishes one progress item.
   */
  async loadPending(tracker: ProgressTracker, stillCurrent: () => boolean, after?: Promise<unknown>): Promise<void> {
    const jobs = [...this.#pending];
    this.#pending.clear();
    await Promise.all(jobs.map(async ([id, list]) => {
      try {
        const map = await loadMaterialTexture(id);
        await after;
        if (!map || !stillCurrent()) return;
        map.anisotropy = this.#anisotropy;
        const bump = getMaterial(id)?.bump;
        for (const { tint, material } of list) {
          material.map = map;
          if (bump) material.bumpMap = map;
          material.color.set('#ffffff');
          if (tint) material.color.multiply(new Color(tint));
          material.needsUpdate = true;
        }
      } finally {
        tracker.itemDone();
      }
    }));
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
    this.#pending.clear();
  }
}

/** The library material's numbers with its swatch colour instead of the pattern. */
export function createFlat(id: string, tint: string | undefined): MeshStandardMaterial {
  const def = getMaterial(id)!;
  const m = new MeshStandardMaterial({ color: def.color, roughness: def.roughness, metalness: def.metalness });
  m.name = id;
  // The painted material's shader from the start: white 1×1 stand-ins for the pattern (and its bump),
  // so the swap in loadPending changes textures only and no program is compiled a second time.
  m.map = NEUTRAL_TEXTURE;
  if (def.bump) {
    m.bumpMap = NEUTRAL_TEXTURE;
    m.bumpScale = def.bump;
  }
  if (def.opacity !== undefined && def.opacity < 1) {
    m.transparent = true;
    m.opacity = def.opacity;
    m.depthWrite = false;
    m.side = DoubleSide;
  }
  if (def.emissive) {
    m.emissive = new Color(def.emissive);
    m.emissiveIntensity = def.emissiveIntensity ?? 1;
  }
  if (tint) m.color.multiply(new Color(tint));
  return m;
}
