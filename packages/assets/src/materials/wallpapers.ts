import type { SurfaceMaterial } from './types.ts';

// Printed wall coverings for Shape Style → Wallpaper. Colours: paper, ink, accent (see textures/wallpaper.ts).
export const wallpaperMaterials: SurfaceMaterial[] = [
  { id: 'wallpaper-damask-gold', title: 'Gold damask', category: 'wallpaper', color: '#e8dcc0', roughness: 0.8, metalness: 0, repeatMeters: 0.9,
    pattern: { kind: 'damask', colors: ['#ece2c9', '#d9c596', '#b0924f'], scale: 4, seed: 61 } },
  { id: 'wallpaper-damask-teal', title: 'Teal damask', category: 'wallpaper', color: '#2f5e63', roughness: 0.8, metalness: 0, repeatMeters: 0.9,
    pattern: { kind: 'damask', colors: ['#2d5b60', '#3f767b', '#c9b27a'], scale: 4, seed: 62 } },
  { id: 'wallpaper-dots-navy', title: 'Navy spot', category: 'wallpaper', color: '#26364f', roughness: 0.85, metalness: 0, repeatMeters: 0.5,
    pattern: { kind: 'dots', colors: ['#26364f', '#e8dcc0', '#f4efe2'], scale: 6, seed: 63 } },
  { id: 'wallpaper-dots-blush', title: 'Blush polka dot', category: 'wallpaper', color: '#f3dcd6', roughness: 0.85, metalness: 0, repeatMeters: 0.6,
    pattern: { kind: 'dots', colors: ['#f6e3dd', '#d98f86', '#ffffff'], scale: 6, seed: 64 } },
  { id: 'wallpaper-harlequin', title: 'Harlequin', category: 'wallpaper', color: '#3b3f5c', roughness: 0.8, metalness: 0, repeatMeters: 0.8,
    pattern: { kind: 'diamonds', colors: ['#e9e4d8', '#3b3f5c', '#b08d57'], scale: 4, seed: 65 } },
  { id: 'wallpaper-chevron-grey', title: 'Grey chevron', category: 'wallpaper', color: '#c9c9c6', roughness: 0.85, metalness: 0, repeatMeters: 0.8,
    pattern: { kind: 'chevron', colors: ['#ecebe7', '#a9a9a6', '#7d7d7a'], scale: 4, seed: 66 } },
];
