import { describe, expect, it } from 'vitest';
import { artworkDataUrl, artworks } from './index.ts';

describe('artworks', () => {
  it('are small, well-formed SVGs with unique ids and data URLs', () => {
    expect(artworks.length).toBeGreaterThanOrEqual(6);
    expect(new Set(artworks.map((a) => a.id)).size).toBe(artworks.length);
    for (const a of artworks) {
      expect(a.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(a.svg.endsWith('</svg>')).toBe(true);
      expect(a.svg.length).toBeLessThan(24_000);
      expect(a.aspect).toBeGreaterThan(0.5);
      expect(decodeURIComponent(artworkDataUrl(a.id).split(',')[1]!)).toBe(a.svg);
    }
    expect(() => artworkDataUrl('nope')).toThrow();
  });
});
