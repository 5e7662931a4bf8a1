import { artworkDataUrl, artworks } from '@atrium/assets';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';

/**
 * A built-in artwork made distinct by a numbered plate in its corner: 200 different images, as
 * a real gallery of uploads would have, not ten images hung twenty times.
 */
function numberedArtwork(i: number): string {
  const art = artworks[i % artworks.length]!;
  const [, w] = /width="(\d+)"/.exec(art.svg)!;
  const plate = `<rect x="8" y="8" width="120" height="64" fill="#ffffff"/><text x="68" y="54" font-size="44" font-family="sans-serif" text-anchor="middle" fill="#111111">${i}</text>`;
  const svg = art.svg.replace('</svg>', `${plate}<rect x="${Number(w) - 24}" y="8" width="16" height="16" fill="hsl(${(i * 37) % 360},70%,50%)"/></svg>`);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A 50 m × 50 m hall with 200 framed pictures, 50 per wall, each a different image: the bench's
 * draw-call case for a big gallery.
 */
export function gallery200(): unknown {
  const size = 50;
  const h = size / 2;
  const corners: [number, number][] = [[-h, -h], [h, -h], [h, h], [-h, h]];
  const walls = corners.map((start, i) => ({ id: `wall-${i}`, start, end: corners[(i + 1) % 4]!, materialId: 'white' }));
  const pictures = Array.from({ length: 200 }, (_, i) => {
    const side = Math.floor(i / 50);
    const along = -h + 0.5 + (i % 50) * ((size - 1) / 49);
    const inset = h - 0.15;
    // North, east, south, west walls; each picture faces into the room.
    const placements: [number, number, number][] = [[along, -inset, 0], [inset, along, -Math.PI / 2], [-along, inset, Math.PI], [-inset, -along, Math.PI / 2]];
    const [x, z, yaw] = placements[side]!;
    const art = artworks[i % artworks.length]!;
    return {
      id: `picture-${i}`, position: [x, 1.7, z], rotation: [0, yaw, 0], imageUri: numberedArtwork(i),
      width: 0.8, height: 0.8 / art.aspect, title: art.title,
    };
  });
  return {
    version: SCENE_DOCUMENT_VERSION,
    customSpace: { levels: [{ id: 'ground', walls, floors: [{ id: 'floor', polygon: corners, materialId: 'oak' }] }], skyUri: 'atrium:sky/noon' },
    startingPosition: [0, 0, h - 3],
    pictures,
  };
}

/**
 * 2,000 items (texts, props of five looks, pictures sharing ten artworks, portals, info points) on a
 * 100 m × 80 m floor: the edit-latency case. No videos, so no network in the measurement.
 */
export function mixed2000(): unknown {
  const at = (i: number): [number, number, number] => [(i % 50) * 2 - 50, 1, Math.floor(i / 50) * 2 - 40];
  const kinds = { texts3d: [] as unknown[], props: [] as unknown[], pictures: [] as unknown[], portals: [] as unknown[], infoPoints: [] as unknown[] };
  for (let i = 0; i < 2000; i++) {
    const id = `item-${i}`, position = at(i);
    switch (i % 5) {
      case 0: kinds.texts3d.push({ id, position, text: `Text ${i}` }); break;
      case 1: kinds.props.push({ id, position: [position[0], 0, position[2]], propId: ['bench', 'pedestal', 'plant', 'table', 'crate'][Math.floor(i / 5) % 5] }); break;
      case 2: kinds.pictures.push({ id, position, imageUri: artworkDataUrl(artworks[i % 10]!.id) }); break;
      case 3: kinds.portals.push({ id, position: [position[0], 0, position[2]], target: { kind: 'scene', sceneId: 'elsewhere' } }); break;
      default: kinds.infoPoints.push({ id, position }); break;
    }
  }
  return { version: SCENE_DOCUMENT_VERSION, startingPosition: [0, 0, 45], ...kinds };
}
