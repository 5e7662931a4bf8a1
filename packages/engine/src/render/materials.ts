import { Color, MeshPhysicalMaterial, MeshStandardMaterial, type Material, type Texture } from 'three';
import type { SurfaceBatch } from '../builder/level.ts';
import { concreteTexture, plasterTexture, woodFloorTexture } from './procedural.ts';

type Maker = () => MeshStandardMaterial;

/**
 * Built-in materials by id. Unknown ids fall back to the surface default, so a scene made with a
 * newer material library still renders with sensible surfaces.
 */
export class SurfaceMaterials {
  #textures = new Map<string, Texture>();
  #materials: Material[] = [];
  #canUseCanvas: boolean;

  constructor(canUseCanvas = typeof document !== 'undefined') {
    this.#canUseCanvas = canUseCanvas;
  }

  #tex(id: string, make: () => Texture): Texture | null {
    if (!this.#canUseCanvas) return null;
    let t = this.#textures.get(id);
    if (!t) this.#textures.set(id, (t = make()));
    return t;
  }

  #library(): Record<string, Maker> {
    return {
      plaster: () => new MeshStandardMaterial({ color: '#f1ede6', roughness: 0.92, map: this.#tex('plaster', plasterTexture) }),
      oak: () => new MeshStandardMaterial({ color: '#ffffff', roughness: 0.6, map: this.#tex('oak', woodFloorTexture) }),
      concrete: () => new MeshStandardMaterial({ color: '#ffffff', roughness: 0.85, map: this.#tex('concrete', concreteTexture) }),
      marble: () => new MeshStandardMaterial({ color: '#eeeeee', roughness: 0.2, metalness: 0 }),
      white: () => new MeshStandardMaterial({ color: '#ffffff', roughness: 0.8 }),
      dark: () => new MeshStandardMaterial({ color: '#2d2f33', roughness: 0.7 }),
    };
  }

  forBatch(batch: SurfaceBatch): Material {
    if (batch.surface === 'glass') {
      const glass = new MeshPhysicalMaterial({ color: '#dff1ff', roughness: 0.05, metalness: 0, transparent: true, opacity: 0.22, depthWrite: false });
      this.#materials.push(glass);
      return glass;
    }
    const fallback = batch.surface === 'floor' ? 'oak' : batch.surface === 'stairs' ? 'concrete' : 'plaster';
    const lib = this.#library();
    const make = lib[batch.materialId ?? ''] ?? lib[fallback]!;
    const m = make();
    if (batch.tint) m.color.multiply(new Color(batch.tint));
    // Upper floors are seen from below as ceilings.
    if (batch.surface === 'floor') m.side = 2;
    this.#materials.push(m);
    return m;
  }

  dispose(): void {
    this.#materials.forEach((m) => m.dispose());
    this.#textures.forEach((t) => t.dispose());
    this.#materials = [];
    this.#textures.clear();
  }
}
