import type { SkyDefinition } from './types.ts';

// Small CC0 HDRIs from Poly Haven, as repackaged (512 px EXR, base64 modules) by @pmndrs/assets.
// Only the ids live here; src/three/hdri.ts imports the files lazily so each is its own chunk.
const source = 'Poly Haven via @pmndrs/assets';
export const hdriSkies: SkyDefinition[] = [
  { id: 'hdri-studio', title: 'Photo studio (HDRI)', kind: 'hdri', top: '#d8d8d8', horizon: '#bdbdbd', bottom: '#6d6d6d',
    sunColor: '#ffffff', sunElevation: 50, sunAzimuth: 120, sunIntensity: 1.2, ambient: 0.6,
    hdri: { file: 'studio', source, license: 'CC0-1.0' } },
  { id: 'hdri-apartment', title: 'Sunny apartment (HDRI)', kind: 'hdri', top: '#c9c1b3', horizon: '#a79e8f', bottom: '#5d544a',
    sunColor: '#fff1dc', sunElevation: 40, sunAzimuth: 200, sunIntensity: 1.2, ambient: 0.6,
    hdri: { file: 'apartment', source, license: 'CC0-1.0' } },
  { id: 'hdri-park', title: 'Park (HDRI)', kind: 'hdri', top: '#8fb3dc', horizon: '#d4dce0', bottom: '#5e6b45',
    sunColor: '#fff4e0', sunElevation: 45, sunAzimuth: 150, sunIntensity: 2.2, ambient: 0.7,
    hdri: { file: 'park', source, license: 'CC0-1.0' } },
  { id: 'hdri-sunset', title: 'Sunset field (HDRI)', kind: 'hdri', top: '#4d5c86', horizon: '#f0a06a', bottom: '#4a3b2c',
    sunColor: '#ffb577', sunElevation: 5, sunAzimuth: 250, sunIntensity: 1.6, ambient: 0.5,
    hdri: { file: 'sunset', source, license: 'CC0-1.0' } },
];
