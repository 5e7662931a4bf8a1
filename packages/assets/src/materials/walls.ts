import type { SurfaceMaterial } from './types.ts';

// Wall finishes: mostly quiet, warm neutrals so art and props carry the colour.
export const wallMaterials: SurfaceMaterial[] = [
  { id: 'plaster', title: 'Warm plaster', category: 'wall', color: '#efebe4', roughness: 0.92, metalness: 0, repeatMeters: 2, bump: 0.6,
    pattern: { kind: 'noise', colors: ['#f1ede6', '#e6e0d6'], scale: 6, seed: 3 } },
  { id: 'white', title: 'Gallery white', category: 'wall', color: '#f7f7f5', roughness: 0.85, metalness: 0, repeatMeters: 1 },
  { id: 'dark', title: 'Charcoal paint', category: 'wall', color: '#2d2f33', roughness: 0.75, metalness: 0, repeatMeters: 1 },
  { id: 'paint-sage', title: 'Sage paint', category: 'wall', color: '#a9b8a0', roughness: 0.85, metalness: 0, repeatMeters: 1 },
  { id: 'paint-navy', title: 'Museum navy', category: 'wall', color: '#26364f', roughness: 0.8, metalness: 0, repeatMeters: 1 },
  { id: 'paint-terracotta', title: 'Terracotta paint', category: 'wall', color: '#c0765a', roughness: 0.85, metalness: 0, repeatMeters: 1 },
  { id: 'brick-red', title: 'Red brick', category: 'wall', color: '#9a5140', roughness: 0.9, metalness: 0, repeatMeters: 1.2, bump: 2,
    pattern: { kind: 'brick', colors: ['#9b4f3c', '#b0634a', '#7e3f30', '#d9cfc2'], scale: 16, variation: 0.5, seed: 21 } },
  { id: 'brick-white', title: 'Painted brick', category: 'wall', color: '#e9e6e0', roughness: 0.9, metalness: 0, repeatMeters: 1.2, bump: 2,
    pattern: { kind: 'brick', colors: ['#ecebe6', '#e2ded6', '#d8d3ca', '#cfcac1'], scale: 16, variation: 0.25, seed: 22 } },
  { id: 'wood-slats', title: 'Oak slat panel', category: 'wall', color: '#b48a5e', roughness: 0.7, metalness: 0, repeatMeters: 1, bump: 2,
    pattern: { kind: 'planks', colors: ['#b88d60', '#a67c52', '#c89d6e', '#3b2a1c'], scale: 12, variation: 0.4, seed: 23 } },
];
