import { getMaterial, paintPattern } from '@atrium/assets';

const cache = new Map<string, string>();

/**
 * A small PNG of a library material's pattern for swatches (wallpapers read as their print, not a
 * flat colour). Painted once per id; the flat colour where no canvas exists.
 */
export function patternSwatch(materialId: string, size = 48): string {
  const cached = cache.get(materialId);
  if (cached) return cached;
  const def = getMaterial(materialId);
  if (!def) return '';
  let css = def.color;
  const canvas = typeof document !== 'undefined' ? document.createElement('canvas') : null;
  const ctx = canvas?.getContext('2d');
  if (def.pattern && canvas && ctx) {
    // Paint a larger tile and draw it scaled, so a swatch shows a few repeats of the motif.
    const img = paintPattern(def.pattern, size * 2);
    canvas.width = canvas.height = size * 2;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(img.data), img.width, img.height), 0, 0);
    css = `url(${canvas.toDataURL('image/png')}) center / ${size}px ${size}px`;
  }
  cache.set(materialId, css);
  return css;
}
