import { describe, expect, it } from 'vitest';
import { artworkDataUrl, artworks } from '../artworks/index.ts';
import { bakedArtworkUrl } from './artworks.ts';
import { BAKED_ARTWORKS } from './bakedArtworks.ts';

describe('bakedArtworkUrl', () => {
  it('gives every built-in artwork\'s data URL its own baked WebP', () => {
    const urls = artworks.map((a) => bakedArtworkUrl(artworkDataUrl(a.id)));
    urls.forEach((u, i) => {
      expect(u).toBe(BAKED_ARTWORKS[artworks[i]!.id]);
      expect(u).toMatch(new RegExp(`/art-${artworks[i]!.id}\\.[0-9a-f]{12}\\.webp$`));
    });
    expect(new Set(urls).size).toBe(artworks.length);
  });

  it('leaves every other image to be drawn as it is', () => {
    const svg = artworkDataUrl(artworks[0]!.id);
    expect(bakedArtworkUrl(svg.replace('%3C%2Fsvg%3E', '%3Crect%2F%3E%3C%2Fsvg%3E'))).toBeUndefined(); // an edited SVG
    expect(bakedArtworkUrl('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E')).toBeUndefined();
    expect(bakedArtworkUrl('https://cdn.example/pictures/a.webp')).toBeUndefined();
    expect(bakedArtworkUrl('')).toBeUndefined();
  });
});
