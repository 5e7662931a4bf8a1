import type { SurfaceMaterial } from './types.ts';

// Floor finishes. repeatMeters keeps real-world sizes: a plank ~15 cm wide, a tile 60 cm.
export const floorMaterials: SurfaceMaterial[] = [
  { id: 'oak', title: 'Oak planks', category: 'floor', color: '#c49a6c', roughness: 0.6, metalness: 0, repeatMeters: 2.4, bump: 1,
    pattern: { kind: 'planks', colors: ['#c99f70', '#b98c5c', '#d6ae80', '#5a3d24'], scale: 16, variation: 0.5, seed: 7 } },
  { id: 'walnut', title: 'Walnut planks', category: 'floor', color: '#6e4b33', roughness: 0.55, metalness: 0, repeatMeters: 2.4, bump: 1,
    pattern: { kind: 'planks', colors: ['#6f4a31', '#5c3c27', '#845b3d', '#2a1a10'], scale: 14, variation: 0.5, seed: 8 } },
  { id: 'herringbone-oak', title: 'Herringbone oak', category: 'floor', color: '#bf935f', roughness: 0.55, metalness: 0, repeatMeters: 1.6, bump: 1,
    pattern: { kind: 'herringbone', colors: ['#c89a66', '#b0824f', '#d8b07c', '#4a3220'], scale: 8, variation: 0.6, seed: 9 } },
  { id: 'concrete', title: 'Concrete', category: 'floor', color: '#b3b2ad', roughness: 0.85, metalness: 0, repeatMeters: 3, bump: 0.8,
    pattern: { kind: 'concrete', colors: ['#b6b5b0', '#9d9c97', '#c9c8c3'], scale: 6, seed: 11 } },
  { id: 'polished-concrete', title: 'Polished concrete', category: 'floor', color: '#9fa2a3', roughness: 0.35, metalness: 0, repeatMeters: 4,
    pattern: { kind: 'concrete', colors: ['#a3a6a7', '#8b8f91', '#b8bbbc'], scale: 4, seed: 12 } },
  { id: 'terrazzo', title: 'Terrazzo', category: 'floor', color: '#e3ddd3', roughness: 0.4, metalness: 0, repeatMeters: 1.5,
    pattern: { kind: 'terrazzo', colors: ['#e6e0d6', '#b8a99a', '#6d7f8c', '#c77b5b', '#3d3d3d'], scale: 60, seed: 13 } },
  { id: 'tiles-white', title: 'White tiles', category: 'floor', color: '#eeeeec', roughness: 0.3, metalness: 0, repeatMeters: 1.2, bump: 1.5,
    pattern: { kind: 'tiles', colors: ['#f0f0ee', '#e6e6e3', '#b9b7b2'], scale: 2, variation: 0.2, seed: 14 } },
  { id: 'tiles-slate', title: 'Slate tiles', category: 'floor', color: '#4f5558', roughness: 0.7, metalness: 0, repeatMeters: 1.8, bump: 1.5,
    pattern: { kind: 'tiles', colors: ['#51585b', '#454b4e', '#2b2e30'], scale: 3, variation: 0.5, seed: 15 } },
  { id: 'paving', title: 'Stone paving', category: 'stone', color: '#b9b2a6', roughness: 0.9, metalness: 0, repeatMeters: 2.4, bump: 2,
    pattern: { kind: 'tiles', colors: ['#bdb6aa', '#a39b8f', '#7d776d'], scale: 4, variation: 0.8, seed: 16 } },
  { id: 'carpet-grey', title: 'Grey carpet', category: 'fabric', color: '#6f7276', roughness: 1, metalness: 0, repeatMeters: 0.5,
    pattern: { kind: 'fabric', colors: ['#707377', '#63666a'], scale: 64, seed: 17 } },
  { id: 'carpet-blue', title: 'Blue carpet', category: 'fabric', color: '#2f4a6b', roughness: 1, metalness: 0, repeatMeters: 0.5,
    pattern: { kind: 'fabric', colors: ['#304b6c', '#283f5c'], scale: 64, seed: 18 } },
  { id: 'grass', title: 'Lawn', category: 'nature', color: '#6d8f4e', roughness: 1, metalness: 0, repeatMeters: 2,
    pattern: { kind: 'noise', colors: ['#6a8c4b', '#55763a', '#86a362'], scale: 24, seed: 19 } },
];
