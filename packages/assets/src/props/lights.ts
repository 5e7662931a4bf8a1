import { block, box, cyl, lathe, post, sphere } from './parts.ts';
import type { PropPart, PropRecipe } from './types.ts';

/** A theatre spot aimed down-forward: can body, lens and yoke, centred at `y`. */
function spotHead(x: number, y: number, z: number, tilt: number): PropPart[] {
  return [
    // Tilting by -tilt about X swings the wide (lens) end toward +Z, the prop's front.
    cyl(0.08, 0.24, [x, y, z], 'metal-black', { rotation: [-tilt, 0, 0], rBottom: 0.1 }),
    cyl(0.075, 0.01, [x, y - Math.cos(tilt) * 0.125, z + Math.sin(tilt) * 0.125], 'light-warm', { rotation: [-tilt, 0, 0], castShadow: false }),
    box([0.24, 0.02, 0.02], [x, y + 0.12, z], 'metal-black'),
  ];
}

export const lightProps: PropRecipe[] = [
  {
    propId: 'lamp-floor', title: 'Floor lamp', category: 'lights', tags: ['lamp', 'light', 'reading'], defaultSize: [0.46, 1.72, 0.46],
    parts: [
      post(0.16, 0.025, 0, 0, 0, 'metal-black', { segments: 32 }),
      post(0.012, 1.45, 0, 0.025, 0, 'metal-brass'),
      post(0.17, 0.3, 0, 1.42, 0, 'light-warm', { rBottom: 0.23, segments: 32 }),
    ],
  },
  {
    propId: 'lamp-table', title: 'Table lamp', category: 'lights', tags: ['lamp', 'light', 'desk'], defaultSize: [0.3, 0.5, 0.3],
    parts: [
      lathe([[0, 0], [0.09, 0], [0.1, 0.05], [0.07, 0.22], [0.02, 0.27], [0, 0.27]], [0, 0, 0], 'ceramic-white', { segments: 28 }),
      post(0.008, 0.08, 0, 0.26, 0, 'metal-brass'),
      post(0.1, 0.17, 0, 0.32, 0, 'light-warm', { rBottom: 0.15, segments: 28 }),
    ],
  },
  {
    propId: 'lamp-pendant', title: 'Pendant light', category: 'lights', tags: ['lamp', 'ceiling', 'hanging'], defaultSize: [0.42, 1.3, 0.42], collision: 'none',
    parts: [
      post(0.004, 1.0, 0, 0.3, 0, 'plastic-black', { castShadow: false }),
      post(0.05, 0.04, 0, 1.26, 0, 'metal-black'),
      lathe([[0.02, 0.3], [0.05, 0.28], [0.12, 0.18], [0.2, 0.04], [0.21, 0]], [0, 0, 0], 'metal-black', { segments: 32 }),
      sphere(0.06, [0, 0.07, 0], 'light-warm', { castShadow: false }),
    ],
  },
  {
    propId: 'spotlight-rig', title: 'Spotlight stand', category: 'lights', tags: ['spotlight', 'stage', 'tripod'], defaultSize: [1.0, 2.25, 0.65],
    parts: [
      ...[0, 1, 2].map((i) => {
        const a = (i / 3) * Math.PI * 2 + Math.PI / 2;
        return post(0.012, 0.72, Math.cos(a) * 0.22, 0, Math.sin(a) * 0.22, 'metal-black', { rotation: [Math.sin(a) * -0.55, 0, Math.cos(a) * 0.55] });
      }),
      post(0.02, 1.95, 0, 0.35, 0, 'metal-black'),
      block([1.0, 0.03, 0.03], 0, 1.95, 0, 'metal-black'),
      ...spotHead(-0.38, 1.88, 0.05, 0.6),
      ...spotHead(0.38, 1.88, 0.05, 0.6),
    ],
  },
  {
    propId: 'track-lights', title: 'Ceiling spot track', category: 'lights', tags: ['spotlight', 'ceiling', 'gallery'], defaultSize: [2.4, 0.4, 0.3], collision: 'none',
    parts: [block([2.4, 0.04, 0.05], 0, 0.36, 0, 'metal-black'), ...[-0.8, 0, 0.8].flatMap((x) => spotHead(x, 0.2, 0.02, 0.5))],
  },
  {
    // For double-height rooms: the pendant's shade on a 5.7 m cord, canopy at the top of its 6 m.
    propId: 'lamp-pendant-tall', title: 'Pendant light, long cord', category: 'lights', tags: ['lamp', 'ceiling', 'hanging', 'loft'], defaultSize: [0.42, 6, 0.42], collision: 'none',
    parts: [
      post(0.004, 5.7, 0, 0.3, 0, 'plastic-black', { castShadow: false }),
      post(0.05, 0.04, 0, 5.96, 0, 'metal-black'),
      lathe([[0.02, 0.3], [0.05, 0.28], [0.12, 0.18], [0.2, 0.04], [0.21, 0]], [0, 0, 0], 'metal-black', { segments: 32 }),
      sphere(0.06, [0, 0.07, 0], 'light-warm', { castShadow: false }),
    ],
  },
  {
    // Flush with the ceiling: origin on the ceiling plane minus its 3 cm depth (place at y = ceiling - 0.03).
    propId: 'ceiling-downlight', title: 'Ceiling downlight', category: 'lights', tags: ['lamp', 'ceiling', 'recessed', 'spot'], defaultSize: [0.24, 0.03, 0.24], collision: 'none',
    parts: [
      post(0.12, 0.018, 0, 0.012, 0, 'plastic-white', { castShadow: false, segments: 28 }),
      post(0.09, 0.012, 0, 0, 0, 'light-warm', { castShadow: false, segments: 28 }),
    ],
  },
  {
    propId: 'street-lamp', title: 'Street lamp', category: 'lights', tags: ['lamp', 'outdoor', 'street', 'plaza'], defaultSize: [0.5, 3.8, 0.5],
    parts: [
      post(0.12, 0.4, 0, 0, 0, 'metal-black', { rBottom: 0.16, segments: 20 }),
      post(0.05, 3.1, 0, 0.4, 0, 'metal-black', { rBottom: 0.06 }),
      lathe([[0.06, 0], [0.2, 0.12], [0.24, 0.16], [0.16, 0.26], [0.03, 0.3]], [0, 3.5, 0], 'metal-black', { segments: 24 }),
      sphere(0.16, [0, 3.48, 0], 'light-warm', { castShadow: false, scale: [1, 0.6, 1] }),
    ],
  },
];
