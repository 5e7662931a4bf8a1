import { block, rgb, sphere } from './parts.ts';
import type { PropPart, PropRecipe } from './types.ts';

const BOOK_COLOURS = ['#8c3b2e', '#2f4a6b', '#d9c9a5', '#3e5a3e'];

/** A deterministic row of books filling `width` on a shelf at y0 (no randomness at run time). */
function books(width: number, y0: number, depth: number, seed: number): PropPart[] {
  const out: PropPart[] = [];
  let x = -width / 2 + 0.02;
  let k = seed;
  while (x < width / 2 - 0.12) {
    k = (k * 1103515245 + 12345) & 0x7fffffff;
    const w = 0.025 + (k % 5) * 0.008;
    const h = 0.2 + ((k >> 3) % 6) * 0.02;
    out.push(block([w, h, depth * 0.75], x + w / 2, y0, 0.02, rgb(BOOK_COLOURS[(k >> 5) % BOOK_COLOURS.length]!, 0.7)));
    x += w + 0.004;
    if ((k >> 7) % 7 === 0) x += 0.12;
  }
  return out;
}

export const storageProps: PropRecipe[] = [
  {
    propId: 'bookshelf', title: 'Bookshelf', category: 'storage', tags: ['shelf', 'books', 'library'], defaultSize: [0.96, 1.9, 0.35],
    parts: [
      block([0.03, 1.9, 0.35], -0.465, 0, 0, 'wood-walnut'),
      block([0.03, 1.9, 0.35], 0.465, 0, 0, 'wood-walnut'),
      block([0.9, 1.9, 0.01], 0, 0, -0.17, 'wood-walnut'),
      ...[0.05, 0.5, 0.95, 1.4, 1.87].map((y) => block([0.9, 0.025, 0.34], 0, y, 0, 'wood-walnut')),
      ...[0.075, 0.525, 0.975, 1.425].flatMap((y, i) => books(0.9, y, 0.3, 7 + i * 13)),
    ],
  },
  {
    propId: 'shelf-wall', title: 'Open shelving', category: 'storage', tags: ['shelf', 'display', 'retail'], defaultSize: [1.2, 1.8, 0.4],
    parts: [
      ...[-0.58, 0.58].flatMap((x) => [block([0.03, 1.8, 0.03], x, 0, -0.18, 'metal-black'), block([0.03, 1.8, 0.03], x, 0, 0.18, 'metal-black')]),
      ...[0.1, 0.55, 1.0, 1.45].map((y) => block([1.2, 0.03, 0.4], 0, y, 0, 'wood-oak')),
    ],
  },
  {
    propId: 'sideboard', title: 'Sideboard', category: 'storage', tags: ['cabinet', 'credenza', 'wood'], defaultSize: [1.6, 0.78, 0.45],
    parts: [
      ...[-0.74, 0.74].flatMap((x) => [-0.18, 0.18].map((z) => block([0.03, 0.16, 0.03], x, 0, z, 'metal-black'))),
      block([1.6, 0.62, 0.45], 0, 0.16, 0, 'wood-walnut'),
      ...[-0.4, 0, 0.4].map((x) => block([0.004, 0.56, 0.01], x, 0.19, 0.226, rgb('#2a1a10', 0.8), { castShadow: false })),
      ...[-0.6, -0.2, 0.2, 0.6].map((x) => sphere(0.015, [x, 0.6, 0.235], 'metal-brass', { castShadow: false })),
    ],
  },
  {
    propId: 'crate', title: 'Wooden crate', category: 'storage', tags: ['box', 'crate', 'industrial'], defaultSize: [0.6, 0.6, 0.6],
    parts: [
      block([0.56, 0.56, 0.56], 0, 0.02, 0, 'wood-ash'),
      ...[0, 0.56].map((y) => block([0.6, 0.04, 0.6], 0, y, 0, 'wood-oak')),
      ...[-0.28, 0.28].flatMap((x) => [-0.28, 0.28].map((z) => block([0.05, 0.6, 0.05], x, 0, z, 'wood-oak'))),
    ],
  },
];
