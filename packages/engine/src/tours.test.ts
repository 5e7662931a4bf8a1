import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { mapInfo } from './map.ts';
import { TourPlayer, type TourHost } from './tours.ts';

const doc = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  customSpace: { levels: [{ id: 'g', walls: [{ id: 'w', start: [-2, -3], end: [8, -3] }], floors: [{ id: 'f', polygon: [[-2, -3], [8, -3], [8, 5]] }] }, { id: 'u' }] },
  guidedTours: [{
    id: 't', title: 'Highlights',
    points: [
      { id: 'b', title: 'Second', position: [2, 0, 2], order: 1 },
      { id: 'a', title: 'First', position: [1, 0, 1], order: 0, audioUri: 'a.mp3' },
      { id: 'c', title: 'Third', position: [3, 0, 3], order: 2 },
    ],
  }],
});

function host() {
  const log: unknown[] = [];
  const visits: number[][] = [];
  const h: TourHost = {
    tours: () => doc.guidedTours,
    travelTo: async (p) => { visits.push([...p]); },
    emit: (name, payload) => log.push([name, payload]),
    setTour: () => {},
  };
  return { h, log, visits };
}

describe('tour player', () => {
  it('plays points in order, steps next/previous, and ends after the last', async () => {
    const { h, log, visits } = host();
    const tours = new TourPlayer(h);
    await tours.play('t');
    expect(visits[0]).toEqual([1, 0, 1]);
    expect(log[0]).toEqual(['tourProgress', expect.objectContaining({ index: 0, count: 3, pointId: 'a', audioUri: 'a.mp3' })]);
    await tours.next();
    await tours.next();
    expect(tours.current).toMatchObject({ index: 2 });
    await tours.previous();
    expect(tours.current).toMatchObject({ index: 1 });
    await tours.next();
    await tours.next();
    expect(tours.current).toBeNull();
    expect(log.at(-1)).toEqual(['tourEnded', { tourId: 't' }]);
  });

  it('rejects an unknown tour', async () => {
    await expect(new TourPlayer(host().h).play('nope')).rejects.toThrow('nope');
  });
});

describe('map helper', () => {
  it('gives plan bounds, wall segments and which level the player is on', () => {
    const info = mapInfo(doc, [1, 4.2, 1], 0.5);
    expect(info.bounds).toEqual({ minX: -3, minZ: -4, maxX: 9, maxZ: 6 });
    expect(info.player.levelIndex).toBe(1);
    expect(info.walls[0]!.segments).toEqual([[-2, -3, 8, -3]]);
  });
});
