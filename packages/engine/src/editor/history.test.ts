import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type Vec3 } from '@atrium/shared';
import { AddItemsCommand, History, RemoveItemsCommand, TransformItemsCommand, UpdateItemCommand, type HistoryChange } from './index.ts';

const doc = () => sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, props: [{ id: 'chair', propId: 'chair', position: [0, 0, 0] }] });
const at = (x: number) => ({ position: [x, 0, 0] as Vec3, rotation: [0, 0, 0] as Vec3, scale: [1, 1, 1] as Vec3 });
const move = (from: number, to: number, gesture: string | null = 'drag') => new TransformItemsCommand([{ id: 'chair', from: at(from), to: at(to) }], gesture);
const prop = (id: string) => ({ kind: 'props' as const, item: sceneDocumentV1.shape.props.parse([{ id, propId: 'lamp', position: [1, 0, 1] }])[0]! });

describe('History', () => {
  it('undoes and redoes in order and clears redo on a new command', () => {
    const h = new History(doc());
    const start = h.document;
    h.execute(new AddItemsCommand([prop('a')]));
    h.execute(new AddItemsCommand([prop('b')]));
    expect(h.document.props.map((p) => p.id)).toEqual(['chair', 'a', 'b']);
    expect(h.undo()).toBe(true);
    expect(h.document.props.map((p) => p.id)).toEqual(['chair', 'a']);
    expect(h.canRedo).toBe(true);
    expect(h.redo()).toBe(true);
    expect(h.document.props.map((p) => p.id)).toEqual(['chair', 'a', 'b']);
    h.undo();
    h.undo();
    expect(h.document).toEqual(start);
    expect(h.undo()).toBe(false);
    h.execute(new RemoveItemsCommand(['chair']));
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBe(false);
  });

  it('merges a drag into one step, across pauses, but not across gestures or seal; other edits only within the window', () => {
    let now = 0;
    const h = new History(doc(), { now: () => now });
    for (let x = 1; x <= 10; x++) {
      now += 16;
      h.execute(move(x - 1, x));
    }
    expect(h.undoSize).toBe(1);
    expect(h.document.props[0]!.position).toEqual([10, 0, 0]);
    h.undo();
    expect(h.document.props[0]!.position).toEqual([0, 0, 0]);
    h.redo();

    now += 16;
    h.execute(move(10, 11, 'other-drag'));
    expect(h.undoSize).toBe(2);
    now += 600; // the pointer rested (or the machine is slow): still the same drag, still one step
    h.execute(move(11, 12, 'other-drag'));
    expect(h.undoSize).toBe(2);
    h.seal();
    now += 16;
    h.execute(move(12, 13, 'other-drag'));
    expect(h.undoSize).toBe(3);
    now += 16;
    h.execute(new UpdateItemCommand('chair', { title: 'A' }));
    now += 16;
    h.execute(new UpdateItemCommand('chair', { title: 'AB' }));
    expect(h.undoSize).toBe(4);
    now += 600; // typing after a pause beyond 500 ms is a new step
    h.execute(new UpdateItemCommand('chair', { title: 'ABC' }));
    expect(h.undoSize).toBe(5);
    h.undo();
    expect(h.document.props[0]!.title).toBe('AB');
    h.undo();
    expect(h.document.props[0]!.title).toBe('');
  });

  it('tells listeners about every change with its direction and bumps the revision', () => {
    const h = new History(doc());
    const seen: HistoryChange['direction'][] = [];
    const off = h.subscribe((c) => seen.push(c.direction));
    const r0 = h.revision;
    h.execute(new AddItemsCommand([prop('a')]));
    h.undo();
    h.redo();
    off();
    h.undo();
    expect(seen).toEqual(['execute', 'undo', 'redo']);
    expect(h.revision).toBe(r0 + 4);
    expect(h.toJSON().undone[0]).toMatchObject({ type: 'items.add' });
  });

  it('drops the oldest steps beyond the limit and starts over on reset', () => {
    const h = new History(doc(), { limit: 3, mergeWindowMs: 0, now: () => 0 });
    for (const id of ['a', 'b', 'c', 'd']) h.execute(new AddItemsCommand([prop(id)]));
    expect(h.undoSize).toBe(3);
    while (h.undo());
    expect(h.document.props.map((p) => p.id)).toEqual(['chair', 'a']);
    h.reset(doc());
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
  });
});
