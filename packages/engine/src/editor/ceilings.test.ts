import type { Mesh, MeshStandardMaterial, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { sceneDocumentV1 } from '@atrium/shared';
import { headlessEditor } from '../harness/headlessEngine.ts';
import { closedRoom } from '../harness/scenes.ts';
import {
  AddCeilingCommand, CEILING_LAMP_PROP_ID, SetSurfaceLookCommand, ceilingOver, ceilingRooms, lampsUnder, removeCeiling, setCeilingHeight,
  setCeilingLamps, spaceOf, UpdateCeilingCommand,
} from './index.ts';
import { History } from './history.ts';
import { roundTripFrom, frozenDoc } from './testDoc.ts';

// The editor's ceiling controls, run through the headless engine: every change is a command (one undo
// step, serialisable) and what the engine builds follows the document.

let seq = 0;
const newId = () => `lamp-${++seq}`;

function editor() {
  const ed = headlessEditor(closedRoom());
  const level = () => spaceOf(ed.history.document).levels[0]!;
  const ceilingMeshes = () => {
    ed.tools.flushEdits();
    const out: Mesh[] = [];
    ed.engine.content.structure.traverse((o: Object3D) => { if (o.name.startsWith('ceiling:')) out.push(o as Mesh); });
    return out;
  };
  return { ...ed, level, ceilingMeshes };
}

describe('ceilings in the editor', () => {
  it('offers the level’s floors as rooms, or the walls’ outline when it has none', () => {
    const doc = sceneDocumentV1.parse(closedRoom());
    const level = doc.customSpace!.levels[0]!;
    expect(ceilingRooms(level)).toEqual([{ id: 'f', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]] }]);
    expect(ceilingRooms({ ...level, floors: [] })).toEqual([{ id: 'walls', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]] }]);
    expect(ceilingRooms({ ...level, floors: [], walls: [] })).toEqual([]);
    // A new ceiling sits on the walls' top.
    expect(ceilingOver(level, ceilingRooms(level)[0]!, 'c').height).toBe(level.walls[0]!.height);
  });

  it('adds a ceiling over a room, which the engine builds, and undo opens the room again', () => {
    const ed = editor();
    expect(ed.ceilingMeshes()).toHaveLength(0);
    const ceiling = ceilingOver(ed.level(), ceilingRooms(ed.level())[0]!, 'top');
    ed.history.execute(new AddCeilingCommand('L0', ceiling));
    expect(ed.level().ceilings).toEqual([ceiling]);
    const [mesh] = ed.ceilingMeshes();
    expect(mesh!.userData.sourceIds).toEqual(['top']);
    expect(mesh!.geometry.boundingBox!.max.y).toBeCloseTo(ceiling.height, 5);
    ed.history.undo();
    expect(ed.level().ceilings).toBeUndefined();
    expect(ed.ceilingMeshes()).toHaveLength(0);
    ed.history.redo();
    expect(ed.ceilingMeshes()).toHaveLength(1);
  });

  it('lamps on hangs downlights under the ceiling; off takes them away; both are one step', () => {
    const ed = editor();
    ed.history.execute(new AddCeilingCommand('L0', { id: 'top', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]], height: 3 }));
    const on = setCeilingLamps(ed.history.document, 'L0', 'top', true, newId)!;
    ed.history.execute(on);
    const lamps = lampsUnder(ed.history.document, 'L0', 'top');
    // 10 × 8 m, 1 m in from the edges, about 3 m apart: 3 × 2.
    expect(lamps).toHaveLength(6);
    for (const l of lamps) {
      expect(l.propId).toBe(CEILING_LAMP_PROP_ID);
      expect(l.position[1]).toBeCloseTo(3 - 0.03, 5);
      expect(l.position[0]).toBeGreaterThan(1);
      expect(l.position[0]).toBeLessThan(9);
    }
    ed.tools.flushEdits();
    for (const l of lamps) expect(ed.engine.content.object(l.id), l.id).toBeTruthy();
    // Already lit: switching on again changes nothing.
    expect(setCeilingLamps(ed.history.document, 'L0', 'top', true, newId)).toBeNull();
    ed.history.seal();
    ed.history.execute(setCeilingLamps(ed.history.document, 'L0', 'top', false, newId)!);
    expect(lampsUnder(ed.history.document, 'L0', 'top')).toHaveLength(0);
    expect(ed.history.document.props).toHaveLength(0);
    ed.history.undo();
    expect(lampsUnder(ed.history.document, 'L0', 'top')).toHaveLength(6);
  });

  it('a lamp elsewhere (a floor lamp, or a pendant under another ceiling) is not this ceiling’s', () => {
    const doc = frozenDoc({
      ...closedRoom(),
      props: [
        { id: 'floor-lamp', propId: 'lamp-floor', position: [5, 0, 4] },
        { id: 'pendant', propId: 'lamp-pendant', position: [5, 1.7, 4] },
        { id: 'outside', propId: 'ceiling-downlight', position: [20, 2.97, 4] },
        { id: 'low', propId: 'ceiling-downlight', position: [5, 1.5, 4] },
      ],
    });
    const withCeiling = new AddCeilingCommand('L0', { id: 'top', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]], height: 3 }).execute(doc);
    // The pendant is 1.3 m tall: its canopy meets the ceiling at 3 m.
    expect(lampsUnder(withCeiling, 'L0', 'top').map((p) => p.id)).toEqual(['pendant']);
  });

  it('raising the ceiling takes its lamps along, and one undo puts both back', () => {
    const ed = editor();
    ed.history.execute(new AddCeilingCommand('L0', { id: 'top', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]], height: 3 }));
    ed.history.execute(setCeilingLamps(ed.history.document, 'L0', 'top', true, newId)!);
    ed.history.seal();
    ed.history.execute(setCeilingHeight(ed.history.document, 'L0', 'top', 3.6));
    expect(ed.level().ceilings![0]!.height).toBe(3.6);
    const lamps = lampsUnder(ed.history.document, 'L0', 'top');
    expect(lamps).toHaveLength(6);
    for (const l of lamps) expect(l.position[1]).toBeCloseTo(3.57, 5);
    expect(ed.ceilingMeshes()[0]!.geometry.boundingBox!.max.y).toBeCloseTo(3.6, 5);
    ed.history.undo();
    expect(ed.level().ceilings![0]!.height).toBe(3);
    for (const l of lampsUnder(ed.history.document, 'L0', 'top')) expect(l.position[1]).toBeCloseTo(2.97, 5);
  });

  it('removing a ceiling takes its lamps with it; undo restores both', () => {
    const ed = editor();
    ed.history.execute(new AddCeilingCommand('L0', { id: 'top', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]], height: 3 }));
    ed.history.execute(setCeilingLamps(ed.history.document, 'L0', 'top', true, newId)!);
    ed.history.seal();
    const before = ed.history.document;
    ed.history.execute(removeCeiling(ed.history.document, 'L0', 'top'));
    expect(ed.level().ceilings).toBeUndefined();
    expect(ed.history.document.props).toHaveLength(0);
    expect(ed.ceilingMeshes()).toHaveLength(0);
    ed.history.undo();
    expect(ed.history.document).toEqual(before);
  });

  it('the ceilings’ material and colour are the "ceiling:*" surface look, shown on the built ceiling', () => {
    const ed = editor();
    ed.history.execute(new AddCeilingCommand('L0', { id: 'top', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]], height: 3 }));
    ed.history.execute(new SetSurfaceLookCommand('ceiling:*', { materialId: 'oak', tint: '#336699' }));
    const mesh = ed.ceilingMeshes()[0]!;
    expect(mesh.name).toContain('oak');
    expect((mesh.material as MeshStandardMaterial).color.getHexString()).not.toBe('ffffff');
  });

  it('height, material and tint edits round-trip through undo and JSON; steps on one ceiling merge', () => {
    const start = frozenDoc({ ...closedRoom(), customSpace: { ...closedRoom().customSpace, levels: [{ ...closedRoom().customSpace.levels[0]!, ceilings: [{ id: 'top', polygon: [[0, 0], [10, 0], [10, 8]], height: 3 }] }] } });
    roundTripFrom(start, new UpdateCeilingCommand('L0', 'top', { height: 3.2, tint: '#eeeeee' }), (after) =>
      expect(spaceOf(after).levels[0]!.ceilings![0]).toMatchObject({ height: 3.2, tint: '#eeeeee' }));
    const h = new History(start);
    h.execute(new UpdateCeilingCommand('L0', 'top', { height: 3.1 }));
    h.execute(new UpdateCeilingCommand('L0', 'top', { height: 3.2 }));
    expect(h.undoSize).toBe(1);
    h.undo();
    expect(h.document).toEqual(start);
  });
});
