// The ground around the building (Shape Style → Terrain). Stored as `customSpace.terrainUri`:
// `atrium:terrain/<id>`; a document without one keeps the engine's lawn.

export interface TerrainDefinition {
  id: string;
  title: string;
  /** Library material the ground is drawn with; null = the engine's own lawn texture. */
  materialId: string | null;
  /** No visible ground (the space floats over the sky); visitors still stand at ground level. */
  hidden?: boolean;
  /** Swatch colour for pickers. */
  color: string;
}

export const terrains: readonly TerrainDefinition[] = [
  { id: 'grass', title: 'Grass', materialId: null, color: '#6d8f4e' },
  { id: 'sand', title: 'Sand', materialId: 'sand', color: '#d9c49a' },
  { id: 'water', title: 'Water', materialId: 'lake', color: '#3f7891' },
  { id: 'snow', title: 'Snow', materialId: 'snow', color: '#eef2f6' },
  { id: 'paving', title: 'Paving', materialId: 'paving', color: '#b9b5ad' },
  { id: 'none', title: 'None', materialId: null, hidden: true, color: 'transparent' },
];

const byId = new Map(terrains.map((t) => [t.id, t]));

export const BUILTIN_TERRAIN_PREFIX = 'atrium:terrain/';
export const terrainUri = (id: string): string => BUILTIN_TERRAIN_PREFIX + id;

export function listTerrains(): TerrainDefinition[] {
  return [...terrains];
}

/** The terrain a document names; unknown or absent values fall back to grass, as older drafts expect. */
export function terrainFromUri(uri: string | null | undefined): TerrainDefinition {
  const id = uri?.startsWith(BUILTIN_TERRAIN_PREFIX) ? uri.slice(BUILTIN_TERRAIN_PREFIX.length) : 'grass';
  return byId.get(id) ?? byId.get('grass')!;
}
