// `npm run bake`: paints every library material's pattern once, here, and writes it as a WebP file
// named by its content key (packages/assets/baked/<id>.<key>.webp), plus the manifest the engine
// loads them through (packages/assets/src/three/bakedTextures.ts). Browsers then download and decode
// a small file off the main thread instead of painting hundreds of ms of pixels per pattern; the web
// build gives each file a hashed name under /assets/, served with immutable caching and shared by
// every space. Files whose key is unchanged are kept; stale ones are removed. Commit the results.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { materials, paintPattern } from '@atrium/assets';
import { BAKE_SIZE, WEBP_OPTIONS, bakeKey } from './bakeKey.ts';
import { BAKED_DIR, bakeSummary, isTextureFile, pruneBaked, writeManifest } from './bakedFiles.ts';

fs.mkdirSync(BAKED_DIR, { recursive: true });
const files: [string, string][] = [];
let painted = 0;
for (const m of materials) {
  if (!m.pattern) continue;
  const name = `${m.id}.${bakeKey(m.pattern)}.webp`;
  files.push([m.id, name]);
  const file = path.join(BAKED_DIR, name);
  if (!fs.existsSync(file)) {
    const img = paintPattern(m.pattern, BAKE_SIZE);
    await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 4 } })
      .removeAlpha()
      .webp(WEBP_OPTIONS)
      .toFile(file);
    painted++;
  }
}
const bytes = pruneBaked(new Set(files.map(([, f]) => f)), isTextureFile);
writeManifest('bakedTextures', {
  script: 'bake-textures.ts',
  about: `Every library material with a pattern, as a baked ${BAKE_SIZE} px WebP named by its content key.`,
  exportName: 'BAKED_TEXTURES',
  files,
});
console.log(bakeSummary(files.length, 'baked textures', `${painted} painted now`, bytes));
