import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type SceneDocument } from '@atrium/shared';
import {
  AddFloorCommand, AddItemsCommand, AddLevelCommand, AddOpeningCommand, AddStairsCommand, AddTourCommand,
  AddTourPointCommand, AddWallCommand, BatchCommand, CommandTargetError, MoveWallCommand, RemoveItemsCommand,
  RemoveLevelCommand, RemoveOpeningCommand, RemoveStairsCommand, RemoveTourCommand, RemoveTourPointCommand,
  RemoveWallCommand, ReorderTourPointCommand, ReplaceDocumentCommand, SetEntryPointCommand, SetEnvironmentCommand,
  SetSurfaceLookCommand, TransformItemsCommand, UpdateItemCommand, UpdateTourCommand, findItem, type Command,
} from './index.ts';
import { frozenDoc, roundTripFrom } from './testDoc.ts';

/** A small room with a door, a picture, a prop, a text and a tour of two points. */
function fixture(): SceneDocument {
  return frozenDoc({
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [
        {
          id: 'L0',
          walls: [
            { id: 'w1', start: [0, 0], end: [6, 0], openings: [{ id: 'd1', kind: 'door', offset: 3, width: 1, height: 2.1 }] },
            { id: 'w2', start: [6, 0], end: [6, 6] },
          ],
          floors: [{ id: 'f1', polygon: [[0, 0], [6, 0], [6, 6]] }],
          stairs: [{ id: 's1', position: [1, 0, 1] }],
        },
      ],
      materialOverrides: [{ targetId: 'w2', materialId: 'brick' }],
      skyUri: 'sky:day',
    },
    pictures: [{ id: 'p1', position: [1, 1.6, 0.12], imageUri: '/a.png' }],
    props: [{ id: 'chair', propId: 'chair', position: [2, 0, 2] }],
    texts3d: [{ id: 't1', position: [0, 2, 0], text: 'Hello' }],
    guidedTours: [
      { id: 'tour', title: 'Walk', points: [{ id: 'a', position: [0, 0, 0], order: 0 }, { id: 'b', position: [1, 0, 1], order: 1 }] },
    ],
  });
}

const roundTrip = (cmd: Command, check: (after: SceneDocument, before: SceneDocument) => void) =>
  roundTripFrom(fixture(), cmd, check);

const level0 = (d: SceneDocument) => d.customSpace!.levels[0]!;
const T = (x: number) => ({ position: [x, 0, 0] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] });

describe('item commands', () => {
  it('add items', () => {
    const prop = sceneDocumentV1.shape.props.parse([{ id: 'lamp', propId: 'lamp', position: [3, 0, 3] }])[0]!;
    roundTrip(new AddItemsCommand([{ kind: 'props', item: prop }]), (d) => expect(d.props.map((p) => p.id)).toEqual(['chair', 'lamp']));
    expect(() => new AddItemsCommand([{ kind: 'props', item: { ...prop, id: 'chair' } }]).execute(fixture())).toThrow(/already exists/);
  });
  it('remove items across kinds and restore their places', () => {
    roundTrip(new RemoveItemsCommand(['p1', 'chair']), (d) => {
      expect(d.pictures).toEqual([]);
      expect(d.props).toEqual([]);
      expect(d.texts3d).toHaveLength(1);
    });
    expect(() => new RemoveItemsCommand(['nope']).execute(fixture())).toThrow(CommandTargetError);
  });
  it('transform items', () => {
    const from = { position: [2, 0, 2] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] };
    roundTrip(new TransformItemsCommand([{ id: 'chair', from, to: { ...from, position: [4, 0, 1], rotation: [0, 1, 0] } }]), (d) => {
      expect(d.props[0]!.position).toEqual([4, 0, 1]);
      expect(d.props[0]!.rotation).toEqual([0, 1, 0]);
    });
  });
  it('transform commands of one gesture merge from the first "from" to the last "to"', () => {
    const a = new TransformItemsCommand([{ id: 'chair', from: T(2), to: T(3) }], 'drag-1');
    const b = new TransformItemsCommand([{ id: 'chair', from: T(3), to: T(5) }], 'drag-1');
    const merged = a.merge(b) as TransformItemsCommand;
    expect(merged.changes[0]).toEqual({ id: 'chair', from: T(2), to: T(5) });
    expect(a.merge(new TransformItemsCommand([{ id: 'chair', from: T(3), to: T(5) }], 'drag-2'))).toBeNull();
    expect(new TransformItemsCommand([{ id: 'chair', from: T(2), to: T(3) }]).merge(b)).toBeNull();
    expect(a.merge(new TransformItemsCommand([{ id: 'p1', from: T(3), to: T(5) }], 'drag-1'))).toBeNull();
  });
  it('update an item property, removing fields that did not exist on undo', () => {
    roundTrip(new UpdateItemCommand('t1', { text: 'Bye', hyperlink: 'https://example.com' }), (d) => {
      expect(d.texts3d[0]).toMatchObject({ text: 'Bye', hyperlink: 'https://example.com' });
    });
    const u = new UpdateItemCommand('t1', { text: 'Bye' });
    const undone = u.undo(u.execute(fixture()));
    expect('hyperlink' in undone.texts3d[0]!).toBe(false);
  });
  it('typing merges into one update with the first "before"', () => {
    const doc = fixture();
    const a = new UpdateItemCommand('t1', { text: 'H' });
    const d1 = a.execute(doc);
    const b = new UpdateItemCommand('t1', { text: 'Hi' });
    const d2 = b.execute(d1);
    const merged = a.merge(b)!;
    expect(merged.undo(d2).texts3d[0]!.text).toBe('Hello');
    expect(a.merge(new UpdateItemCommand('t1', { title: 'x' }))).toBeNull();
    expect(a.merge(new UpdateItemCommand('p1', { text: 'x' }))).toBeNull();
  });
  it('finds items by id', () => {
    expect(findItem(fixture(), 'chair')).toMatchObject({ kind: 'props', index: 0 });
    expect(findItem(fixture(), 'none')).toBeNull();
  });
});

describe('structure commands', () => {
  it('add level at the next 4 m elevation', () => {
    roundTrip(new AddLevelCommand('L1', 'Upstairs'), (d) => {
      expect(d.customSpace!.levels[1]).toMatchObject({ id: 'L1', name: 'Upstairs', elevation: 4, walls: [] });
    });
  });
  it('add level to a document without a custom space', () => {
    const empty = frozenDoc({ version: SCENE_DOCUMENT_VERSION });
    const cmd = new AddLevelCommand('L0');
    const d = cmd.execute(empty);
    expect(d.customSpace!.levels).toHaveLength(1);
    expect(cmd.undo(d).customSpace!.levels).toEqual([]);
  });
  it('remove level with its work', () => {
    roundTrip(new RemoveLevelCommand('L0'), (d) => expect(d.customSpace!.levels).toEqual([]));
  });
  it('add, move and remove a wall', () => {
    const wall = { id: 'w3', start: [0, 6] as [number, number], end: [0, 0] as [number, number], thickness: 0.2, height: 4, openings: [] };
    roundTrip(new AddWallCommand('L0', wall), (d) => expect(level0(d).walls.map((w) => w.id)).toEqual(['w1', 'w2', 'w3']));
    roundTrip(new MoveWallCommand('L0', 'w2', { start: [6, 0], end: [6, 6] }, { start: [7, 0], end: [7, 6] }), (d) => {
      expect(level0(d).walls[1]).toMatchObject({ start: [7, 0], end: [7, 6] });
    });
    roundTrip(new RemoveWallCommand('L0', 'w1'), (d) => expect(level0(d).walls.map((w) => w.id)).toEqual(['w2']));
    expect(() => new RemoveWallCommand('L9', 'w1').execute(fixture())).toThrow(CommandTargetError);
  });
  it('wall drags merge per gesture and wall', () => {
    const a = new MoveWallCommand('L0', 'w2', { start: [6, 0], end: [6, 6] }, { start: [6.5, 0], end: [6.5, 6] }, 'g');
    const b = new MoveWallCommand('L0', 'w2', { start: [6.5, 0], end: [6.5, 6] }, { start: [7, 0], end: [7, 6] }, 'g');
    const m = a.merge(b) as MoveWallCommand;
    expect(m.from).toEqual({ start: [6, 0], end: [6, 6] });
    expect(m.to).toEqual({ start: [7, 0], end: [7, 6] });
    expect(a.merge(new MoveWallCommand('L0', 'w1', b.from, b.to, 'g'))).toBeNull();
  });
  it('doors and windows', () => {
    roundTrip(new AddOpeningCommand('L0', 'w2', { id: 'win', kind: 'window', type: 'Panoramic', offset: 3, width: 2, height: 1.5, sill: 1 }), (d) => {
      expect(level0(d).walls[1]!.openings[0]).toMatchObject({ id: 'win', type: 'Panoramic' });
    });
    roundTrip(new RemoveOpeningCommand('L0', 'w1', 'd1'), (d) => expect(level0(d).walls[0]!.openings).toEqual([]));
  });
  it('stairs of each type and floors', () => {
    for (const type of ['Straight', 'LLeft', 'LRight', 'ULeft', 'URight'] as const) {
      roundTrip(
        new AddStairsCommand('L0', { id: `st-${type}`, type, position: [3, 0, 3], rotation: 0, width: 1.2, rise: 4, stepCount: 20, stepDepth: 0.3 }),
        (d) => expect(level0(d).stairs[1]!.type).toBe(type),
      );
    }
    roundTrip(new RemoveStairsCommand('L0', 's1'), (d) => expect(level0(d).stairs).toEqual([]));
    roundTrip(new AddFloorCommand('L0', { id: 'f2', polygon: [[0, 0], [1, 0], [1, 1]] }), (d) => expect(level0(d).floors).toHaveLength(2));
  });
});

describe('style commands', () => {
  it('change a surface material and tint, and erase it', () => {
    roundTrip(new SetSurfaceLookCommand('w1', { materialId: 'plaster', tint: '#ff0000' }), (d) => {
      expect(d.customSpace!.materialOverrides).toContainEqual({ targetId: 'w1', materialId: 'plaster', tint: '#ff0000' });
    });
    roundTrip(new SetSurfaceLookCommand('w2', { materialId: 'wood' }), (d) => {
      expect(d.customSpace!.materialOverrides).toEqual([{ targetId: 'w2', materialId: 'wood' }]);
    });
    roundTrip(new SetSurfaceLookCommand('w2', {}), (d) => expect(d.customSpace!.materialOverrides).toEqual([]));
  });
  it('colour picker drags on one surface merge', () => {
    const doc = fixture();
    const a = new SetSurfaceLookCommand('w2', { tint: '#111111' });
    const b = new SetSurfaceLookCommand('w2', { tint: '#222222' });
    const d2 = b.execute(a.execute(doc));
    const m = a.merge(b)!;
    expect(m.undo(d2).customSpace!.materialOverrides).toEqual([{ targetId: 'w2', materialId: 'brick' }]);
    expect(a.merge(new SetSurfaceLookCommand('w1', { tint: '#222222' }))).toBeNull();
  });
  it('change sky', () => {
    roundTrip(new SetEnvironmentCommand({ skyUri: 'sky:sunset' }), (d) => expect(d.customSpace!.skyUri).toBe('sky:sunset'));
  });
});

describe('tour and entry commands', () => {
  const point = { id: 'c', title: 'Third', description: '', position: [2, 0, 2] as [number, number, number], rotation: [0, 1, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] };
  it('add and remove tours', () => {
    roundTrip(new AddTourCommand({ id: 't2', title: 'Second', description: '', duration: 90, public: true, points: [] }), (d) => expect(d.guidedTours).toHaveLength(2));
    roundTrip(new RemoveTourCommand('tour'), (d) => expect(d.guidedTours).toEqual([]));
  });
  it('update a tour; typing merges', () => {
    roundTrip(new UpdateTourCommand('tour', { title: 'Walk 2', duration: 125 }), (d) => expect(d.guidedTours[0]).toMatchObject({ title: 'Walk 2', duration: 125 }));
    const a = new UpdateTourCommand('tour', { title: 'W' });
    const b = new UpdateTourCommand('tour', { title: 'Wo' });
    const d2 = b.execute(a.execute(fixture()));
    expect(a.merge(b)!.undo(d2).guidedTours[0]!.title).toBe('Walk');
    expect(a.merge(new UpdateTourCommand('tour', { duration: 1 }))).toBeNull();
  });
  it('add, remove and reorder points keeping order equal to index', () => {
    roundTrip(new AddTourPointCommand('tour', point), (d) => expect(d.guidedTours[0]!.points.map((p) => [p.id, p.order])).toEqual([['a', 0], ['b', 1], ['c', 2]]));
    roundTrip(new RemoveTourPointCommand('tour', 'a'), (d) => expect(d.guidedTours[0]!.points.map((p) => [p.id, p.order])).toEqual([['b', 0]]));
    roundTrip(new ReorderTourPointCommand('tour', 1, 0), (d) => expect(d.guidedTours[0]!.points.map((p) => [p.id, p.order])).toEqual([['b', 0], ['a', 1]]));
  });
  it('set entry point', () => {
    roundTrip(new SetEntryPointCommand([3, 0, 3], [0, 1.5, 0]), (d) => {
      expect(d.startingPosition).toEqual([3, 0, 3]);
      expect(d.startingRotation).toEqual([0, 1.5, 0]);
    });
  });
});

describe('document commands', () => {
  it('replace the document (template switch) and batch several commands', () => {
    const next = sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, spaceTemplate: { spaceTemplateId: 'loft' } });
    roundTrip(new ReplaceDocumentCommand(next, 'template'), (d) => expect(d).toBe(next));
    const batch = new BatchCommand([new RemoveItemsCommand(['chair']), new SetEnvironmentCommand({ skyUri: 'sky:night' })]);
    expect(batch.scopes).toEqual(['items', 'sky']);
    roundTrip(batch, (d) => {
      expect(d.props).toEqual([]);
      expect(d.customSpace!.skyUri).toBe('sky:night');
    });
  });
});
