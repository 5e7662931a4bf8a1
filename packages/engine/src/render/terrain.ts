import { type Material, type Mesh, type MeshStandardMaterial } from 'three';
import { getMaterial, terrainFromUri } from '@atrium/assets';
import { createMaterial } from '@atrium/assets/three';

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

  constructor(ground: Mesh, size: number) {
    this.#ground = ground;
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
    const material = createMaterial(surface.id, { repeat: [repeat, repeat] });
    // The ground is seen from above only; a see-through lake would show the void below.
    material.transparent = false;
    material.opacity = 1;
    material.depthWrite = true;
    behindGroundLevel(material);
    this.#ground.material = material;
    this.#owned = material;
  }

  dispose(): void {
    this.#release();
  }

  #release(): void {
    if (!this.#owned) return;
    // createMaterial cloned the shared texture to set the repeat: the clone is ours to free.
    this.#owned.map?.dispose();
    this.#owned.dispose();
    this.#owned = null;
  }
}
