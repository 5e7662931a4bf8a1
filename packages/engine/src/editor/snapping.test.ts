import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { idsInRect, snapPointToGrid, snapToGrid, snapToWall, snapToWallEnds } from './snapping.ts';

const doc = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  customSpace: {
    levels: [
      { id: 'L0', walls: [{ id: 'south', start: [0, 0], end: [6, 0], thickness: 0.2 }, { id: 'east', start: [6, 0], end: [6, 6], thickness: 0.2 }] },
      { id: 'L1', walls: [{ id: 'upper', start: [0, 0], end: [6, 0] }] },
    ],
  },
});

describe('snapping', () => {
  it('rounds to the grid', () => {
    expect(snapToGrid(1.26, 0.5)).toBe(1.5);
    expect(snapToGrid(-0.74, 0.25)).toBe(-0.75);
    expect(snapToGrid(1.26, 0)).toBe(1.26);
    expect(snapPointToGrid([0.49, 2.51], 1)).toEqual([0, 3]);
  });

  it('joins wall ends within the radius', () => {
    expect(snapToWallEnds(doc, 'L0', [5.9, 0.1])).toEqual([6, 0]);
    expect(snapToWallEnds(doc, 'L0', [3, 3])).toEqual([3, 3]);
  });

  it('hangs an item on the nearest wall face, facing out, on either side', () => {
    const inside = snapToWall(doc, [2, 1.6, 0.5])!;
    expect(inside.wallId).toBe('south');
    expect(inside.position[0]).toBeCloseTo(2);
    expect(inside.position[2]).toBeCloseTo(0.12);
    expect(inside.rotation[1]).toBeCloseTo(0); // faces +Z, into the room
    // Not -0: the placed item must equal itself after a save (JSON) and reload.
    expect(JSON.parse(JSON.stringify(inside.rotation))).toEqual(inside.rotation);
    const outside = snapToWall(doc, [2, 1.6, -0.4])!;
    expect(outside.position[2]).toBeCloseTo(-0.12);
    expect(Math.abs(outside.rotation[1])).toBeCloseTo(Math.PI);
    const east = snapToWall(doc, [5.5, 1, 3])!;
    expect(east.wallId).toBe('east');
    expect(east.position[0]).toBeCloseTo(5.88);
    expect(east.rotation[1]).toBeCloseTo(-Math.PI / 2);
  });

  it('uses the level whose height holds the point and ignores far walls', () => {
    expect(snapToWall(doc, [2, 5.5, 0.3])!.wallId).toBe('upper');
    expect(snapToWall(doc, [3, 1, 3])).toBeNull();
  });

  it('box-selects visible projected items inside the rectangle in any drag direction', () => {
    const pts = [
      { id: 'a', x: 10, y: 10, visible: true },
      { id: 'b', x: 50, y: 50, visible: true },
      { id: 'c', x: 20, y: 20, visible: false },
    ];
    expect(idsInRect(pts, { x1: 30, y1: 30, x2: 0, y2: 0 })).toEqual(['a']);
    expect(idsInRect(pts, { x1: 0, y1: 0, x2: 60, y2: 60 })).toEqual(['a', 'b']);
  });
});
