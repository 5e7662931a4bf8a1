import type { MaterialPattern } from '../materials/types.ts';
import { hexToRgb, mix, pick, shade, type Rgb } from './color.ts';
import { createImage, fillPixels, type PixelImage } from './image.ts';
import { fbm } from './noise.ts';

// Wallpaper patterns: printed repeats on paper. Every motif sits on a grid of `scale` cells per
// tile (half-drop rows need an even scale), so the tile wraps seamlessly on a wall.
// colors: [paper, ink, accent]; the accent outlines or highlights the motif.

const frac = (v: number) => v - Math.floor(v);

/** A faint paper grain so flat prints do not look like plastic. */
function onPaper(p: MaterialPattern, size: number, motif: (u: number, v: number, row: number, col: number) => number): PixelImage {
  const cols = p.colors.map(hexToRgb);
  const seed = p.seed ?? 1;
  const n = Math.max(2, Math.round(p.scale));
  return fillPixels(createImage(size), (x, y) => {
    const s = x / size, t = y / size;
    const row = Math.floor(t * n);
    // Half-drop: odd columns shift half a cell down, as printed wallpaper repeats do.
    const col = Math.floor(s * n);
    const u = frac(s * n);
    const v = frac(t * n + (col % 2 ? 0.5 : 0));
    const ink = motif(u, v, row, col);
    let c: Rgb = ink >= 1.5 ? pick(cols, 2) : mix(cols[0]!, pick(cols, 1), Math.min(1, ink));
    const grain = fbm(s, t, 32, 32, seed, 2);
    c = shade(c, 0.97 + grain * 0.06);
    return c;
  });
}

/** Polka dots; ink 2 marks a thin ring around each dot. */
export function paintDots(p: MaterialPattern, size: number): PixelImage {
  return onPaper(p, size, (u, v) => {
    const d = Math.hypot(u - 0.5, v - 0.5);
    return d < 0.2 ? 1 : d < 0.24 ? 2 : 0;
  });
}

/** Harlequin diamonds alternating paper and ink, with accent seams. */
export function paintDiamonds(p: MaterialPattern, size: number): PixelImage {
  return onPaper(p, size, (u, v) => {
    const d = Math.abs(u - 0.5) + Math.abs(v - 0.5);
    if (Math.abs(d - 0.5) < 0.025) return 2;
    return d < 0.5 ? 1 : 0;
  });
}

/** Zig-zag bands, two per cell. */
export function paintChevron(p: MaterialPattern, size: number): PixelImage {
  return onPaper(p, size, (u, v) => {
    const band = frac(v * 2 + Math.abs(u - 0.5));
    if (band < 0.06) return 2;
    return band < 0.5 ? 1 : 0;
  });
}

/** A damask-style medallion: a six-petal rosette with an accent heart and corner sprigs. */
export function paintDamask(p: MaterialPattern, size: number): PixelImage {
  return onPaper(p, size, (u, v) => {
    const dx = u - 0.5, dy = v - 0.5;
    const r = Math.hypot(dx, dy);
    const a = Math.atan2(dy, dx);
    if (r < 0.07) return 2;
    const petal = 0.22 + 0.13 * Math.cos(a * 6);
    if (r < petal) return r > petal - 0.03 ? 2 : 0.85;
    const corner = Math.min(Math.hypot(u, v), Math.hypot(1 - u, v), Math.hypot(u, 1 - v), Math.hypot(1 - u, 1 - v));
    return corner < 0.09 ? 0.85 : 0;
  });
}
