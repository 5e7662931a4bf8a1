import { block, legs4, post, rgb } from './parts.ts';
import type { PropRecipe } from './types.ts';

// Work and dining heights ~74 cm, coffee ~40 cm, counters ~1.05 m.
export const tableProps: PropRecipe[] = [
  {
    propId: 'table', title: 'Dining table', category: 'tables', tags: ['table', 'wood', 'meeting'], defaultSize: [1.8, 0.75, 0.9],
    parts: [...legs4(1.7, 0.8, 0.71, 0.06, 'wood-oak', 0.06), block([1.8, 0.04, 0.9], 0, 0.71, 0, 'wood-oak'), block([1.5, 0.08, 0.04], 0, 0.63, -0.36, 'wood-oak'), block([1.5, 0.08, 0.04], 0, 0.63, 0.36, 'wood-oak')],
  },
  {
    propId: 'table-coffee', title: 'Coffee table', category: 'tables', tags: ['table', 'low', 'lounge'], defaultSize: [1.1, 0.4, 0.6],
    parts: [...legs4(1.04, 0.54, 0.37, 0.025, 'metal-black', 0.02), block([1.1, 0.03, 0.6], 0, 0.37, 0, 'wood-walnut'), block([1.0, 0.02, 0.5], 0, 0.12, 0, 'wood-walnut')],
  },
  {
    propId: 'table-cafe', title: 'Café table', category: 'tables', tags: ['table', 'round', 'marble'], defaultSize: [0.7, 0.75, 0.7],
    parts: [post(0.24, 0.02, 0, 0, 0, 'metal-black', { segments: 32 }), post(0.03, 0.7, 0, 0.02, 0, 'metal-black'), post(0.35, 0.03, 0, 0.72, 0, 'marble', { segments: 40 })],
  },
  {
    propId: 'table-side', title: 'Side table', category: 'tables', tags: ['table', 'small', 'brass'], defaultSize: [0.44, 0.55, 0.44],
    parts: [post(0.22, 0.02, 0, 0.53, 0, 'metal-brass', { segments: 32 }), post(0.015, 0.53, 0, 0, 0, 'metal-brass'), post(0.16, 0.015, 0, 0, 0, 'metal-brass', { segments: 32 })],
  },
  {
    propId: 'desk', title: 'Office desk', category: 'tables', tags: ['desk', 'office', 'computer'], defaultSize: [1.4, 1.18, 0.7],
    parts: [
      block([1.4, 0.03, 0.7], 0, 0.72, 0, 'wood-ash'),
      block([0.03, 0.72, 0.66], -0.67, 0, 0, 'plastic-white'),
      block([0.03, 0.72, 0.66], 0.67, 0, 0, 'plastic-white'),
      block([1.3, 0.35, 0.02], 0, 0.36, -0.3, 'plastic-white'),
      block([0.2, 0.015, 0.16], 0, 0.75, -0.15, 'metal-black'),
      block([0.04, 0.16, 0.02], 0, 0.765, -0.17, 'metal-black'),
      block([0.6, 0.36, 0.025], 0, 0.82, -0.17, 'metal-black'),
      block([0.57, 0.32, 0.005], 0, 0.84, -0.155, 'screen', { castShadow: false }),
      block([0.42, 0.015, 0.14], 0, 0.75, 0.12, rgb('#d9dadc', 0.5)),
    ],
  },
  {
    propId: 'desk-student', title: 'Student desk', category: 'tables', tags: ['desk', 'classroom', 'school'], defaultSize: [1.2, 0.74, 0.6],
    parts: [...legs4(1.16, 0.56, 0.71, 0.03, 'metal-black', 0.03, true), block([1.2, 0.03, 0.6], 0, 0.71, 0, 'wood-ash'), block([1.1, 0.02, 0.4], 0, 0.58, 0.02, 'metal-black')],
  },
  {
    propId: 'reception-desk', title: 'Reception desk', category: 'tables', tags: ['desk', 'counter', 'reception', 'lobby'], defaultSize: [2.2, 1.1, 0.8],
    parts: [
      block([2.1, 1.04, 0.3], 0, 0, 0.25, 'plastic-white'),
      block([0.3, 0.72, 0.5], -0.9, 0, -0.15, 'plastic-white'),
      block([2.2, 0.04, 0.36], 0, 1.04, 0.24, 'wood-oak'),
      block([1.6, 0.03, 0.6], 0, 0.72, -0.12, 'wood-oak'),
      block([2.1, 0.06, 0.01], 0, 0.12, 0.405, 'accent-blue', { castShadow: false }),
    ],
  },
];
