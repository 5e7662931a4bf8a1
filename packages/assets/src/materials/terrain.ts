import type { SurfaceMaterial } from './types.ts';

// Ground covers for Shape Style → Terrain (the lawn lives with the floors as 'grass').
export const terrainMaterials: SurfaceMaterial[] = [
  { id: 'sand', title: 'Sand', category: 'nature', color: '#d9c49a', roughness: 1, metalness: 0, repeatMeters: 2, bump: 0.8,
    pattern: { kind: 'noise', colors: ['#dcc89f', '#c8b084', '#ead9b5'], scale: 24, seed: 71 } },
  { id: 'snow', title: 'Snow', category: 'nature', color: '#eef2f6', roughness: 0.9, metalness: 0, repeatMeters: 3, bump: 0.5,
    pattern: { kind: 'noise', colors: ['#f1f4f8', '#dde4ec', '#ffffff'], scale: 10, seed: 72 } },
  { id: 'lake', title: 'Lake water', category: 'nature', color: '#3f7891', roughness: 0.08, metalness: 0.2, repeatMeters: 6,
    pattern: { kind: 'noise', colors: ['#3e7690', '#2f6079', '#5b93ab'], scale: 8, seed: 73 } },
];
