import { block, cyl, lathe, post, rgb, sphere, torus } from './parts.ts';
import type { PropRecipe } from './types.ts';

// Plinths sit on a recessed dark shadow-gap base, as real gallery plinths do: it makes them float.
const GAP = rgb('#2b2c2e', 0.8);
const plinthWhite = 'white';

export const plinthProps: PropRecipe[] = [
  {
    propId: 'pedestal', title: 'Cube plinth', category: 'plinths', tags: ['plinth', 'pedestal', 'gallery'], defaultSize: [0.5, 1, 0.5],
    parts: [block([0.46, 0.04, 0.46], 0, 0, 0, GAP), block([0.5, 0.96, 0.5], 0, 0.04, 0, plinthWhite)],
  },
  {
    propId: 'plinth-tall', title: 'Tall plinth', category: 'plinths', tags: ['plinth', 'pedestal', 'narrow'], defaultSize: [0.4, 1.25, 0.4],
    parts: [block([0.36, 0.04, 0.36], 0, 0, 0, GAP), block([0.4, 1.21, 0.4], 0, 0.04, 0, plinthWhite)],
  },
  {
    propId: 'plinth-low', title: 'Low platform', category: 'plinths', tags: ['plinth', 'platform', 'stage'], defaultSize: [1.4, 0.3, 1.4],
    parts: [block([1.36, 0.04, 1.36], 0, 0, 0, GAP), block([1.4, 0.26, 1.4], 0, 0.04, 0, plinthWhite)],
  },
  {
    propId: 'plinth-cylinder', title: 'Round plinth', category: 'plinths', tags: ['plinth', 'round'], defaultSize: [0.6, 1, 0.6],
    parts: [post(0.28, 0.04, 0, 0, 0, GAP, { segments: 40 }), post(0.3, 0.96, 0, 0.04, 0, plinthWhite, { segments: 48 })],
  },
  {
    propId: 'plinth-hex', title: 'Hexagonal plinth', category: 'plinths', tags: ['plinth', 'hexagon'], defaultSize: [0.7, 0.95, 0.61],
    parts: [post(0.33, 0.04, 0, 0, 0, GAP, { segments: 6 }), post(0.35, 0.91, 0, 0.04, 0, 'concrete', { segments: 6 })],
  },
  {
    propId: 'plinth-marble', title: 'Marble plinth', category: 'plinths', tags: ['plinth', 'marble', 'luxury'], defaultSize: [0.6, 1.05, 0.6],
    parts: [block([0.62, 0.05, 0.62], 0, 0, 0, 'marble-dark'), block([0.54, 0.95, 0.54], 0, 0.05, 0, 'marble'), block([0.6, 0.05, 0.6], 0, 1.0, 0, 'marble-dark')],
  },
  {
    propId: 'pedestal-column', title: 'Classical column pedestal', category: 'plinths', tags: ['column', 'pedestal', 'classical', 'museum'], defaultSize: [0.56, 1.1, 0.56],
    parts: [
      block([0.56, 0.08, 0.56], 0, 0, 0, 'marble'),
      lathe([[0, 0], [0.22, 0], [0.22, 0.03], [0.18, 0.06], [0.16, 0.1], [0.15, 0.85], [0.17, 0.9], [0.2, 0.93], [0.2, 0.95], [0, 0.95]], [0, 0.08, 0], 'marble', { segments: 32 }),
      block([0.5, 0.07, 0.5], 0, 1.03, 0, 'marble'),
    ],
  },
  {
    propId: 'sculpture-rings', title: 'Ring sculpture', category: 'plinths', tags: ['sculpture', 'art', 'brass'], defaultSize: [0.46, 0.5, 0.4],
    parts: [
      block([0.3, 0.04, 0.3], 0, 0, 0, 'marble-dark'),
      torus(0.2, 0.025, [0, 0.27, 0], 'metal-brass', { rotation: [0, 0.5, 0] }),
      torus(0.17, 0.025, [0.04, 0.3, 0], 'metal-brass', { rotation: [Math.PI / 2, 0.3, 0.4] }),
    ],
  },
  {
    propId: 'sculpture-stack', title: 'Stacked stones', category: 'plinths', tags: ['sculpture', 'art', 'stone'], defaultSize: [0.36, 0.7, 0.36],
    parts: [
      sphere(0.17, [0, 0.12, 0], 'concrete', { scale: [1, 0.7, 1] }),
      sphere(0.13, [0.02, 0.32, 0], 'marble-dark', { scale: [1, 0.75, 1] }),
      sphere(0.1, [-0.01, 0.48, 0.01], 'travertine', { scale: [1, 0.8, 1] }),
      sphere(0.07, [0, 0.61, 0], 'accent-blue', { scale: [1, 0.9, 1] }),
    ],
  },
  {
    propId: 'sculpture-bust', title: 'Abstract bust', category: 'plinths', tags: ['sculpture', 'art', 'head'], defaultSize: [0.3, 0.55, 0.3],
    parts: [
      cyl(0.12, 0.06, [0, 0.03, 0], 'marble-dark'),
      lathe([[0, 0], [0.13, 0], [0.14, 0.06], [0.06, 0.14], [0.05, 0.2], [0, 0.2]], [0, 0.06, 0], 'ceramic-white', { segments: 32 }),
      sphere(0.11, [0, 0.38, 0.01], 'ceramic-white', { scale: [0.9, 1.15, 1] }),
    ],
  },
];
