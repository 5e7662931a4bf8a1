import { FrontSide, type Material, type Mesh, type MeshStandardMaterial } from 'three';
import { getMaterial, terrainFromUri } from '@atrium/assets';
import { loadMaterialTexture } from '@atrium/assets/three';
import { createFlat } from './materials.ts';

/**
 * The ground lies only 2 cm under floors at elevation 0. Its two huge triangles (hundreds of metres,
 * clipped by the near plane) carry depth errors that at some drawing-buffer sizes (Low quality at 50 %
 * render quality: pixel ratio 0.375) exceed those 2 cm, so the lawn won the depth test over every
 * floor. A polygon offset pushes the ground back by a slope- and resolution-aware amount: whatever
 * lies on the ground (floors, paths) always draws over it, and it still hides what is under it.
 */
export function behindGroundLevel(material: Material): void {
  material.polygonOffset = true;
  material.polygonOffsetFactor = 1;
  material.polygonOffsetUnits = 4;
}

/**
 * The ground around the building (`customSpace.terrainUri`): the engine's lawn by default, a
 * library material tiled at its real-world size, or nothing visible. "None" hides the ground's
 * material but keeps the mesh, so visitors still stand at ground level rather than fall.
 */
export class Terrain {
  #ground: Mesh;
  #size: number;
  #lawn: Material;
  #current = 'grass';
  #owned: MeshStandardMaterial | null = null;
  #loading: ((texture: Promise<unknown>) => void) | undefined;

  /** `loading` hears of each terrain texture on its way (load progress, and a frame once it is in). */
  constructor(ground: Mesh, size: number, loading?: (texture: Promise<unknown>) => void) {
    this.#ground = ground;
    this.#loading = loading;
    this.#size = size;
    this.#lawn = ground.material as Material;
    behindGroundLevel(this.#lawn);
  }

  get current(): string {
    return this.#current;
  }

  apply(uri: string | null | undefined): void {
    const def = terrainFromUri(uri);
    if (def.id === this.#current) return;
    this.#current = def.id;
    this.#release();
    this.#lawn.visible = !def.hidden;
    const surface = def.materialId ? getMaterial(def.materialId) : undefined;
    if (!surface) {
      this.#ground.material = this.#lawn;
      return;
    }
    const repeat = this.#size / surface.repeatMeters;
    // Flat in the library colour until the baked texture arrives (no painting on the main thread).
    const material = createFlat(surface.id, undefined);
    // The ground is seen from above only; a see-through lake would show the void below.
    material.transparent = false;
    material.opacity = 1;
    material.depthWrite = true;
    material.side = FrontSide;
    behindGroundLevel(material);
    this.#ground.material = material;
    this.#owned = material;
    const texture = loadMaterialTexture(surface.id).then((shared) => {
      if (this.#owned !== material || !shared) return;
      // The shared texture tiles per metre; the ground's UVs span it once, so it gets its own repeat.
      const map = shared.clone();
      map.repeat.set(repeat, repeat);
      material.map = map;
      if (surface.bump) material.bumpMap = map;
      material.color.set('#ffffff');
      material.needsUpdate = true;
    });
    this.#loading?.(texture);
  }

  dispose(): void {
    this.#release();
  }

  #release(): void {
    if (!this.#owned) return;
    // The map is a clone of the shared texture (its own repeat): ours to free, unlike the white stand-in.
    if (this.#owned.map?.name.startsWith('atrium:')) this.#owned.map.dispose();
    this.#owned.dispose();
    this.#owned = null;
  }
}
