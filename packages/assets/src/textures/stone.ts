import type { MaterialPattern } from '../materials/types.ts';
import { hexToRgb, mix, pick, shade } from './color.ts';
import { createImage, fillPixels, type PixelImage } from './image.ts';
import { fbm } from './noise.ts';
import { hash2, seededRandom } from './random.ts';

/** Marble: turbulent diagonal veins. colours: [base, soft vein, dark vein]. */
export function paintMarble(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const k = Math.max(1, Math.round(p.scale));
  return fillPixels(createImage(size), (x, y) => {
    const s = x / size, t = y / size;
    const turb = fbm(s, t, 3, 3, seed, 5);
    const wave = Math.abs(Math.sin((s + t) * Math.PI * k + turb * 9));
    const fine = Math.abs(Math.sin((s - t) * Math.PI * k * 2 + fbm(s, t, 6, 6, seed + 3, 4) * 12));
    let c = shade(cols[0]!, 0.96 + 0.06 * turb);
    c = mix(c, pick(cols, 1), Math.pow(1 - wave, 6) * 0.8);
    // Fine veins only where the turbulence allows, so they read as veining, not crazing.
    c = mix(c, pick(cols, 2), Math.pow(1 - fine, 40) * 0.55 * Math.max(0, turb * 2 - 0.7));
    return c;
  });
}

/** Cast concrete: soft blotches, fine aggregate and a few pores. colours: [base, dark, light]. */
export function paintConcrete(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const k = Math.max(1, Math.round(p.scale));
  return fillPixels(createImage(size), (x, y) => {
    const s = x / size, t = y / size;
    // Blotches are kept gentle (a cast floor, not clouds); fine grit carries most of the texture.
    const blotch = 0.5 + (fbm(s, t, k, k, seed, 4) - 0.5) * 0.6 + (fbm(s, t, k * 8, k * 8, seed + 1, 2) - 0.5) * 0.35;
    const grit = hash2(x, y, seed);
    let c = blotch < 0.5 ? mix(pick(cols, 1), cols[0]!, blotch * 2) : mix(cols[0]!, pick(cols, 2), (blotch - 0.5) * 2);
    c = shade(c, 0.96 + grit * 0.08);
    if (grit > 0.9985) c = shade(c, 0.6);
    return c;
  });
}

/** Terrazzo: a pale binder with `scale` scattered stone chips. colours: [binder, ...chip colours]. */
export function paintTerrazzo(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const rand = seededRandom(seed);
  const chips = Array.from({ length: Math.round(p.scale) * 4 }, () => ({
    x: rand() * size, y: rand() * size, r: size * (0.006 + rand() * rand() * 0.03),
    a: rand() * Math.PI, e: 0.5 + rand() * 0.5, c: 1 + Math.floor(rand() * (cols.length - 1)),
  }));
  const img = fillPixels(createImage(size), (x, y) => shade(cols[0]!, 0.96 + 0.06 * fbm(x / size, y / size, 8, 8, seed, 3)));
  // Chips are ellipses stamped with wrap-around so the tile repeats seamlessly.
  for (const ch of chips) {
    const cos = Math.cos(ch.a), sin = Math.sin(ch.a);
    const col = pick(cols, ch.c);
    const r = Math.ceil(ch.r);
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const u = (dx * cos + dy * sin) / ch.r, v = (-dx * sin + dy * cos) / (ch.r * ch.e);
        if (u * u + v * v > 1) continue;
        const px = (Math.floor(ch.x + dx) + size) % size, py = (Math.floor(ch.y + dy) + size) % size;
        const i = (py * size + px) * 4;
        const f = 0.92 + 0.08 * hash2(px, py, seed);
        img.data[i] = col[0] * f;
        img.data[i + 1] = col[1] * f;
        img.data[i + 2] = col[2] * f;
      }
    }
  }
  return img;
}

/** Organic mottling between two or three colours: plaster, foliage, leather, lawn. */
export function paintNoise(p: MaterialPattern, size: number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const k = Math.max(1, Math.round(p.scale));
  return fillPixels(createImage(size), (x, y) => {
    const n = fbm(x / size, y / size, k, k, seed, 4);
    let c = mix(cols[0]!, pick(cols, 1), Math.min(1, Math.max(0, (n - 0.35) * 2.2)));
    if (cols.length > 2) c = mix(c, cols[2]!, Math.max(0, n - 0.62) * 3);
    return shade(c, 0.97 + 0.06 * hash2(x, y, seed));
  });
}
