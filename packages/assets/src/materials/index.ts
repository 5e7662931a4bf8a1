import { floorMaterials } from './floors.ts';
import { objectMaterials } from './objects.ts';
import { stoneMaterials } from './stone.ts';
import { terrainMaterials } from './terrain.ts';
import type { SurfaceMaterial } from './types.ts';
import { wallMaterials } from './walls.ts';
import { wallpaperMaterials } from './wallpapers.ts';

export * from './types.ts';

export const materials: readonly SurfaceMaterial[] = [
  ...wallMaterials, ...floorMaterials, ...stoneMaterials, ...objectMaterials, ...wallpaperMaterials, ...terrainMaterials,
];

const byId = new Map(materials.map((m) => [m.id, m]));

export function getMaterial(id: string): SurfaceMaterial | undefined {
  return byId.get(id);
}

export function listMaterials(category?: SurfaceMaterial['category']): SurfaceMaterial[] {
  return materials.filter((m) => !category || m.category === category);
}
