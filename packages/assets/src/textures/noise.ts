import { hash2 } from './random.ts';

const mod = (a: number, n: number) => ((a % n) + n) % n;
const fade = (t: number) => t * t * (3 - 2 * t);

/**
 * Value noise that wraps every `px` x `py` lattice cells, so a texture built from it tiles with
 * no seam. (u, v) are in lattice units.
 */
export function tileNoise(u: number, v: number, px: number, py: number, seed: number): number {
  const x0 = Math.floor(u), y0 = Math.floor(v);
  const fx = fade(u - x0), fy = fade(v - y0);
  const xa = mod(x0, px), xb = mod(x0 + 1, px), ya = mod(y0, py), yb = mod(y0 + 1, py);
  const a = hash2(xa, ya, seed), b = hash2(xb, ya, seed), c = hash2(xa, yb, seed), d = hash2(xb, yb, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/**
 * Fractal sum of tileNoise over (s, t) in [0, 1) texture space; `cx`/`cy` are lattice cells of the
 * first octave across the tile. Result roughly in [0, 1].
 */
export function fbm(s: number, t: number, cx: number, cy: number, seed: number, octaves = 4): number {
  let sum = 0, amp = 0.5, norm = 0;
  for (let o = 0; o < octaves; o++) {
    const fx = cx << o, fy = cy << o;
    sum += amp * tileNoise(s * fx, t * fy, fx, fy, seed + o * 101);
    norm += amp;
    amp *= 0.5;
  }
  return sum / norm;
}
