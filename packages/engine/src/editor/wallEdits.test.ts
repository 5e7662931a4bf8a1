import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type SceneDocument, type Wall } from '@atrium/shared';
import { buildLevel } from '../builder/level.ts';
import { History } from './history.ts';
import { JoinWallsCommand, SplitWallCommand, joinableWall, splitProblem, wallNear } from './commands/wallEdits.ts';
import { deepFreeze, frozenDoc } from './testDoc.ts';

/** One 8 m wall with a door at 2 m and a window at 6 m, a corner wall, and a brick look on the long wall. */
function fixture(): SceneDocument {
  return frozenDoc({
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [
        {
          id: 'L0',
          walls: [
            {
              id: 'long', start: [0, 0], end: [8, 0],
              openings: [{ id: 'door', kind: 'door', offset: 2, width: 1, height: 2.1 }, { id: 'win', kind: 'window', offset: 6, width: 1.2, height: 1.2 }],
            },
            { id: 'side', start: [8, 0], end: [8, 5] },
          ],
        },
      ],
      materialOverrides: [{ targetId: 'long', materialId: 'brick' }, { targetId: 'wall:*', tint: '#eeeeee' }],
    },
  });
}

const walls = (d: SceneDocument) => d.customSpace!.levels[0]!.walls;
const wall = (d: SceneDocument, id: string) => walls(d).find((w) => w.id === id)!;
const parsesAsWall = (w: Wall) => expect(() => sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels: [{ id: 'x', walls: [w] }] } })).not.toThrow();

describe('SplitWallCommand', () => {
  it('splits at a point: first part keeps the id, second carries the far openings and the wall-only look; undo restores exactly', () => {
    const before = fixture();
    const snapshot = structuredClone(before);
    const cmd = new SplitWallCommand('L0', 'long', 4, 'long-b');
    const after = cmd.execute(before);
    expect(walls(after).map((w) => w.id)).toEqual(['long', 'long-b', 'side']);
    expect(wall(after, 'long')).toMatchObject({ start: [0, 0], end: [4, 0] });
    expect(wall(after, 'long').openings.map((o) => [o.id, o.offset])).toEqual([['door', 2]]);
    expect(wall(after, 'long-b')).toMatchObject({ start: [4, 0], end: [8, 0] });
    expect(wall(after, 'long-b').openings.map((o) => [o.id, o.offset])).toEqual([['win', 2]]);
    expect(after.customSpace!.materialOverrides).toContainEqual({ targetId: 'long-b', materialId: 'brick' });
    parsesAsWall(wall(after, 'long'));
    parsesAsWall(wall(after, 'long-b'));
    expect(before).toEqual(snapshot);

    const undone = cmd.undo(deepFreeze(after));
    expect(undone).toEqual(snapshot);
    expect(cmd.execute(deepFreeze(undone))).toEqual(after);
    expect(JSON.parse(JSON.stringify(cmd))).toMatchObject({ type: 'wall.split', at: 4, newWallId: 'long-b' });
  });

  it('keeps the geometry merged: still one wall draw batch per look, same wall footprint', () => {
    const after = new SplitWallCommand('L0', 'long', 4, 'long-b').execute(fixture());
    const batchesBefore = buildLevel(fixture().customSpace!.levels[0]!, fixture().customSpace!.materialOverrides);
    const batchesAfter = buildLevel(after.customSpace!.levels[0]!, after.customSpace!.materialOverrides);
    expect(batchesAfter.map((b) => b.key).sort()).toEqual(batchesBefore.map((b) => b.key).sort());
    const brick = batchesAfter.find((b) => b.materialId === 'brick')!;
    expect(brick.sourceIds).toEqual(['long', 'long-b']);
    const whole = batchesBefore.find((b) => b.materialId === 'brick')!;
    expect(brick.geometry.boundingBox!.equals(whole.geometry.boundingBox!)).toBe(true);
  });

  it('refuses splits through an opening, at an end, of unknown walls and with a taken id', () => {
    const doc = fixture();
    expect(splitProblem(wall(doc, 'long'), 2)).toMatch(/door or window/);
    expect(splitProblem(wall(doc, 'long'), 0.01)).toMatch(/inside the wall/);
    expect(splitProblem(wall(doc, 'long'), 4)).toBeNull();
    expect(() => new SplitWallCommand('L0', 'long', 2.2, 'n').execute(doc)).toThrow(/door or window/);
    expect(() => new SplitWallCommand('L0', 'long', 8, 'n').execute(doc)).toThrow(/inside the wall/);
    expect(() => new SplitWallCommand('L0', 'nope', 1, 'n').execute(doc)).toThrow(/wall nope/);
    expect(() => new SplitWallCommand('L0', 'long', 4, 'side').execute(doc)).toThrow(/already exists/);
  });
});

describe('JoinWallsCommand', () => {
  it('joins what a split made, back to the original wall and looks', () => {
    const split = new SplitWallCommand('L0', 'long', 4, 'long-b').execute(fixture());
    const cmd = new JoinWallsCommand('L0', 'long', 'long-b');
    const joined = cmd.execute(deepFreeze(split));
    expect(joined).toEqual(fixture());
    expect(cmd.undo(deepFreeze(joined))).toEqual(split);
    expect(JSON.parse(JSON.stringify(cmd))).toMatchObject({ type: 'wall.join', wallId: 'long', otherId: 'long-b' });
  });

  it('joins walls drawn in opposite directions and from the other end, keeping openings where they are in the world', () => {
    // b runs 8→4 (reversed) and is joined onto a's start side: a = 8..12, b = 4..8 drawn backwards.
    const doc = frozenDoc({
      version: SCENE_DOCUMENT_VERSION,
      customSpace: {
        levels: [{
          id: 'L0',
          walls: [
            { id: 'a', start: [8, 0], end: [12, 0], openings: [{ id: 'wa', kind: 'window', offset: 1, width: 1, height: 1 }] },
            { id: 'b', start: [8, 0], end: [4, 0], openings: [{ id: 'wb', kind: 'door', offset: 3, width: 1, height: 2 }] },
          ],
        }],
      },
    });
    const cmd = new JoinWallsCommand('L0', 'a', 'b');
    const after = cmd.execute(doc);
    const w = wall(after, 'a');
    expect(walls(after)).toHaveLength(1);
    expect(w).toMatchObject({ start: [4, 0], end: [12, 0] });
    // wa was at x = 9, wb at x = 5: offsets from the new start (x = 4).
    expect(Object.fromEntries(w.openings.map((o) => [o.id, o.offset]))).toEqual({ wa: 5, wb: 1 });
    parsesAsWall(w);
    expect(cmd.undo(deepFreeze(after))).toEqual(doc);
  });

  it('refuses bent, apart, overlapping, or differently sized walls', () => {
    const level = (ws: object[]) => sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels: [{ id: 'L0', walls: ws }] } });
    const a = { id: 'a', start: [0, 0], end: [4, 0] };
    const cases = {
      bent: level([a, { id: 'b', start: [4, 0], end: [4, 3] }]),
      apart: level([a, { id: 'b', start: [4.5, 0], end: [8, 0] }]),
      overlapping: level([a, { id: 'b', start: [4, 0], end: [2, 0] }]),
      thicker: level([a, { id: 'b', start: [4, 0], end: [8, 0], thickness: 0.4 }]),
    };
    for (const [name, doc] of Object.entries(cases)) {
      expect(() => new JoinWallsCommand('L0', 'a', 'b').execute(doc), name).toThrow(/can be joined/);
      expect(joinableWall(doc.customSpace!.levels[0]!, 'a'), name).toBeNull();
    }
    expect(joinableWall(level([a, { id: 'b', start: [4, 0], end: [8, 0] }]).customSpace!.levels[0]!, 'a')?.id).toBe('b');
    expect(() => new JoinWallsCommand('L0', 'a', 'a').execute(cases.bent)).toThrow(/can be joined/);
  });

  it('split then join through History: one undo step each', () => {
    const h = new History(fixture(), { now: () => 0 });
    h.execute(new SplitWallCommand('L0', 'long', 4, 'long-b'));
    h.seal();
    h.execute(new JoinWallsCommand('L0', 'long', 'long-b'));
    expect(h.undoSize).toBe(2);
    expect(h.document).toEqual(fixture());
    h.undo();
    expect(walls(h.document)).toHaveLength(3);
    h.undo();
    expect(h.document).toEqual(fixture());
  });
});

describe('wallNear', () => {
  it('finds the nearest wall within reach and the distance along it', () => {
    const level = fixture().customSpace!.levels[0]!;
    expect(wallNear(level, [3, 0.3], 0.5)).toMatchObject({ wall: { id: 'long' }, at: 3 });
    expect(wallNear(level, [7.8, 2], 0.5)).toMatchObject({ wall: { id: 'side' }, at: 2 });
    expect(wallNear(level, [3, 2], 0.5)).toBeNull();
  });
});

describe('joinableWall', () => {
  it('prefers the neighbour in drawing order (the part a split just made)', () => {
    // a chain of three collinear walls: the middle one joins with the one after it first.
    const doc = sceneDocumentV1.parse({
      version: SCENE_DOCUMENT_VERSION,
      customSpace: { levels: [{ id: 'L0', walls: [{ id: 'a', start: [0, 0], end: [2, 0] }, { id: 'b', start: [2, 0], end: [4, 0] }, { id: 'c', start: [4, 0], end: [6, 0] }] }] },
    });
    const level = doc.customSpace!.levels[0]!;
    expect(joinableWall(level, 'b')?.id).toBe('c');
    expect(joinableWall(level, 'c')?.id).toBe('b');
    expect(joinableWall(level, 'a')?.id).toBe('b');
  });
});
