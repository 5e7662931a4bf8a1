// One-click looks for Shape Style → Theme: wall and floor materials, sky, terrain and ambient sound
// chosen to go together. Every id refers to the built-in library (checked by the tests).

export interface SpaceTheme {
  id: string;
  title: string;
  wallMaterialId: string;
  floorMaterialId: string;
  skyId: string;
  terrainId: string;
  soundId: string | null;
}

export const spaceThemes: readonly SpaceTheme[] = [
  { id: 'classic-gallery', title: 'Classic gallery', wallMaterialId: 'white', floorMaterialId: 'oak', skyId: 'noon', terrainId: 'grass', soundId: 'hall' },
  { id: 'seaside', title: 'Seaside', wallMaterialId: 'plaster', floorMaterialId: 'terrazzo', skyId: 'dawn', terrainId: 'sand', soundId: 'waves' },
  { id: 'winter-lodge', title: 'Winter lodge', wallMaterialId: 'wood-slats', floorMaterialId: 'walnut', skyId: 'overcast', terrainId: 'snow', soundId: 'wind' },
  { id: 'midnight-salon', title: 'Midnight salon', wallMaterialId: 'wallpaper-damask-teal', floorMaterialId: 'marble-dark', skyId: 'night', terrainId: 'water', soundId: 'rain' },
  { id: 'garden-pavilion', title: 'Garden pavilion', wallMaterialId: 'brick-white', floorMaterialId: 'paving', skyId: 'sunset', terrainId: 'grass', soundId: 'birds' },
  { id: 'urban-loft', title: 'Urban loft', wallMaterialId: 'brick-red', floorMaterialId: 'polished-concrete', skyId: 'overcast', terrainId: 'paving', soundId: null },
];

export function listThemes(): SpaceTheme[] {
  return [...spaceThemes];
}

export function getTheme(id: string): SpaceTheme | undefined {
  return spaceThemes.find((t) => t.id === id);
}
