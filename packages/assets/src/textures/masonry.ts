import type { MaterialPattern } from '../materials/types.ts';
import { hexToRgb, mix, pick, shade } from './color.ts';
import { createImage, fillPixels, type PixelImage } from './image.ts';
import { fbm } from './noise.ts';
import { hash2 } from './random.ts';

/** Square tiles, `scale` per side. colours: [base, variant, grout]. */
export function paintTiles(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const n = Math.max(1, Math.round(p.scale));
  const cell = size / n;
  const grout = Math.max(2, cell * 0.025);
  const variation = p.variation ?? 0.3;
  return fillPixels(createImage(size), (x, y) => {
    const i = Math.floor(x / cell), j = Math.floor(y / cell);
    const lx = x - i * cell, ly = y - j * cell;
    const edge = Math.min(lx, ly, cell - lx, cell - ly);
    if (edge < grout / 2) return pick(cols, 2);
    let c = mix(cols[0]!, pick(cols, 1), hash2(i, j, seed) * variation * 2);
    c = shade(c, 0.94 + 0.1 * fbm(x / size, y / size, 8, 8, seed + i * 7 + j, 3));
    // A soft bevel reads as a real tile edge under light.
    if (edge < grout) c = shade(c, 0.88);
    return c;
  });
}

/** Running-bond brick, `scale` courses per tile. colours: [base, variant A, variant B, mortar]. */
export function paintBrick(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const rows = Math.max(2, Math.round(p.scale / 2) * 2);
  const rowH = size / rows;
  const perRow = Math.max(1, Math.round(rows / 3));
  const brickW = size / perRow;
  const mortar = Math.max(2, rowH * 0.14);
  const variation = p.variation ?? 0.4;
  return fillPixels(createImage(size), (x, y) => {
    const r = Math.floor(y / rowH);
    const shift = r % 2 ? brickW / 2 : 0;
    const u = (x + shift) % size;
    const b = Math.floor(u / brickW);
    const lx = u - b * brickW, ly = y - r * rowH;
    const noise = fbm(x / size, y / size, 16, 16, seed, 3);
    if (lx < mortar || ly < mortar) return shade(pick(cols, 3), 0.9 + noise * 0.2);
    const h = hash2(b, r, seed);
    let c = h < 0.5 ? mix(cols[0]!, pick(cols, 1), h * 2 * variation * 2) : mix(cols[0]!, pick(cols, 2), (h - 0.5) * 2 * variation * 2);
    c = shade(c, 0.85 + noise * 0.3);
    if (lx < mortar * 1.8 || ly < mortar * 1.8) c = shade(c, 0.92);
    return c;
  });
}
