import type { MaterialPattern } from '../materials/types.ts';
import { hexToRgb, mix, pick, shade } from './color.ts';
import { createImage, fillPixels, type PixelImage } from './image.ts';
import { fbm } from './noise.ts';

/** Plain weave: `scale` threads per tile, warp and weft alternating over/under. colours: [warp, weft]. */
export function paintFabric(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const n = Math.max(2, Math.round(p.scale / 2) * 2);
  const cell = size / n;
  return fillPixels(createImage(size), (x, y) => {
    const i = Math.floor(x / cell), j = Math.floor(y / cell);
    const fx = x / cell - i, fy = y / cell - j;
    const warpOnTop = (i + j) % 2 === 0;
    // Each thread is a rounded ridge: brightest along its centre line.
    const ridge = warpOnTop ? Math.sin(fx * Math.PI) : Math.sin(fy * Math.PI);
    const base = warpOnTop ? cols[0]! : pick(cols, 1);
    const slub = fbm(x / size, y / size, 16, 16, seed, 2);
    return shade(mix(base, cols[0]!, 0.3), 0.8 + ridge * 0.22 + (slub - 0.5) * 0.1);
  });
}
