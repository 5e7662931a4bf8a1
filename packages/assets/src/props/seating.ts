import { block, box, legs4, post, torus } from './parts.ts';
import type { PropRecipe } from './types.ts';

// Seat heights ~45 cm, bar 75 cm; backs lean back a few degrees so chairs don't look rigid.
export const seatingProps: PropRecipe[] = [
  {
    propId: 'chair-dining', title: 'Dining chair', category: 'seating', tags: ['chair', 'wood'], defaultSize: [0.46, 0.86, 0.5],
    parts: [
      ...legs4(0.44, 0.44, 0.43, 0.035, 'wood-oak'),
      block([0.46, 0.035, 0.46], 0, 0.43, 0.02, 'wood-oak'),
      block([0.035, 0.42, 0.035], -0.2, 0.46, -0.2, 'wood-oak'),
      block([0.035, 0.42, 0.035], 0.2, 0.46, -0.2, 'wood-oak'),
      box([0.44, 0.12, 0.025], [0, 0.8, -0.215], 'wood-oak', { rotation: [-0.08, 0, 0] }),
      box([0.4, 0.03, 0.02], [0, 0.62, -0.205], 'wood-oak'),
    ],
  },
  {
    propId: 'chair-lounge', title: 'Lounge armchair', category: 'seating', tags: ['chair', 'armchair', 'fabric'], defaultSize: [0.82, 0.82, 0.82],
    parts: [
      ...legs4(0.7, 0.7, 0.16, 0.04, 'wood-walnut', 0.05, true),
      block([0.82, 0.22, 0.8], 0, 0.16, 0, 'fabric-grey'),
      block([0.58, 0.12, 0.62], 0, 0.38, 0.06, 'fabric-grey'),
      box([0.82, 0.46, 0.16], [0, 0.6, -0.33], 'fabric-grey', { rotation: [-0.12, 0, 0] }),
      block([0.12, 0.24, 0.8], -0.35, 0.38, 0, 'fabric-grey'),
      block([0.12, 0.24, 0.8], 0.35, 0.38, 0, 'fabric-grey'),
    ],
  },
  {
    propId: 'chair-stacking', title: 'Stacking chair', category: 'seating', tags: ['chair', 'classroom', 'conference'], defaultSize: [0.48, 0.82, 0.5],
    parts: [
      ...legs4(0.42, 0.42, 0.45, 0.022, 'metal-black', 0.02, true),
      block([0.46, 0.03, 0.46], 0, 0.45, 0.01, 'plastic-white'),
      block([0.02, 0.36, 0.02], -0.19, 0.45, -0.2, 'metal-black'),
      block([0.02, 0.36, 0.02], 0.19, 0.45, -0.2, 'metal-black'),
      box([0.44, 0.2, 0.025], [0, 0.72, -0.22], 'plastic-white', { rotation: [-0.1, 0, 0] }),
    ],
  },
  {
    propId: 'stool-bar', title: 'Bar stool', category: 'seating', tags: ['stool', 'bar', 'metal'], defaultSize: [0.44, 0.78, 0.44],
    parts: [
      post(0.22, 0.02, 0, 0, 0, 'metal-black', { segments: 32 }),
      post(0.026, 0.72, 0, 0.02, 0, 'metal-black'),
      torus(0.16, 0.012, [0, 0.3, 0], 'metal-black', { rotation: [Math.PI / 2, 0, 0] }),
      post(0.19, 0.06, 0, 0.72, 0, 'leather-tan', { segments: 32 }),
    ],
  },
  {
    propId: 'stool-low', title: 'Low stool', category: 'seating', tags: ['stool', 'wood'], defaultSize: [0.38, 0.46, 0.38],
    parts: [
      ...[0, 1, 2].map((i) => {
        const a = (i / 3) * Math.PI * 2;
        return post(0.018, 0.44, Math.cos(a) * 0.12, 0, Math.sin(a) * 0.12, 'wood-ash', { rotation: [Math.sin(a) * -0.12, 0, Math.cos(a) * 0.12] });
      }),
      post(0.18, 0.04, 0, 0.42, 0, 'wood-ash', { segments: 32 }),
    ],
  },
  {
    propId: 'ottoman', title: 'Round ottoman', category: 'seating', tags: ['pouf', 'fabric'], defaultSize: [0.7, 0.42, 0.7],
    parts: [post(0.35, 0.4, 0, 0.02, 0, 'fabric-terracotta', { segments: 40 }), post(0.3, 0.02, 0, 0, 0, 'plastic-black', { segments: 32 })],
  },
  {
    propId: 'sofa', title: 'Three-seat sofa', category: 'seating', tags: ['sofa', 'couch', 'fabric'], defaultSize: [2.1, 0.82, 0.9],
    parts: [
      ...legs4(1.96, 0.78, 0.14, 0.035, 'metal-black', 0.06, true),
      block([2.1, 0.24, 0.9], 0, 0.14, 0, 'fabric-grey'),
      ...[-0.57, 0, 0.57].map((x) => block([0.56, 0.13, 0.62], x, 0.38, 0.08, 'fabric-grey')),
      box([1.86, 0.44, 0.2], [0, 0.6, -0.34], 'fabric-grey', { rotation: [-0.1, 0, 0] }),
      block([0.14, 0.26, 0.9], -0.98, 0.38, 0, 'fabric-grey'),
      block([0.14, 0.26, 0.9], 0.98, 0.38, 0, 'fabric-grey'),
    ],
  },
  {
    propId: 'sofa-velvet', title: 'Velvet loveseat', category: 'seating', tags: ['sofa', 'velvet'], defaultSize: [1.6, 0.8, 0.85],
    parts: [
      ...legs4(1.5, 0.75, 0.16, 0.03, 'metal-brass', 0.06, true),
      block([1.6, 0.2, 0.85], 0, 0.16, 0, 'velvet-green'),
      ...[-0.36, 0.36].map((x) => block([0.7, 0.13, 0.6], x, 0.36, 0.08, 'velvet-green')),
      box([1.6, 0.42, 0.18], [0, 0.58, -0.33], 'velvet-green', { rotation: [-0.1, 0, 0] }),
    ],
  },
  {
    propId: 'bench', title: 'Slatted bench', category: 'seating', tags: ['bench', 'wood', 'waiting'], defaultSize: [1.6, 0.46, 0.42],
    parts: [
      ...[-0.14, 0, 0.14].map((z) => block([1.6, 0.035, 0.12], 0, 0.42, z, 'wood-oak')),
      ...[-0.62, 0.62].flatMap((x) => [
        block([0.05, 0.42, 0.05], x, 0, -0.17, 'metal-black'),
        block([0.05, 0.42, 0.05], x, 0, 0.17, 'metal-black'),
        block([0.05, 0.04, 0.4], x, 0.38, 0, 'metal-black'),
      ]),
    ],
  },
  {
    propId: 'bench-gallery', title: 'Gallery bench', category: 'seating', tags: ['bench', 'leather', 'museum'], defaultSize: [1.8, 0.45, 0.5],
    parts: [
      block([1.8, 0.09, 0.5], 0, 0.36, 0, 'leather-tan'),
      block([1.7, 0.03, 0.44], 0, 0.33, 0, 'wood-walnut'),
      block([0.06, 0.33, 0.42], -0.7, 0, 0, 'wood-walnut'),
      block([0.06, 0.33, 0.42], 0.7, 0, 0, 'wood-walnut'),
    ],
  },
  {
    propId: 'theater-seat', title: 'Auditorium seat', category: 'seating', tags: ['seat', 'auditorium', 'cinema'], defaultSize: [0.6, 1.0, 0.62],
    parts: [
      block([0.05, 0.66, 0.56], -0.275, 0, 0, 'metal-black'),
      block([0.05, 0.66, 0.56], 0.275, 0, 0, 'metal-black'),
      block([0.5, 0.1, 0.46], 0, 0.4, 0.04, 'fabric-terracotta'),
      box([0.52, 0.6, 0.09], [0, 0.72, -0.23], 'fabric-terracotta', { rotation: [-0.16, 0, 0] }),
      box([0.52, 0.56, 0.03], [0, 0.7, -0.285], 'metal-black', { rotation: [-0.16, 0, 0] }),
    ],
  },
];
