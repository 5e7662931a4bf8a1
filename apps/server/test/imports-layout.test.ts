import { describe, expect, it } from 'vitest';
import { ARTSTEPS_IMPORT_LIMITS } from '@atrium/shared';
import { emptyRoom } from '../src/modules/imports/layout.ts';
import { parseCsv, parseMetadata } from '../src/modules/imports/metadata.ts';

describe('import layout', () => {
  it.each([1, 5, 12, ARTSTEPS_IMPORT_LIMITS.maxImages])('hangs %i pictures on free wall stretches without overlaps', (n) => {
    const { document, slots } = emptyRoom(n);
    expect(slots).toHaveLength(n);
    expect(document.pictures).toEqual([]);
    const walls = document.customSpace!.levels[0]!.walls;
    for (const [i, a] of slots.entries()) {
      for (const b of slots.slice(i + 1)) expect(Math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2])).toBeGreaterThanOrEqual(a.maxWidth);
      // Never in front of a door: the door's stretch of its wall stays clear.
      for (const w of walls) {
        const len = Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]);
        const along = ((a.position[0] - w.start[0]) * (w.end[0] - w.start[0]) + (a.position[2] - w.start[1]) * (w.end[1] - w.start[1])) / len;
        const off = Math.abs((a.position[0] - w.start[0]) * (w.end[1] - w.start[1]) - (a.position[2] - w.start[1]) * (w.end[0] - w.start[0])) / len;
        if (off > 0.3) continue;
        for (const o of w.openings.filter((x) => x.kind === 'door')) expect(Math.abs(along - o.offset)).toBeGreaterThan(o.width / 2 + a.maxWidth / 2);
      }
    }
  });

  it('takes the smallest gallery that fits', () => {
    expect(emptyRoom(3).spaceTemplateId).toBe('gallery-s');
    expect(emptyRoom(ARTSTEPS_IMPORT_LIMITS.maxImages).spaceTemplateId).toBe('gallery-l');
  });
});

describe('import metadata', () => {
  it('reads semicolon CSV (comma-decimal spreadsheets) and a header in any case', () => {
    expect(parseCsv('File;Title\r\na.jpg;"x; y"\r\n')).toEqual([['File', 'Title'], ['a.jpg', 'x; y']]);
    expect(parseMetadata('m.csv', Buffer.from('\uFEFFImage File;Title;Caption\nA.JPG;Rose, red;Big\n'))).toEqual([
      { file: 'A.JPG', title: 'Rose, red', description: 'Big' },
    ]);
  });
  it('reads a JSON object with an artworks list, leaving out rows without a file', () => {
    const json = JSON.stringify({ artworks: [{ filename: 'b.png', name: 'B', caption: 'c' }, { title: 'no file' }] });
    expect(parseMetadata('m.json', Buffer.from(json))).toEqual([{ file: 'b.png', title: 'B', description: 'c' }]);
  });
});
