import { block, box, cyl, lathe, post, rgb, sphere, torus } from './parts.ts';
import type { PropPart, PropRecipe } from './types.ts';

const ROPE = rgb('#8c1c2b', 0.7);

function stanchion(x: number): PropPart[] {
  return [
    post(0.16, 0.03, x, 0, 0, 'metal-chrome', { segments: 32 }),
    post(0.025, 0.92, x, 0.03, 0, 'metal-chrome'),
    sphere(0.04, [x, 0.97, 0], 'metal-chrome'),
  ];
}

// A 1.5 m rope sagging 20 cm: a 60° arc of a 1.5 m-radius torus turned to hang downward.
const ROPE_R = 1.5;
const ROPE_ARC = Math.PI / 3;

export const decorProps: PropRecipe[] = [
  {
    propId: 'rug', title: 'Wool rug', category: 'rugs', tags: ['rug', 'carpet', 'lounge'], defaultSize: [2.4, 0.015, 1.7], collision: 'none',
    parts: [block([2.4, 0.008, 1.7], 0, 0, 0, 'fabric-terracotta', { castShadow: false }), block([2.1, 0.01, 1.4], 0, 0.002, 0, 'fabric-grey', { castShadow: false })],
  },
  {
    propId: 'rug-round', title: 'Round rug', category: 'rugs', tags: ['rug', 'round'], defaultSize: [2, 0.015, 2], collision: 'none',
    parts: [post(1.0, 0.008, 0, 0, 0, 'fabric-grey', { segments: 48, castShadow: false }), post(0.75, 0.01, 0, 0.001, 0, 'fabric-blue', { segments: 48, castShadow: false })],
  },
  {
    propId: 'rug-runner', title: 'Runner carpet', category: 'rugs', tags: ['rug', 'runner', 'carpet', 'aisle'], defaultSize: [0.9, 0.012, 4], collision: 'none',
    parts: [block([0.9, 0.008, 4], 0, 0, 0, 'carpet-blue', { castShadow: false }), block([0.8, 0.009, 3.9], 0, 0.001, 0, 'fabric-grey', { castShadow: false })],
  },
  {
    propId: 'stanchion', title: 'Stanchion post', category: 'barriers', tags: ['stanchion', 'queue', 'barrier'], defaultSize: [0.32, 1.01, 0.32],
    parts: stanchion(0),
  },
  {
    propId: 'stanchion-rope', title: 'Stanchions with rope', category: 'barriers', tags: ['stanchion', 'rope', 'barrier', 'museum'], defaultSize: [1.82, 1.01, 0.32],
    parts: [
      ...stanchion(-0.75),
      ...stanchion(0.75),
      torus(ROPE_R, 0.016, [0, 0.92 + ROPE_R * Math.cos(ROPE_ARC / 2), 0], ROPE, { arc: ROPE_ARC, rotation: [0, 0, -Math.PI / 2 - ROPE_ARC / 2] }),
    ],
  },
  {
    propId: 'tv-stand', title: 'Screen on stand', category: 'screens', tags: ['screen', 'tv', 'display', 'presentation'], defaultSize: [1.5, 1.8, 0.6],
    parts: [
      ...[-0.45, 0.45].flatMap((x) => [block([0.06, 0.03, 0.6], x, 0, 0, 'metal-black'), block([0.05, 1.3, 0.05], x, 0.03, -0.02, 'metal-black')]),
      block([1.46, 0.84, 0.05], 0, 0.92, 0, 'metal-black'),
      block([1.4, 0.78, 0.005], 0, 0.95, 0.026, 'screen', { castShadow: false }),
    ],
  },
  {
    propId: 'projector-screen', title: 'Projection screen', category: 'screens', tags: ['screen', 'projector', 'cinema', 'auditorium'], defaultSize: [3.3, 2.6, 0.6],
    parts: [
      ...[-1.6, 1.6].flatMap((x) => [block([0.05, 0.03, 0.6], x, 0, 0, 'metal-black'), block([0.04, 2.55, 0.04], x, 0.03, 0, 'metal-black')]),
      block([3.3, 0.06, 0.08], 0, 2.54, 0, 'metal-black'),
      block([3.2, 1.8, 0.01], 0, 0.72, 0, rgb('#f4f4f2', 0.9), { castShadow: false }),
      block([3.2, 0.03, 0.02], 0, 0.69, 0, 'metal-black'),
    ],
  },
  {
    propId: 'room-divider', title: 'Folding screen', category: 'screens', tags: ['divider', 'partition', 'screen'], defaultSize: [1.7, 1.8, 0.35],
    parts: [-0.56, 0, 0.56].flatMap((x, i) => {
      const rot = i === 1 ? 0 : i === 0 ? 0.35 : -0.35;
      const z = i === 1 ? -0.1 : 0.1;
      return [box([0.56, 1.74, 0.03], [x, 0.9, z], 'fabric-grey', { rotation: [0, rot, 0] }), box([0.6, 0.04, 0.04], [x, 1.78, z], 'wood-oak', { rotation: [0, rot, 0] }), box([0.6, 0.04, 0.04], [x, 0.02, z], 'wood-oak', { rotation: [0, rot, 0] })];
    }),
  },
  {
    propId: 'whiteboard', title: 'Whiteboard', category: 'screens', tags: ['whiteboard', 'classroom', 'meeting'], defaultSize: [1.8, 1.95, 0.6],
    parts: [
      ...[-0.85, 0.85].flatMap((x) => [block([0.05, 0.03, 0.6], x, 0, 0, 'metal-steel'), block([0.04, 1.9, 0.04], x, 0.03, 0, 'metal-steel')]),
      block([1.8, 1.0, 0.03], 0, 0.9, 0, 'metal-steel'),
      block([1.74, 0.94, 0.005], 0, 0.93, 0.016, rgb('#fafafa', 0.25), { castShadow: false }),
      block([0.9, 0.03, 0.06], 0, 0.9, 0.04, 'metal-steel'),
      box([0.5, 0.01, 0.006], [-0.3, 1.6, 0.02], rgb('#3dabff', 0.5), { castShadow: false }),
      box([0.7, 0.01, 0.006], [-0.2, 1.5, 0.02], rgb('#2b2c2e', 0.5), { castShadow: false }),
    ],
  },
  {
    propId: 'speaker', title: 'Floor speaker', category: 'screens', tags: ['speaker', 'audio', 'music'], defaultSize: [0.26, 1.0, 0.3],
    parts: [
      block([0.26, 1.0, 0.3], 0, 0, 0, 'wood-walnut'),
      cyl(0.09, 0.02, [0, 0.72, 0.15], 'plastic-black', { rotation: [Math.PI / 2, 0, 0] }),
      cyl(0.09, 0.02, [0, 0.46, 0.15], 'plastic-black', { rotation: [Math.PI / 2, 0, 0] }),
      cyl(0.03, 0.02, [0, 0.9, 0.15], 'metal-steel', { rotation: [Math.PI / 2, 0, 0] }),
    ],
  },
  {
    propId: 'vase', title: 'Ceramic vase', category: 'decor', tags: ['vase', 'ceramic', 'decor'], defaultSize: [0.26, 0.45, 0.26],
    parts: [lathe([[0, 0], [0.08, 0], [0.12, 0.1], [0.13, 0.2], [0.09, 0.33], [0.05, 0.4], [0.06, 0.45], [0.05, 0.45], [0.04, 0.4], [0, 0.4]], [0, 0, 0], 'ceramic-white', { segments: 32 })],
  },
  {
    propId: 'books-stack', title: 'Stack of books', category: 'decor', tags: ['books', 'decor'], defaultSize: [0.3, 0.16, 0.22],
    parts: [
      block([0.3, 0.04, 0.22], 0, 0, 0, rgb('#2f4a6b', 0.7)),
      block([0.27, 0.035, 0.2], 0.01, 0.04, 0, rgb('#d9c9a5', 0.7), { rotation: [0, 0.12, 0] }),
      block([0.24, 0.045, 0.18], -0.01, 0.075, 0, rgb('#8c3b2e', 0.7), { rotation: [0, -0.1, 0] }),
      block([0.22, 0.03, 0.16], 0, 0.12, 0, rgb('#3e5a3e', 0.7)),
    ],
  },
];
