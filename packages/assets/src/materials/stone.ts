import type { SurfaceMaterial } from './types.ts';

export const stoneMaterials: SurfaceMaterial[] = [
  { id: 'marble', title: 'Carrara marble', category: 'stone', color: '#eceae6', roughness: 0.2, metalness: 0, repeatMeters: 3,
    pattern: { kind: 'marble', colors: ['#efedea', '#b9b8b8', '#8f9094'], scale: 3, seed: 31 } },
  { id: 'marble-dark', title: 'Nero marble', category: 'stone', color: '#2b2b2e', roughness: 0.2, metalness: 0, repeatMeters: 2,
    pattern: { kind: 'marble', colors: ['#28282b', '#77767a', '#c9c6bf'], scale: 3, seed: 32 } },
  { id: 'travertine', title: 'Travertine', category: 'stone', color: '#d8c9ae', roughness: 0.6, metalness: 0, repeatMeters: 1.5,
    pattern: { kind: 'stripes', colors: ['#dacbb0', '#c9b796', '#b8a582'], scale: 20, variation: 0.4, seed: 33 } },
];
