import { arcs, bauhaus, colorField, deStijl, halftone, nestedSquares, ridges, waves } from './works.ts';

export interface Artwork {
  id: string;
  title: string;
  artist: string;
  license: 'CC0-1.0';
  /** Aspect ratio width / height, so frames are sized without decoding the image. */
  aspect: number;
  svg: string;
}

const ARTIST = 'Atrium generative studio';

const make = (id: string, title: string, svg: string): Artwork => {
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg)!;
  return { id, title, artist: ARTIST, license: 'CC0-1.0', aspect: Number(w) / Number(h), svg };
};

export const artworks: readonly Artwork[] = [
  make('bauhaus-blue', 'Composition in Blue', bauhaus(11, ['#3dabff', '#1b1b1b', '#e4572e', '#f2c14e'])),
  make('bauhaus-sun', 'Afternoon Geometry', bauhaus(23, ['#e4572e', '#264653', '#2a9d8f', '#e9c46a'])),
  make('field-ember', 'Ember Field', colorField(5, ['#5a1f1b', '#c8553d', '#f28f3b', '#8c2f39'])),
  make('field-tide', 'Tide Field', colorField(9, ['#14213d', '#3d5a80', '#98c1d9', '#293241'])),
  make('squares-ochre', 'Homage in Ochre', nestedSquares(1, ['#d9a441', '#c4702f', '#8f3b1e', '#f0d68a'])),
  make('waves-sea', 'Sea Lines', waves(31, ['#e8f1f2', '#b3d9e6', '#3dabff', '#1d6fa3', '#0b3c5d'])),
  make('ridges-dusk', 'Dusk Ridges', ridges(17, ['#f6d5b8', '#fff1d6', '#c97b63', '#8f4e5e', '#4b3a5a', '#2a2540'])),
  make('halftone-mint', 'Halftone Drift', halftone(3, ['#f3efe6', '#2a9d8f', '#e76f51'])),
  make('destijl', 'Grid No. 3', deStijl(41, ['#f4f1ea', '#d62828', '#1d4e89', '#f7c548', '#f4f1ea'])),
  make('arcs-sunrise', 'Sunrise Arcs', arcs(0, ['#fdf0d5', '#f4a261', '#e76f51', '#e9c46a', '#2a9d8f', '#264653', '#f4a261'])),
];

const byId = new Map(artworks.map((a) => [a.id, a]));

export function getArtwork(id: string): Artwork | undefined {
  return byId.get(id);
}

/** A data: URL any <img> or three.js TextureLoader can load. URL-encoded, smaller than base64 for SVG. */
export function artworkDataUrl(id: string): string {
  const art = byId.get(id);
  if (!art) throw new Error(`Unknown artwork "${id}"`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(art.svg)}`;
}
