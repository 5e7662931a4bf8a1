import type { SkyDefinition } from './types.ts';

// Procedural skies: zero bytes to download, painted at load time.
export const proceduralSkies: SkyDefinition[] = [
  { id: 'dawn', title: 'Dawn', kind: 'gradient', top: '#5b79a8', horizon: '#f3c3a0', bottom: '#6b6560',
    sunColor: '#ffd2a6', sunElevation: 6, sunAzimuth: 80, sunIntensity: 1.6, ambient: 0.55, clouds: 0.25 },
  { id: 'noon', title: 'Clear noon', kind: 'gradient', top: '#2f6fc4', horizon: '#cfe3f5', bottom: '#7d8a70',
    sunColor: '#fff6e8', sunElevation: 62, sunAzimuth: 160, sunIntensity: 3, ambient: 0.8, clouds: 0.2 },
  { id: 'sunset', title: 'Sunset', kind: 'gradient', top: '#33406e', horizon: '#f59a5a', bottom: '#4d3b3a',
    sunColor: '#ffb070', sunElevation: 3, sunAzimuth: 255, sunIntensity: 1.8, ambient: 0.5, clouds: 0.35 },
  { id: 'overcast', title: 'Overcast', kind: 'gradient', top: '#9aa3ad', horizon: '#d5d9dd', bottom: '#6f736f',
    sunColor: '#f2f2f0', sunElevation: 50, sunAzimuth: 140, sunIntensity: 0.8, ambient: 1.2, clouds: 0.9 },
  { id: 'night', title: 'Starry night', kind: 'gradient', top: '#060a18', horizon: '#1c2a4a', bottom: '#0b0d12',
    sunColor: '#aebfff', sunElevation: 35, sunAzimuth: 210, sunIntensity: 0.35, ambient: 0.35, stars: 1 },
  { id: 'studio', title: 'Studio', kind: 'gradient', top: '#e9ebee', horizon: '#f7f7f7', bottom: '#c9ccd0',
    sunColor: '#ffffff', sunElevation: 55, sunAzimuth: 135, sunIntensity: 1.8, ambient: 1.1 },
];
