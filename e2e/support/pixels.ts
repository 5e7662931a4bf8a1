import sharp from 'sharp';

export interface PixelStats {
  /** Mean luma 0..255. */
  mean: number;
  /** Standard deviation of luma: a flat fill (blank canvas, solid sky) is near 0. */
  stdDev: number;
  /** Share of pixels darker than luma 24. */
  darkShare: number;
  /** Distinct colours after quantising to 4 bits per channel. */
  colours: number;
}

/** Luma statistics of a PNG screenshot, decoded from the buffer itself (no browser help). */
export async function pixelStats(png: Buffer): Promise<PixelStats> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  let sum = 0;
  let sumSq = 0;
  let dark = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    sum += y;
    sumSq += y * y;
    if (y < 24) dark++;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
  }
  const mean = sum / n;
  return { mean, stdDev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), darkShare: dark / n, colours: colours.size };
}
