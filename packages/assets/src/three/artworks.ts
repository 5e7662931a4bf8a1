import { artworkDataUrl, artworks } from '../artworks/index.ts';
import { BAKED_ARTWORKS } from './bakedArtworks.ts';

let byDataUrl: Map<string, string> | null = null;

/**
 * The baked WebP (`npm run bake`) to draw for a picture's image URI, when that URI is a built-in
 * artwork's SVG data URL, as templates and demo spaces hold; undefined for anything else. A WebP
 * decodes off the main thread; an SVG is rasterised on it, while a loading space needs it for frames.
 */
export function bakedArtworkUrl(imageUri: string): string | undefined {
  if (!imageUri.startsWith('data:image/svg+xml')) return undefined;
  byDataUrl ??= new Map(artworks.flatMap((a) => (BAKED_ARTWORKS[a.id] ? [[artworkDataUrl(a.id), BAKED_ARTWORKS[a.id]!] as const] : [])));
  return byDataUrl.get(imageUri);
}
