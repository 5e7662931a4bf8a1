// `npm run bake` (after the textures): rasterises every built-in artwork's SVG once, here, into a
// WebP file named by its content key (packages/assets/baked/art-<id>.<key>.webp), plus the manifest
// the engine maps them through (packages/assets/src/three/bakedArtworks.ts). Documents keep the SVG
// data URL (it is what templates and demo spaces hold); the engine draws the baked file in its place.
// An SVG can only be rasterised by an <img> on the browser's main thread, which a loading space
// needs for its frames; a WebP decodes off it. Files whose key is unchanged are kept; stale ones removed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { artworks } from '@atrium/assets';
import { ARTWORK_BAKE_EDGE, WEBP_OPTIONS, artworkBakeFile } from './bakeKey.ts';
import { ARTWORK_PREFIX, BAKED_DIR, bakeSummary, pruneBaked, writeManifest } from './bakedFiles.ts';

fs.mkdirSync(BAKED_DIR, { recursive: true });
const files: [string, string][] = [];
let painted = 0;
for (const art of artworks) {
  const name = artworkBakeFile(art.id, art.svg);
  files.push([art.id, name]);
  const file = path.join(BAKED_DIR, name);
  if (!fs.existsSync(file)) {
    // Longest side ARTWORK_BAKE_EDGE: the largest picture layer the engine makes (assetLoader.pictureLayerSize).
    const [w, h] = art.aspect >= 1 ? [ARTWORK_BAKE_EDGE, Math.round(ARTWORK_BAKE_EDGE / art.aspect)] : [Math.round(ARTWORK_BAKE_EDGE * art.aspect), ARTWORK_BAKE_EDGE];
    await sharp(Buffer.from(art.svg)).resize(w, h, { fit: 'fill' }).removeAlpha().webp(WEBP_OPTIONS).toFile(file);
    painted++;
  }
}
const bytes = pruneBaked(new Set(files.map(([, f]) => f)), (f) => f.startsWith(ARTWORK_PREFIX));
writeManifest('bakedArtworks', {
  script: 'bake-artworks.ts',
  about: `Every built-in artwork, rasterised to a WebP (longest side ${ARTWORK_BAKE_EDGE} px) named by its content key.`,
  exportName: 'BAKED_ARTWORKS',
  files,
});
console.log(bakeSummary(files.length, 'baked artworks', `${painted} rasterised now`, bytes));
