import { block, cone, lathe, post, rgb, sphere } from './parts.ts';
import type { PropPart, PropRecipe } from './types.ts';

const LEAF = rgb('#3f6b3a', 0.7);

/** Tapered pot profile (radius, y) with a rolled lip, revolved by the builder. */
const potProfile = (r: number, h: number): [number, number][] => [
  [0, 0], [r * 0.72, 0], [r * 0.95, h * 0.9], [r, h * 0.92], [r, h], [r * 0.92, h], [r * 0.9, h * 0.94], [0, h * 0.94],
];

/** Snake-plant blades fanning out of a pot. */
function blades(n: number, h: number, y0: number): PropPart[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    const lean = 0.08 + (i % 3) * 0.06;
    const hh = h * (0.7 + ((i * 7) % 5) * 0.08);
    return block([0.07, hh, 0.012], Math.cos(a) * 0.05, y0, Math.sin(a) * 0.05, LEAF, { rotation: [Math.sin(a) * lean, a, -Math.cos(a) * lean] });
  });
}

export const plantProps: PropRecipe[] = [
  {
    propId: 'plant', title: 'Potted plant', category: 'plants', tags: ['plant', 'green', 'pot'], defaultSize: [0.62, 0.98, 0.5],
    parts: [
      lathe(potProfile(0.2, 0.38), [0, 0, 0], 'terracotta', { segments: 28 }),
      post(0.18, 0.01, 0, 0.35, 0, 'soil'),
      sphere(0.24, [0, 0.6, 0], 'foliage', { scale: [1, 0.9, 1] }),
      sphere(0.18, [0.14, 0.74, 0.06], 'foliage'),
      sphere(0.17, [-0.13, 0.72, -0.08], 'foliage'),
      sphere(0.14, [0.02, 0.84, -0.02], 'foliage'),
    ],
  },
  {
    propId: 'plant-tall', title: 'Tall fig tree', category: 'plants', tags: ['plant', 'tree', 'indoor'], defaultSize: [0.85, 1.95, 0.75],
    parts: [
      post(0.23, 0.46, 0, 0, 0, 'ceramic-white', { rBottom: 0.19, segments: 28 }),
      post(0.21, 0.01, 0, 0.44, 0, 'soil'),
      post(0.025, 1.2, 0, 0.44, 0, 'bark', { rBottom: 0.035 }),
      sphere(0.3, [0.1, 1.35, 0.05], 'foliage', { scale: [1, 0.8, 1] }),
      sphere(0.28, [-0.17, 1.55, -0.06], 'foliage', { scale: [1, 0.8, 1] }),
      sphere(0.26, [0.12, 1.72, -0.1], 'foliage', { scale: [1, 0.8, 1] }),
      sphere(0.22, [-0.05, 1.1, 0.14], 'foliage', { scale: [1, 0.8, 1] }),
    ],
  },
  {
    propId: 'plant-snake', title: 'Snake plant', category: 'plants', tags: ['plant', 'succulent'], defaultSize: [0.3, 0.95, 0.3],
    parts: [post(0.15, 0.32, 0, 0, 0, 'plastic-black', { segments: 24 }), post(0.14, 0.01, 0, 0.31, 0, 'soil'), ...blades(9, 0.62, 0.3)],
  },
  {
    propId: 'tree', title: 'Shade tree', category: 'plants', tags: ['tree', 'outdoor', 'park'], defaultSize: [3.2, 5, 3.2],
    collisionBox: { center: [0, 1.25, 0], size: [0.5, 2.5, 0.5] },
    parts: [
      post(0.13, 2.6, 0, 0, 0, 'bark', { rBottom: 0.2 }),
      post(0.05, 1.1, 0.3, 2, 0, 'bark', { rotation: [0, 0, -0.5] }),
      sphere(1.3, [0, 3.5, 0], 'foliage', { scale: [1, 0.85, 1] }),
      sphere(0.95, [0.9, 3.2, 0.4], 'foliage'),
      sphere(0.9, [-0.8, 3.3, -0.5], 'foliage'),
      sphere(0.8, [0.2, 4.2, -0.3], 'foliage'),
    ],
  },
  {
    propId: 'tree-conifer', title: 'Conifer', category: 'plants', tags: ['tree', 'outdoor', 'pine'], defaultSize: [2, 5, 2],
    parts: [
      post(0.1, 1.0, 0, 0, 0, 'bark', { rBottom: 0.14 }),
      cone(1.0, 1.8, [0, 1.6, 0], 'foliage-dark', { segments: 14 }),
      cone(0.8, 1.6, [0, 2.6, 0], 'foliage-dark', { segments: 14 }),
      cone(0.55, 1.5, [0, 3.6, 0], 'foliage-dark', { segments: 14 }),
      cone(0.3, 1.0, [0, 4.5, 0], 'foliage-dark', { segments: 12 }),
    ],
  },
  {
    propId: 'bush', title: 'Round bush', category: 'plants', tags: ['bush', 'shrub', 'outdoor'], defaultSize: [1.3, 0.9, 1.1],
    parts: [
      sphere(0.5, [0, 0.42, 0], 'foliage', { scale: [1, 0.85, 1] }),
      sphere(0.38, [0.36, 0.38, 0.1], 'foliage'),
      sphere(0.36, [-0.34, 0.37, -0.08], 'foliage'),
      sphere(0.3, [0.05, 0.3, 0.3], 'foliage'),
    ],
  },
  {
    propId: 'planter-box', title: 'Planter box', category: 'plants', tags: ['planter', 'outdoor', 'hedge'], defaultSize: [1.6, 1.05, 0.55],
    parts: [
      block([1.6, 0.5, 0.55], 0, 0, 0, 'concrete'),
      block([1.5, 0.02, 0.45], 0, 0.48, 0, 'soil'),
      ...[-0.5, 0, 0.5].map((x, i) => sphere(0.3 + (i % 2) * 0.04, [x, 0.72, 0], 'foliage', { scale: [1.1, 0.9, 0.8] })),
    ],
  },
];
