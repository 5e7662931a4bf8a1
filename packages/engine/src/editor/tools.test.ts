import { describe, expect, it } from 'vitest';
import { VIEW_HEIGHT, VIEW_WIDTH, headlessEditor } from '../harness/headlessEngine.ts';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { AddItemsCommand } from './commands/items.ts';

// A 10 m room's back wall at z = 0 (x 0..10) with a bench in front of it; the camera looks at the wall.
const room = {
  version: SCENE_DOCUMENT_VERSION,
  customSpace: { levels: [{ id: 'L0', walls: [{ id: 'back', start: [0, 0], end: [10, 0] }, { id: 'side', start: [10, 0], end: [10, 8] }] }] },
  props: [{ id: 'bench', propId: 'bench', position: [5, 0, 3] }],
};
const centre = [VIEW_WIDTH / 2, VIEW_HEIGHT / 2] as const;

describe('EditorTools on the headless engine', () => {
  it('a plain click selects what is under the pointer; the inspect tool reports it instead', () => {
    const { engine, tools } = headlessEditor(room);
    engine.lookAt([5, 3, 6], [5, 0.44, 3]); // the seat (a bench is open between its legs)
    engine.click(...centre);
    expect(engine.getState().selection).toEqual(['bench']);
    let inspected: unknown = null;
    tools.events.on('inspected', (i) => { inspected = i; });
    tools.setTool('inspect');
    engine.click(...centre);
    expect(inspected).toMatchObject({ type: 'item', id: 'bench', kind: 'props', title: 'bench' });
    expect((inspected as { size: number[] }).size[0]).toBeGreaterThan(0.5);
  });

  it('splits the wall under a click at the grid step and rebuilds only the structure', () => {
    const { engine, history, tools } = headlessEditor(room);
    engine.lookAt([3.2, 1.5, 6], [3.2, 1.5, 0]);
    const splits: unknown[] = [];
    tools.events.on('wallSplit', (e) => splits.push(e));
    tools.setTool('splitWall');
    engine.resetCounts();
    engine.click(...centre);
    expect(splits).toHaveLength(1);
    tools.flushEdits();
    const walls = history.document.customSpace!.levels[0]!.walls;
    expect(walls.map((w) => w.id).slice(0, 1)).toEqual(['back']);
    expect(walls[0]!.end).toEqual([3, 0]); // 3.2 m snapped to the 0.5 m wall grid
    expect(engine.lastSync).toMatchObject({ structure: true, built: 0 });
    expect(engine.buildCount).toBe(0);
  });

  it('places new pictures flat on the wall in view; the added item is built once', () => {
    const { engine, history, tools } = headlessEditor(room);
    engine.lookAt([2, 1.6, 5], [2, 1.6, 0]);
    const place = tools.placementInView('pictures');
    expect(place.position[2]).toBeCloseTo(0.1, 0);
    expect(place.rotation[1]).toBeCloseTo(0);
    engine.resetCounts();
    const picture = sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, pictures: [{ ...place, id: 'pic', imageUri: '/a.jpg' }] }).pictures[0]!;
    history.execute(new AddItemsCommand([{ kind: 'pictures', item: picture }]));
    tools.flushEdits();
    expect(engine.builds.get('pictures')).toBe(1);
    expect(engine.getItemObject('pic')).toBeDefined();
  });

  it('the interior view cuts picking above the level', () => {
    const { engine, tools } = headlessEditor(room);
    tools.setView('interior');
    expect(engine.interiorLevel).toBe(0);
    engine.lookAt([5, 6, 4], [5, 0, 3]);
    expect(engine.pickAt(...centre)?.point[1] ?? 0).toBeLessThan(3);
    tools.dispose();
  });
});
