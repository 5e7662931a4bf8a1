import { block, box, cone, post, rgb } from './parts.ts';
import type { PropRecipe } from './types.ts';

const PANEL = rgb('#26292d', 0.6);

export const signageProps: PropRecipe[] = [
  {
    propId: 'sign-totem', title: 'Wayfinding totem', category: 'signage', tags: ['sign', 'totem', 'wayfinding', 'lobby'], defaultSize: [0.55, 2.0, 0.14],
    parts: [
      block([0.55, 2.0, 0.12], 0, 0, 0, PANEL),
      block([0.55, 0.08, 0.125], 0, 1.75, 0, 'accent-blue', { castShadow: false }),
      ...[1.45, 1.25, 1.05, 0.85].map((y, i) => block([0.3 - i * 0.04, 0.04, 0.005], -0.06, y, 0.062, rgb('#f2f2f0', 0.5), { castShadow: false })),
    ],
  },
  {
    propId: 'sign-arrow', title: 'Direction sign', category: 'signage', tags: ['sign', 'arrow', 'outdoor', 'wayfinding'], defaultSize: [1.35, 2.3, 0.28],
    parts: [
      post(0.035, 2.3, 0, 0, 0, 'metal-black'),
      block([0.55, 0.18, 0.03], 0.27, 1.95, 0, 'white'),
      cone(0.14, 0.18, [0.62, 2.04, 0], 'white', { rotation: [0, 0, -Math.PI / 2], segments: 3 }),
      block([0.55, 0.18, 0.03], -0.2, 1.68, 0, 'accent-blue'),
      cone(0.14, 0.18, [-0.55, 1.77, 0], 'accent-blue', { rotation: [0, 0, Math.PI / 2], segments: 3 }),
    ],
  },
  {
    propId: 'info-kiosk', title: 'Info kiosk', category: 'signage', tags: ['kiosk', 'touchscreen', 'information'], defaultSize: [0.5, 1.3, 0.45],
    parts: [
      block([0.4, 0.04, 0.4], 0, 0, 0, 'metal-black'),
      block([0.16, 1.0, 0.12], 0, 0.04, 0, 'white'),
      box([0.5, 0.36, 0.06], [0, 1.12, 0.02], 'white', { rotation: [-0.5, 0, 0] }),
      box([0.44, 0.3, 0.005], [0, 1.12 + 0.014, 0.02 + 0.027], 'screen', { rotation: [-0.5, 0, 0], castShadow: false }),
    ],
  },
];
