import type { MaterialPattern } from '../materials/types.ts';
import { hexToRgb, mix, pick, shade, type Rgb } from './color.ts';
import { createImage, fillPixels, type PixelImage } from './image.ts';
import { fbm } from './noise.ts';
import { hash2 } from './random.ts';

// colours: [base, darker plank, lighter plank, seam]

function plankColor(cols: Rgb[], h: number, variation: number): Rgb {
  // Spread plank tones between the dark and light variants around the base.
  const t = (h - 0.5) * 2 * variation;
  return t < 0 ? mix(cols[0]!, pick(cols, 1), -t) : mix(cols[0]!, pick(cols, 2), t);
}

/** Grain: thin wavy bands along u, warped by low-frequency noise. */
function grain(s: number, t: number, seed: number, bands: number): number {
  const warp = fbm(s, t, 2, 8, seed, 3);
  const g = Math.sin((t * bands + warp * 6) * Math.PI * 2);
  return 0.5 + 0.5 * g;
}

/** Rows of planks (`scale` rows per tile) with staggered butt joints; also slat cladding. */
export function paintPlanks(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const rows = Math.max(1, Math.round(p.scale));
  const rowH = size / rows;
  const variation = p.variation ?? 0.5;
  const seam = pick(cols, 3);
  return fillPixels(createImage(size), (x, y) => {
    const row = Math.floor(y / rowH);
    // Two planks per row, offset per row: joints land at random places but the tile still wraps.
    const offset = hash2(row, 7, seed) * size;
    const u = (x - offset + size * 2) % size;
    const plank = Math.floor(u / (size / 2));
    const h = hash2(row, plank, seed);
    let c = plankColor(cols, h, variation);
    const g = grain(x / size, (y % rowH) / size + h, seed + row, 18);
    c = shade(c, 0.93 + 0.1 * g);
    const fine = fbm(x / size, y / size, 64, 8, seed + 5, 2);
    c = shade(c, 0.95 + fine * 0.1);
    const inRow = y - row * rowH;
    const edgeU = Math.min(u % (size / 2), size / 2 - (u % (size / 2)));
    if (inRow < 1.5 || edgeU < 1.2) c = mix(c, seam, 0.75);
    else if (inRow < 3) c = shade(c, 0.9);
    return c;
  });
}

/** Herringbone-style chevrons: `scale` columns of 45° planks, alternate columns mirrored. */
export function paintHerringbone(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const columns = Math.max(2, Math.round(p.scale / 2) * 2);
  const cw = size / columns;
  const ph = cw / 2;
  const variation = p.variation ?? 0.5;
  const seam = pick(cols, 3);
  return fillPixels(createImage(size), (x, y) => {
    const k = Math.floor(x / cw);
    const lu = x - k * cw;
    const odd = k % 2 === 1;
    const v = y + (odd ? cw - lu : lu) + (odd ? ph / 2 : 0);
    const idx = Math.floor(v / ph);
    const h = hash2(k, ((idx % (size / ph)) + size / ph) % (size / ph), seed);
    let c = plankColor(cols, h, variation);
    const along = (odd ? -1 : 1) * (x / size) + y / size;
    c = shade(c, 0.93 + 0.1 * grain(along, v / size, seed + k, 10));
    const inPlank = v - idx * ph;
    if (inPlank < 1.4 || lu < 1.2) c = mix(c, seam, 0.7);
    return c;
  });
}

/** Wavy bands: wood grain, brushed metal, travertine. `scale` bands per tile. */
export function paintStripes(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const variation = p.variation ?? 0.5;
  return fillPixels(createImage(size), (x, y) => {
    const s = x / size, t = y / size;
    const warp = fbm(s, t, 2, 4, seed, 3) * variation * 4;
    const band = t * p.scale + warp;
    const b = Math.floor(band);
    const f = band - b;
    const h = hash2(((b % p.scale) + p.scale) % p.scale, 3, seed);
    let c = mix(cols[0]!, pick(cols, 1), h * 0.8 + f * 0.2);
    const fine = fbm(s, t, 64, 2, seed + 9, 2);
    c = mix(c, pick(cols, 2), Math.max(0, fine - 0.55) * 1.5);
    return shade(c, 0.96 + 0.06 * Math.sin(f * Math.PI));
  });
}
