import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { artworks } from '@atrium/assets';
import { BAKED_ARTWORKS } from '../packages/assets/src/three/bakedArtworks.ts';
import { ARTWORK_BAKE_EDGE, artworkBakeFile } from './bakeKey.ts';

describe('baked artworks (npm run bake)', () => {
  it('has a WebP for every built-in artwork, named by the key of its current SVG, at its aspect', async () => {
    expect(Object.keys(BAKED_ARTWORKS).sort()).toEqual(artworks.map((a) => a.id).sort());
    for (const art of artworks) {
      const file = fileURLToPath(BAKED_ARTWORKS[art.id]!);
      // A changed SVG gives a new name: the stale file would still be cached forever under the old one.
      expect(path.basename(file), `${art.id} is baked from an older SVG: run npm run bake`).toBe(artworkBakeFile(art.id, art.svg));
      expect(fs.existsSync(file), `${file} is missing: run npm run bake`).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(ARTWORK_BAKE_EDGE);
      expect(meta.width! / meta.height!).toBeCloseTo(art.aspect, 1);
    }
  });

  it('names a file anew when the SVG changes', () => {
    const art = artworks[0]!;
    expect(artworkBakeFile(art.id, art.svg)).toBe(artworkBakeFile(art.id, art.svg));
    expect(artworkBakeFile(art.id, art.svg.replace('</svg>', '<rect/></svg>'))).not.toBe(artworkBakeFile(art.id, art.svg));
  });
});
