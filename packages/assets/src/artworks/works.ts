import { circle, path, r1, rect, seededRandom, svgDoc } from './svg.ts';

// Generative abstract artworks, made here and dedicated to the public domain (CC0), so every
// template can hang real pictures without a download or a licence question.

const PAPER = '#f3efe6';

/** Bauhaus-style composition: a big circle, bars and a half-disc. */
export function bauhaus(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const w = 800, h = 1000;
  const c = (i: number) => palette[i % palette.length]!;
  let b = circle(w * (0.3 + rnd() * 0.4), h * 0.38, 220 + rnd() * 60, c(0));
  b += rect(w * 0.12, h * 0.62, w * 0.76, 46, c(1));
  b += rect(w * (0.55 + rnd() * 0.2), h * 0.1, 40, h * 0.7, c(2));
  b += path(`M${w * 0.2} ${h * 0.88} A150 150 0 0 1 ${w * 0.2 + 300} ${h * 0.88} Z`, c(3));
  b += circle(w * 0.78, h * 0.82, 34, c(1));
  return svgDoc(w, h, b, PAPER);
}

/** Colour-field bands in the manner of Rothko: soft-edged stacked blocks. */
export function colorField(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const w = 800, h = 1000;
  let b = '<defs><filter id="s"><feGaussianBlur stdDeviation="6"/></filter></defs><g filter="url(#s)">';
  const n = 3;
  let y = 60;
  for (let i = 0; i < n; i++) {
    const bh = (h - 120 - (n - 1) * 30) / n + (rnd() - 0.5) * 80;
    b += rect(60, y, w - 120, bh, palette[(i + 1) % palette.length]!, ' rx="10"');
    y += bh + 30;
  }
  return svgDoc(w, h, b + '</g>', palette[0]!);
}

/** Nested squares (homage to Albers). */
export function nestedSquares(_seed: number, palette: string[]): string {
  const s = 900;
  let b = '';
  const steps = [1, 0.76, 0.54, 0.34];
  steps.forEach((k, i) => {
    const size = s * k;
    b += rect((s - size) / 2, (s - size) * 0.7, size, size, palette[i % palette.length]!);
  });
  return svgDoc(s, s, b, palette[0]!);
}

/** Flowing parallel waves. */
export function waves(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const w = 1200, h = 800;
  let b = '';
  const n = 9;
  // Top band first: each lower band is drawn over the one above it.
  for (let i = 1; i <= n; i++) {
    const y0 = (h / (n + 1)) * i;
    const amp = 30 + rnd() * 50, ph = rnd() * 6, f = 1.5 + rnd() * 1.5;
    let d = `M0 ${h}L0 ${r1(y0)}`;
    for (let x = 0; x <= w; x += 60) d += `L${x} ${r1(y0 + Math.sin((x / w) * Math.PI * f + ph) * amp)}`;
    d += `L${w} ${h}Z`;
    b += path(d, palette[i % palette.length]!);
  }
  return svgDoc(w, h, b, palette[0]!);
}

/** Layered mountain ridges under a sun. */
export function ridges(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const w = 1200, h = 800;
  let b = circle(w * 0.7, h * 0.32, 90, palette[1]!);
  for (let layer = 0; layer < 4; layer++) {
    const base = h * (0.45 + layer * 0.13);
    let d = `M0 ${h}L0 ${r1(base)}`;
    for (let x = 0; x <= w; x += 80) d += `L${x} ${r1(base - rnd() * (140 - layer * 25))}`;
    d += `L${w} ${h}Z`;
    b += path(d, palette[2 + (layer % (palette.length - 2))]!);
  }
  return svgDoc(w, h, b, palette[0]!);
}

/** A grid of dots of varying size: a halftone gradient. */
export function halftone(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const s = 900, n = 14, cell = s / n;
  let b = '';
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const t = (i + j) / (2 * n);
      b += circle(cell * (i + 0.5), cell * (j + 0.5), cell * 0.45 * (0.25 + t * 0.75 + rnd() * 0.08), palette[1 + ((i * 3 + j) % 7 === 0 ? 1 : 0)]!);
    }
  }
  return svgDoc(s, s, b, palette[0]!);
}

/** Primary-colour grid in the De Stijl manner. */
export function deStijl(seed: number, palette: string[]): string {
  const rnd = seededRandom(seed);
  const w = 900, h = 900;
  const xs = [0, 220 + rnd() * 80, 560 + rnd() * 80, w];
  const ys = [0, 180 + rnd() * 120, 620 + rnd() * 80, h];
  let b = '';
  const fills: Record<string, string> = { '0,0': palette[1]!, '2,2': palette[2]!, '2,0': palette[3]!, '0,2': palette[4] ?? palette[1]! };
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    const f = fills[`${i},${j}`];
    if (f) b += rect(xs[i]!, ys[j]!, xs[i + 1]! - xs[i]!, ys[j + 1]! - ys[j]!, f);
  }
  for (const x of xs.slice(1, -1)) b += rect(x - 9, 0, 18, h, '#1b1b1b');
  for (const y of ys.slice(1, -1)) b += rect(0, y - 9, w, 18, '#1b1b1b');
  return svgDoc(w, h, b, palette[0]!);
}

/** Concentric arcs from a corner, like a rainbow cut. */
export function arcs(_seed: number, palette: string[]): string {
  const w = 1000, h = 800;
  let b = '';
  for (let i = 6; i >= 1; i--) b += circle(w / 2, h, i * 110, palette[i % palette.length]!);
  return svgDoc(w, h, b, palette[0]!);
}
