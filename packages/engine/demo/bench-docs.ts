import { artworkDataUrl, artworks } from '@atrium/assets';

/**
 * A 50 m × 50 m hall with 200 framed pictures, 50 per wall, cycling through the built-in
 * artworks: the bench's draw-call case for a big gallery.
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
      id: `picture-${i}`, position: [x, 1.7, z], rotation: [0, yaw, 0], imageUri: artworkDataUrl(art.id),
      width: 0.8, height: 0.8 / art.aspect, title: art.title,
    };
  });
  return {
    version: 1,
    customSpace: { levels: [{ id: 'ground', walls, floors: [{ id: 'floor', polygon: corners, materialId: 'oak' }] }], skyUri: 'atrium:sky/noon' },
    startingPosition: [0, 0, h - 3],
    pictures,
  };
}
