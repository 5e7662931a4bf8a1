// Cache keys of the baked library textures (scripts/bake-textures.ts). A key covers everything a
// baked file is made from: the material's pattern recipe, the texture size, the encoder settings
// and the source of every pattern painter. Any change to one of them gives a new key, so a stale
// file is never served under the old name (files are named `<id>.<key>.webp` and cached forever)
// and the manifest test fails until `npm run bake` runs again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MaterialPattern } from '@atrium/assets';
import { ARTWORK_PREFIX } from './bakedFiles.ts';

export const BAKE_SIZE = 512;
/** WebP settings: lossy at high quality (all 42 patterns ≈ 0.8 MB; near-lossless would be 4 MB); smart chroma subsampling keeps thin grout lines their colour. */
export const WEBP_OPTIONS = { quality: 90, smartSubsample: true, effort: 6 } as const;

const paintersDir = path.resolve(import.meta.dirname, '../packages/assets/src/textures');

let painters: string | null = null;
/** Hash of the painters' sources (every file under packages/assets/src/textures). */
export function paintersHash(): string {
  if (painters) return painters;
  const h = createHash('sha256');
  for (const f of fs.readdirSync(paintersDir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).sort()) {
    h.update(f).update('\0').update(fs.readFileSync(path.join(paintersDir, f)));
  }
  return (painters = h.digest('hex'));
}

/** The content key of one pattern's baked texture: 12 hex digits. */
export function bakeKey(pattern: MaterialPattern, painterSources = paintersHash()): string {
  return createHash('sha256')
    .update(JSON.stringify({ pattern, size: BAKE_SIZE, webp: WEBP_OPTIONS, painters: painterSources }))
    .digest('hex')
    .slice(0, 12);
}

/** Longest side of a baked artwork: the engine's largest picture layer. */
export const ARTWORK_BAKE_EDGE = 1024;
/** Covers the SVG, the size and the encoder (sharp's librsvg): a changed artwork gets a new name. */
export function artworkBakeFile(id: string, svg: string): string {
  const key = createHash('sha256').update(JSON.stringify({ svg, edge: ARTWORK_BAKE_EDGE, webp: WEBP_OPTIONS, rasteriser: 'sharp-librsvg' })).digest('hex').slice(0, 12);
  return `${ARTWORK_PREFIX}${id}.${key}.webp`;
}
