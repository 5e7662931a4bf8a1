import { block, cone, cyl, lathe, post, rgb } from './parts.ts';
import type { PropRecipe } from './types.ts';

export const outdoorProps: PropRecipe[] = [
  {
    propId: 'bench-park', title: 'Park bench', category: 'outdoor', tags: ['bench', 'park', 'plaza'], defaultSize: [1.8, 0.85, 0.66],
    parts: [
      ...[-0.2, -0.07, 0.06, 0.19].map((z) => block([1.8, 0.03, 0.1], 0, 0.42, z, 'wood-oak')),
      ...[0.55, 0.7].map((y) => block([1.8, 0.09, 0.03], 0, y, -0.28, 'wood-oak', { rotation: [-0.2, 0, 0] })),
      ...[-0.75, 0.75].flatMap((x) => [
        block([0.05, 0.42, 0.05], x, 0, 0.24, 'metal-black'),
        block([0.05, 0.85, 0.05], x, 0, -0.26, 'metal-black', { rotation: [-0.12, 0, 0] }),
        block([0.05, 0.04, 0.6], x, 0.38, 0, 'metal-black'),
        block([0.05, 0.04, 0.5], x, 0.62, 0.02, 'metal-black'),
      ]),
    ],
  },
  {
    propId: 'fountain', title: 'Fountain', category: 'outdoor', tags: ['fountain', 'water', 'plaza'], defaultSize: [3.2, 1.6, 3.2],
    parts: [
      lathe([[0, 0], [1.6, 0], [1.6, 0.45], [1.45, 0.5], [1.4, 0.1], [0, 0.1]], [0, 0, 0], 'travertine', { segments: 48 }),
      post(1.42, 0.02, 0, 0.36, 0, 'water', { segments: 48, castShadow: false }),
      post(0.18, 0.9, 0, 0.1, 0, 'travertine', { rBottom: 0.26, segments: 24 }),
      lathe([[0, 0], [0.55, 0.02], [0.6, 0.12], [0.5, 0.14], [0, 0.06]], [0, 0.98, 0], 'travertine', { segments: 40 }),
      post(0.48, 0.015, 0, 1.08, 0, 'water', { segments: 32, castShadow: false }),
      post(0.05, 0.45, 0, 1.1, 0, 'travertine'),
    ],
  },
  {
    propId: 'bollard', title: 'Bollard', category: 'outdoor', tags: ['bollard', 'street', 'barrier'], defaultSize: [0.22, 0.92, 0.22],
    parts: [post(0.1, 0.86, 0, 0, 0, 'metal-black', { segments: 20 }), post(0.11, 0.06, 0, 0.86, 0, 'metal-black', { rBottom: 0.11, segments: 20 }), post(0.102, 0.04, 0, 0.7, 0, 'metal-steel', { segments: 20 })],
  },
  {
    propId: 'trash-bin', title: 'Litter bin', category: 'outdoor', tags: ['bin', 'trash', 'street'], defaultSize: [0.5, 0.95, 0.5],
    parts: [post(0.23, 0.85, 0, 0, 0, 'metal-steel', { segments: 28 }), post(0.25, 0.1, 0, 0.85, 0, 'metal-black', { rBottom: 0.24, segments: 28 })],
  },
  {
    propId: 'parasol', title: 'Parasol', category: 'outdoor', tags: ['umbrella', 'parasol', 'café', 'shade'], defaultSize: [2.6, 2.5, 2.6],
    collisionBox: { center: [0, 1.2, 0], size: [0.6, 2.4, 0.6] },
    parts: [
      post(0.3, 0.08, 0, 0, 0, 'concrete', { segments: 24 }),
      post(0.025, 2.35, 0, 0.08, 0, 'wood-oak'),
      cone(1.3, 0.45, [0, 2.22, 0], rgb('#efe7d8', 0.9), { segments: 8 }),
      cyl(1.3, 0.12, [0, 1.96, 0], rgb('#efe7d8', 0.9), { rBottom: 1.3, segments: 8 }),
    ],
  },
];
