import { block, box, lathe, post, rgb, sphere } from './parts.ts';
import type { PropRecipe } from './types.ts';

const CANVAS = rgb('#f3efe6', 0.9);

export const displayProps: PropRecipe[] = [
  {
    propId: 'display-case', title: 'Glass display case', category: 'display', tags: ['vitrine', 'museum', 'glass'], defaultSize: [0.8, 1.45, 0.8],
    parts: [
      block([0.76, 0.06, 0.76], 0, 0, 0, rgb('#2b2c2e', 0.8)),
      block([0.8, 0.84, 0.8], 0, 0.06, 0, 'white'),
      block([0.78, 0.55, 0.78], 0, 0.9, 0, 'glass-clear', { castShadow: false }),
      lathe([[0, 0], [0.06, 0], [0.09, 0.08], [0.05, 0.2], [0.035, 0.24], [0, 0.24]], [0, 0.9, 0], 'terracotta', { segments: 28 }),
    ],
  },
  {
    propId: 'vitrine-tall', title: 'Tall vitrine', category: 'display', tags: ['vitrine', 'showcase', 'retail', 'glass'], defaultSize: [0.6, 1.9, 0.5],
    parts: [
      block([0.6, 0.3, 0.5], 0, 0, 0, 'wood-walnut'),
      block([0.58, 1.5, 0.48], 0, 0.3, 0, 'glass-clear', { castShadow: false }),
      ...[0.8, 1.3].map((y) => block([0.56, 0.012, 0.46], 0, y, 0, 'glass-frosted', { castShadow: false })),
      block([0.6, 0.1, 0.5], 0, 1.8, 0, 'wood-walnut'),
      sphere(0.07, [0, 0.37, 0], 'metal-brass'),
      block([0.2, 0.14, 0.12], 0, 0.81, 0, rgb('#8c3b2e', 0.5)),
      sphere(0.06, [0.1, 1.37, 0], 'ceramic-white'),
    ],
  },
  {
    propId: 'display-table', title: 'Display table', category: 'display', tags: ['table', 'retail', 'showroom'], defaultSize: [1.6, 1.05, 0.8],
    parts: [
      block([1.6, 0.05, 0.8], 0, 0.8, 0, 'wood-oak'),
      block([1.5, 0.8, 0.7], 0, 0, 0, 'white'),
      block([0.3, 0.12, 0.22], -0.45, 0.85, 0.05, rgb('#2f4a6b', 0.5)),
      block([0.22, 0.2, 0.22], 0.05, 0.85, -0.1, rgb('#d9c9a5', 0.6)),
      sphere(0.08, [0.5, 0.93, 0.1], 'metal-chrome'),
    ],
  },
  {
    propId: 'easel', title: 'Studio easel', category: 'display', tags: ['easel', 'art', 'painting'], defaultSize: [0.73, 1.8, 0.6],
    parts: [
      box([0.04, 1.8, 0.03], [-0.22, 0.88, 0.06], 'wood-ash', { rotation: [0.08, 0, 0.14] }),
      box([0.04, 1.8, 0.03], [0.22, 0.88, 0.06], 'wood-ash', { rotation: [0.08, 0, -0.14] }),
      box([0.04, 1.7, 0.03], [0, 0.82, -0.2], 'wood-ash', { rotation: [-0.26, 0, 0] }),
      block([0.6, 0.04, 0.08], 0, 0.72, 0.1, 'wood-ash'),
      box([0.56, 0.72, 0.025], [0, 1.12, 0.09], CANVAS, { rotation: [0.08, 0, 0] }),
      box([0.4, 0.3, 0.005], [0, 1.16, 0.106], rgb('#3dabff', 0.8), { rotation: [0.08, 0, 0], castShadow: false }),
      box([0.3, 0.22, 0.006], [0.08, 1.0, 0.112], rgb('#e1a35d', 0.8), { rotation: [0.08, 0, 0], castShadow: false }),
    ],
  },
  {
    propId: 'frame-leaning', title: 'Leaning frame', category: 'display', tags: ['frame', 'picture', 'art'], defaultSize: [1.0, 1.3, 0.25],
    parts: [
      box([1.0, 1.3, 0.05], [0, 0.64, 0], 'wood-walnut', { rotation: [-0.14, 0, 0] }),
      box([0.84, 1.14, 0.01], [0, 0.64, 0.026], CANVAS, { rotation: [-0.14, 0, 0], castShadow: false }),
      box([0.6, 0.5, 0.005], [0, 0.74, 0.034], rgb('#b86a4b', 0.9), { rotation: [-0.14, 0, 0], castShadow: false }),
    ],
  },
  {
    propId: 'sign-board', title: 'A-frame sign', category: 'signage', tags: ['sign', 'menu', 'sandwich board'], defaultSize: [0.6, 1.0, 0.5],
    parts: [
      box([0.6, 1.0, 0.03], [0, 0.48, 0.12], 'wood-oak', { rotation: [-0.26, 0, 0] }),
      box([0.6, 1.0, 0.03], [0, 0.48, -0.12], 'wood-oak', { rotation: [0.26, 0, 0] }),
      box([0.5, 0.8, 0.005], [0, 0.5, 0.14], rgb('#23272b', 0.9), { rotation: [-0.26, 0, 0], castShadow: false }),
      post(0.006, 0.02, 0, 0.96, 0, 'metal-black'),
    ],
  },
];

displayProps.push({
  propId: 'lectern', title: 'Lectern', category: 'display', tags: ['lectern', 'podium', 'speaker', 'auditorium'], defaultSize: [0.6, 1.2, 0.5],
  parts: [
    block([0.55, 0.04, 0.45], 0, 0, 0, 'wood-walnut'),
    block([0.44, 1.0, 0.34], 0, 0.04, 0, 'wood-walnut'),
    box([0.6, 0.04, 0.48], [0, 1.1, 0], 'wood-walnut', { rotation: [-0.3, 0, 0] }),
    block([0.445, 0.06, 0.005], 0, 0.85, 0.171, 'accent-blue', { castShadow: false }),
    post(0.006, 0.2, 0.18, 1.12, -0.12, 'metal-black', { castShadow: false }),
  ],
});
