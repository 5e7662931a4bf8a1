import type { SceneDocumentInput } from '@atrium/shared';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';

/** A painted canvas as a PNG data URL, so the demo needs no image files. */
export function paintingDataUrl(seed: number, w = 384, h = 288): string {
  const c = document.createElement('canvas');
  c.width = w; c.height = h;
  const g = c.getContext('2d')!;
  const hue = (seed * 67) % 360;
  const grad = g.createLinearGradient(0, 0, w, h);
  grad.addColorStop(0, `hsl(${hue}, 70%, 62%)`);
  grad.addColorStop(1, `hsl(${(hue + 80) % 360}, 60%, 30%)`);
  g.fillStyle = grad;
  g.fillRect(0, 0, w, h);
  for (let i = 0; i < 9; i++) {
    g.fillStyle = `hsla(${(hue + i * 40) % 360}, 80%, ${40 + i * 5}%, 0.75)`;
    g.beginPath();
    g.arc(((seed * 131 + i * 97) % w), ((seed * 71 + i * 53) % h), 20 + ((seed + i) * 13) % 60, 0, Math.PI * 2);
    g.fill();
  }
  g.fillStyle = 'rgba(255,255,255,0.9)';
  g.font = 'bold 28px Georgia, serif';
  g.fillText(`Nº ${seed}`, 18, h - 22);
  return c.toDataURL('image/png');
}

/** A 12 × 9 m gallery with a door, windows, U stairs to a mezzanine, art, text, portal and props. */
export function sampleDocument(): SceneDocumentInput {
  const W = 12, D = 9;
  return {
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [
        {
          id: 'ground',
          walls: [
            { id: 'south', start: [0, D], end: [W, D], openings: [{ id: 'door', kind: 'door', type: 'Double', offset: 6, width: 1.8, height: 2.4 }] },
            { id: 'east', start: [W, D], end: [W, 0], openings: [
              { id: 'win1', kind: 'window', type: 'Panoramic', offset: 3, width: 3, height: 1.6, sill: 0.9 },
              { id: 'win2', kind: 'window', type: 'Single', offset: 7, width: 1.2, height: 1.6, sill: 0.9 },
            ] },
            { id: 'north', start: [W, 0], end: [0, 0], tint: '#dfe8f0' },
            { id: 'west', start: [0, 0], end: [0, D] },
          ],
          floors: [{ id: 'floor', polygon: [[0, 0], [W, 0], [W, D], [0, D]] }],
          stairs: [{ id: 'stairs', type: 'ULeft', position: [9.6, 0, 1.0], rotation: 0, width: 1.1, stepCount: 16, rise: 3, stepDepth: 0.28 }],
        },
      ],
    },
    startingPosition: [6, 0, 11.5],
    startingRotation: [0, 0, 0],
    pictures: [
      { id: 'pic-1', position: [2.5, 1.7, 0.11], imageUri: paintingDataUrl(1), width: 2, height: 1.5, title: 'Morning', description: 'Oil on canvas.' },
      { id: 'pic-2', position: [6, 1.7, 0.11], imageUri: paintingDataUrl(2), width: 2.4, height: 1.8, title: 'Noon', description: 'Acrylic.' },
      { id: 'pic-3', position: [0.11, 1.7, 3], rotation: [0, Math.PI / 2, 0], imageUri: paintingDataUrl(3), width: 1.6, height: 1.2, title: 'Dusk' },
      { id: 'pic-4', position: [0.11, 1.7, 6.4], rotation: [0, Math.PI / 2, 0], imageUri: 'missing/not-there.png', width: 1.6, height: 1.2, title: 'Lost' },
    ],
    texts3d: [
      { id: 'title', position: [6, 3.3, 0.12], text: 'ATRIUM GALLERY', fontSize: 90, fontStyles: ['bold'], colorTint: '#1d2733' },
    ],
    portals: [{ id: 'portal', position: [2.2, 0, 7], rotation: [0, Math.PI / 2, 0], target: { kind: 'point', position: [6, 0, 4], rotation: [0, Math.PI, 0] }, radius: 0.7 }],
    infoPoints: [{ id: 'info', position: [4.2, 1.5, 0.4], title: 'About the collection', description: 'Three works from the Atrium collection.' }],
    props: [
      { id: 'bench-1', propId: 'bench', position: [4.5, 0, 4.5] },
      { id: 'bench-2', propId: 'bench', position: [7.5, 0, 4.5] },
      { id: 'plant-1', propId: 'plant', position: [0.7, 0, 8.2], collisions: 'Simple' },
      { id: 'plant-2', propId: 'plant', position: [11.3, 0, 8.2], collisions: 'Simple' },
      { id: 'ped', propId: 'pedestal', position: [9, 0, 6.8] },
    ],
    models3d: [{ id: 'model', position: [9, 1, 6.8], modelUri: 'missing/model.glb', scale: [0.4, 0.4, 0.4] }],
    guidedTours: [{ id: 'tour', title: 'Highlights', points: [
      { id: 'tp1', title: 'Morning', position: [2.5, 0, 3], rotation: [0, 0, 0], order: 0 },
      { id: 'tp2', title: 'Noon', position: [6, 0, 3.5], rotation: [0, 0, 0], order: 1 },
      { id: 'tp3', title: 'Dusk', position: [2.5, 0, 3], rotation: [0, Math.PI / 2, 0], order: 2 },
    ] }],
  };
}
