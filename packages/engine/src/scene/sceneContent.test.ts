import { describe, expect, it } from 'vitest';
import type { Mesh } from 'three';
import type { PlacedItem, Prop } from '@atrium/shared';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';
import { RemoveItemsCommand, TransformItemsCommand, UpdateItemCommand, AddItemsCommand } from '../editor/index.ts';
import { headlessEditor } from '../harness/headlessEngine.ts';
import { mixedScene } from '../harness/scenes.ts';

const item = <T extends PlacedItem>(list: readonly PlacedItem[], id: string) => list.find((i) => i.id === id) as T;

describe('SceneContent per-item sync', () => {
  it('an edit of one item in a 2,000-item scene rebuilds exactly that item', () => {
    const { engine, history, tools } = headlessEditor(mixedScene(2000));
    expect(engine.lastSync!.built).toBe(2000);
    const times: number[] = [];
    for (const id of ['item-12', 'item-18', 'item-24', 'item-30', 'item-6']) {
      engine.resetCounts();
      // A text's content changes: its texture is redrawn, so the item is rebuilt (once, alone).
      history.execute(new UpdateItemCommand(id, { text: `Changed ${id}` }));
      const started = performance.now();
      tools.flushEdits();
      times.push(performance.now() - started);
      expect(engine.buildCount).toBe(1);
      expect(engine.builds.get('texts3d')).toBe(1);
      expect(engine.lastSync).toMatchObject({ built: 1, moved: 0, removed: 0, structure: false });
    }
    // The CPU cost of finding and rebuilding the one item: the best of five, so a busy machine's
    // pauses do not count (typically 1-3 ms; a full rebuild of 2,000 items takes over a second).
    expect(Math.min(...times)).toBeLessThan(50);
  });

  it('moves without rebuilding, for single objects and for instanced props and pictures', () => {
    const { engine, history, tools } = headlessEditor(mixedScene(600));
    const doc = history.document;
    engine.resetCounts();
    const to = { position: [1, 2, 3] as [number, number, number], rotation: [0, 1, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] };
    const ids = ['item-0', 'item-1', 'item-2'];
    history.execute(new TransformItemsCommand(ids.map((id) => ({ id, from: { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }, to }))));
    tools.flushEdits();
    expect(engine.buildCount).toBe(0);
    expect(engine.lastSync!.moved).toBe(3);
    expect(engine.getItemObject('item-0')!.position.toArray()).toEqual([1, 2, 3]);
    for (const id of ['item-1', 'item-2']) {
      const box = engine.itemBoundsOf(id)!;
      // The instance now sits around (1, 2, 3), not where it was built.
      expect((box.min[0] + box.max[0]) / 2).toBeCloseTo(1, 0);
      expect((box.min[2] + box.max[2]) / 2).toBeCloseTo(3, 0);
    }
    expect(item<Prop>(doc.props, 'item-1').position).not.toEqual(to.position);
  });

  it('a changed picture rebuilds the pictures batch once and decodes only its new image', () => {
    const { engine, history, tools } = headlessEditor(mixedScene(600));
    engine.resetCounts();
    const decodes = engine.pictureLayers.decodes;
    history.execute(new UpdateItemCommand('item-2', { imageUri: '/img/new.jpg' }));
    tools.flushEdits();
    // One batch for every picture; the images already in their layers are not decoded again.
    expect(engine.builds.get('pictures')).toBe(1);
    expect(engine.buildCount).toBe(1);
    expect(engine.pictureLayers.decodes - decodes).toBe(1);
  });

  it('a gallery of 200 distinct pictures draws in at most 20 calls: array pages plus one frames mesh', () => {
    const pictures = Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, position: [i, 1.6, 0], imageUri: `/art/${i}.png` }));
    const { engine } = headlessEditor({ version: SCENE_DOCUMENT_VERSION, pictures });
    let calls = 0;
    engine.content.items.traverseVisible((o) => { if ((o as Mesh).isMesh) calls++; });
    expect(calls).toBe(3);
    expect(engine.pictureLayers.decodes).toBe(200);
    expect(engine.builds.get('pictures')).toBe(1);
  });

  it('adds and removes items without touching the others', () => {
    const { engine, history, tools } = headlessEditor(mixedScene(120));
    engine.resetCounts();
    history.execute(new AddItemsCommand([{ kind: 'texts3d', item: { ...item(history.document.texts3d, 'item-0'), id: 'new-text' } }]));
    history.execute(new RemoveItemsCommand(['item-3']));
    tools.flushEdits();
    expect(engine.buildCount).toBe(1);
    expect(engine.getItemObject('new-text')).toBeDefined();
    expect(engine.getItemObject('item-3')).toBeUndefined();
    expect(engine.content.items.getObjectByName('portals:item-3')).toBeUndefined();
    history.undo();
    history.undo();
    tools.flushEdits();
    expect(engine.getItemObject('item-3')).toBeDefined();
    expect(engine.getItemObject('new-text')).toBeUndefined();
  });

  it('a playing video is neither reloaded nor paused by an unrelated edit, and is released when removed', async () => {
    const { engine, history, tools } = headlessEditor(mixedScene(60));
    const video = engine.videos[0]!;
    await video.play();
    expect(video.paused).toBe(false);
    const made = engine.videos.length;
    history.execute(new UpdateItemCommand('item-0', { text: 'Other' }));
    history.execute(new TransformItemsCommand([{ id: 'item-4', from: { position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }, to: { position: [9, 0, 9], rotation: [0, 0, 0], scale: [1, 1, 1] } }]));
    tools.flushEdits();
    expect(engine.videos.length).toBe(made);
    expect(video.loads).toBe(0);
    expect(video.paused).toBe(false);
    expect(engine.content.videos.has(video as unknown as HTMLVideoElement)).toBe(true);
    history.execute(new RemoveItemsCommand(['item-5']));
    tools.flushEdits();
    expect(video.paused).toBe(true);
    expect(video.src).toBe('');
    expect(engine.content.videos.has(video as unknown as HTMLVideoElement)).toBe(false);
  });

  it('rebuilds the structure only when levels or their looks change', () => {
    const { engine, history, tools } = headlessEditor({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels: [{ id: 'l', walls: [{ id: 'w', start: [0, 0], end: [4, 0] }] }] }, texts3d: [{ id: 't', position: [0, 1, 0], text: 'a' }] });
    const before = engine.content.structure.children[0];
    history.execute(new UpdateItemCommand('t', { text: 'b' }));
    tools.flushEdits();
    expect(engine.content.structure.children[0]).toBe(before);
    expect(engine.lastSync!.structure).toBe(false);
  });
});
