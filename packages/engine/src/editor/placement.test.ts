import { describe, expect, it } from 'vitest';
import { sceneDocumentV1 } from '@atrium/shared';
import { VIEW_HEIGHT, VIEW_WIDTH, headlessEditor } from '../harness/headlessEngine.ts';
import { closedRoom } from '../harness/scenes.ts';
import { AddItemsCommand } from './commands/items.ts';
import { footprintOf, freeSpotOnFloor, freeSpotOnWall, PLACEMENT_GAP_M } from './placement.ts';
import { indoorFace, snapToWall } from './snapping.ts';

// A closed 10 × 8 m room (harness/scenes.ts): inside wall faces at z = 0.1, x = 9.9, z = 7.9 and x = 0.1.
const room = closedRoom();
const centre = [VIEW_WIDTH / 2, VIEW_HEIGHT / 2] as const;
type Editor = ReturnType<typeof headlessEditor>;

/** Adds an item where the tools place it (as the editor's Add and drop do) and returns it. */
function place(ed: Editor, kind: 'pictures' | 'texts3d' | 'props', fields: Record<string, unknown>, x: number = centre[0], y: number = centre[1]) {
  const at = ed.tools.placementAt(x, y, kind, footprintOf(kind, fields));
  const id = `${kind}-${ed.history.document[kind].length + 1}`;
  const item = sceneDocumentV1.shape[kind].parse([{ id, ...at, ...fields }])[0]!;
  ed.history.execute(new AddItemsCommand([{ kind, item }]));
  ed.tools.flushEdits();
  return { id, ...at };
}

/** Horizontal extent of a wall item along the back wall (x) and vertical extent. */
const span = (p: { position: number[] }, w: number, h: number) => ({ x0: p.position[0]! - w / 2, x1: p.position[0]! + w / 2, y0: p.position[1]! - h / 2, y1: p.position[1]! + h / 2 });
const apart = (a: ReturnType<typeof span>, b: ReturnType<typeof span>) => a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;

describe('placing new items where the pointer points', () => {
  it('hangs a picture flat on the wall under the pointer, at the pointed height, facing into the room', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([3, 1.8, 6], [3, 1.8, 0]);
    const p = place(ed, 'pictures', { imageUri: '/a.jpg', width: 1.2, height: 0.9 });
    expect(p.position[0]).toBeCloseTo(3, 1);
    expect(p.position[1]).toBeCloseTo(1.8, 1);
    expect(p.position[2]).toBeGreaterThan(0.09); // on the room side of the 0.2 m wall
    expect(p.position[2]).toBeLessThan(0.2);
    expect(p.rotation[1]).toBeCloseTo(0);
    // The pointer, not the screen centre: a point right of centre lands further along the wall.
    const right = ed.tools.placementAt(VIEW_WIDTH * 0.75, VIEW_HEIGHT / 2, 'pictures', { width: 0.5, height: 0.5 });
    expect(right.position[0]).toBeGreaterThan(p.position[0] + 1);
  });

  it('six pictures added at the same spot line up along the wall without overlapping, and a text does not cover them', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 1.6, 6], [5, 1.6, 0]);
    const size = { width: 1, height: 0.8 };
    const placed = Array.from({ length: 6 }, () => place(ed, 'pictures', { imageUri: '/a.jpg', ...size }));
    const spans = placed.map((p) => span(p, size.width, size.height));
    for (let i = 0; i < spans.length; i++) for (let j = i + 1; j < spans.length; j++) expect(apart(spans[i]!, spans[j]!), `pictures ${i} and ${j}`).toBe(true);
    for (const p of placed) {
      expect(p.position[2]).toBeLessThan(0.2); // all on the back wall
      expect(p.position[0] - size.width / 2).toBeGreaterThanOrEqual(PLACEMENT_GAP_M - 1e-6); // within its ends
      expect(p.position[0] + size.width / 2).toBeLessThanOrEqual(10 - PLACEMENT_GAP_M + 1e-6);
    }
    // The first stays where it was pointed; the rest move as little as they can.
    expect(placed[0]!.position[0]).toBeCloseTo(5, 1);
    const text = place(ed, 'texts3d', { text: 'Welcome' });
    const t = footprintOf('texts3d', { text: 'Welcome' });
    for (const s of spans) expect(apart(span(text, t.width, t.height), s)).toBe(true);
  });

  it('a picture pointed at the floor goes on the nearest wall at eye height; one pointed at the sky stays in the room', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 3, 3], [5, 0, 0.8]);
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 1 });
    expect(p.position[1]).toBeCloseTo(1.6, 1);
    expect(p.position[2]).toBeLessThan(0.2);
    // A prop pointed at the floor stands there; one pointed at the wall stands in front of it.
    const prop = ed.tools.placementAt(...centre, 'props', { width: 0.8, height: 1 });
    expect(prop.position[1]).toBeCloseTo(0, 2);
    expect(prop.position[2]).toBeCloseTo(0.8, 1);
    ed.engine.lookAt([5, 1, 4], [5, 1, 0]);
    const againstWall = ed.tools.placementAt(...centre, 'props', { width: 0.8, height: 1 });
    expect(againstWall.position[1]).toBe(0);
    expect(againstWall.position[2]).toBeGreaterThan(0.4);
    expect(againstWall.position[2]).toBeLessThan(1);
  });

  it('a prop added where a bench already stands moves beside it, not into it', () => {
    const ed = headlessEditor({ ...room, props: [{ id: 'bench', propId: 'bench', position: [5, 0, 4] }] });
    const bench = ed.engine.itemBoundsOf('bench')!;
    const spot = freeSpotOnFloor([5, 0, 4], { width: 0.6, height: 1 }, [{ id: 'bench', ...bench }]);
    const half = 0.3;
    const overlapX = spot[0] - half < bench.max[0] && bench.min[0] < spot[0] + half;
    const overlapZ = spot[2] - half < bench.max[2] && bench.min[2] < spot[2] + half;
    expect(overlapX && overlapZ).toBe(false);
    expect(Math.hypot(spot[0] - 5, spot[2] - 4)).toBeLessThan(2);
    // Nothing in the way: exactly where pointed.
    expect(freeSpotOnFloor([2, 0, 2], { width: 0.6, height: 1 }, [{ id: 'bench', ...bench }])).toEqual([2, 0, 2]);
  });

  it('items hung on the other face of a wall, or standing in the room, do not push a picture aside', () => {
    const doc = sceneDocumentV1.parse(room);
    const snap = snapToWall(doc, [5, 1.6, 0.5], 1)!;
    const behind = { id: 'b', min: [4, 1, -0.4] as [number, number, number], max: [6, 2, -0.12] as [number, number, number] };
    const inRoom = { id: 'r', min: [4, 0, 2] as [number, number, number], max: [6, 2, 3] as [number, number, number] };
    expect(freeSpotOnWall(doc, snap, { width: 1, height: 1 }, [behind, inRoom])!.position).toEqual(snap.position);
    const onFace = { id: 'f', min: [4.5, 1.2, 0.1] as [number, number, number], max: [5.5, 2, 0.14] as [number, number, number] };
    expect(freeSpotOnWall(doc, snap, { width: 1, height: 1 }, [onFace])!.position[0]).not.toBeCloseTo(5, 1);
    // A face with no room left: null, so the caller tries another wall.
    const covered = { id: 'c', min: [0, 0, 0.1] as [number, number, number], max: [10, 3, 0.14] as [number, number, number] };
    expect(freeSpotOnWall(doc, snap, { width: 1, height: 1 }, [covered])).toBeNull();
  });

  it('a picture pointed at the middle of the floor hangs on the nearest wall, not mid-room; a full wall sends it to the next one', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 4, 6.5], [5, 0, 2.6]); // the floor 2.6 m from the back wall, 5 m from the sides
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 1 });
    expect(p.position[2]).toBeLessThan(0.2); // on the back wall
    expect(p.rotation[1]).toBeCloseTo(0);
    // The back wall covered from end to end: the next nearest wall takes it.
    const wide = sceneDocumentV1.shape.pictures.parse([{ id: 'mural', position: [5, 1.6, 0.12], imageUri: '/m.jpg', width: 9.9, height: 3 }])[0]!;
    ed.history.execute(new AddItemsCommand([{ kind: 'pictures', item: wide }]));
    ed.tools.flushEdits();
    const next = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 1 });
    expect(next.position[2]).toBeGreaterThan(0.5);
    expect(Math.abs(next.rotation[1])).toBeGreaterThan(0.5); // turned to another wall
  });

  it('from an overview outside the room, a picture pointed at the near wall hangs on its inside at eye height, facing the room', () => {
    const ed = headlessEditor(room);
    // Above and beyond the front wall (z = 8), looking at its outside face: what the editor's
    // overview shows of the near walls.
    ed.engine.lookAt([5, 10, 16], [5, 2, 8.1]);
    expect(ed.engine.pickAt(...centre)!.point[2]).toBeGreaterThan(8); // the ray meets the outside face
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 });
    expect(p.position[2]).toBeGreaterThan(7.8);
    expect(p.position[2]).toBeLessThan(7.9); // on the room side of the wall (inside face at 7.9)
    expect(Math.abs(p.rotation[1])).toBeCloseTo(Math.PI, 3); // facing -z, into the room
    expect(p.position[1]).toBeCloseTo(1.6, 1);
    expect(p.position[0]).toBeCloseTo(5, 0);
  });

  it('from an overview, a picture pointed high on a far wall’s inside hangs at eye height, not under the ceiling', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 9, 9], [5, 3.2, 0.1]);
    expect(ed.engine.pickAt(...centre)!.point[1]).toBeGreaterThan(3); // pointed near the top
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 });
    expect(p.position[2]).toBeLessThan(0.2);
    expect(p.position[1]).toBeCloseTo(1.6, 1);
    // Standing in the room, the pointed height still counts.
    ed.engine.lookAt([5, 1.7, 6], [5, 3, 0.1]);
    expect(ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 }).position[1]).toBeGreaterThan(2.5);
  });

  it('a picture pointed at the ground far outside hangs inside on the nearest wall instead of floating there', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 10, 32], [5, 0, 20]); // 12 m beyond the front wall: no wall within reach
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 });
    expect(p.position[2]).toBeGreaterThan(7.8);
    expect(p.position[2]).toBeLessThan(7.9);
    expect(Math.abs(p.rotation[1])).toBeCloseTo(Math.PI, 3);
    expect(p.position[1]).toBeCloseTo(1.6, 1);
  });

  it('keeps the face pointed at when both sides are in a room, or neither is', () => {
    const doc = sceneDocumentV1.parse(room);
    // The outside of the back wall flips to its inside (same spot along the wall) ...
    const outside = snapToWall(doc, [4, 1.6, -0.5], 1)!;
    expect(outside.position[2]).toBeLessThan(-0.1);
    const flipped = indoorFace(doc, outside);
    expect(flipped.position).toEqual([4, 1.6, expect.closeTo(0.12, 5)]);
    expect(flipped.rotation[1]).toBeCloseTo(0, 5);
    expect(flipped.wallId).toBe('back');
    // ... the inside stays.
    const inside = snapToWall(doc, [4, 1.6, 0.5], 1)!;
    expect(indoorFace(doc, inside)).toEqual(inside);
    // A screen standing on a plaza (floor on both sides) and a wall on open ground (no floor) keep theirs.
    const plaza = sceneDocumentV1.parse({
      ...room,
      customSpace: { levels: [{ id: 'L0', floors: [{ id: 'p', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]] }], walls: [{ id: 'screen', start: [2, 4], end: [8, 4] }] }] },
    });
    const front = snapToWall(plaza, [5, 1.6, 4.6], 1)!;
    const back = snapToWall(plaza, [5, 1.6, 3.4], 1)!;
    expect(indoorFace(plaza, front)).toEqual(front);
    expect(indoorFace(plaza, back)).toEqual(back);
    const field = sceneDocumentV1.parse({ ...room, customSpace: { levels: [{ id: 'L0', walls: [{ id: 'fence', start: [2, 4], end: [8, 4] }] }] } });
    const fence = snapToWall(field, [5, 1.6, 3.4], 1)!;
    expect(indoorFace(field, fence)).toEqual(fence);
  });

  it('a wall whose row is full sends a new picture to another wall, not above the row under the ceiling', () => {
    const ed = headlessEditor(room);
    // The back wall's row at eye height, end to end (1.1 m high pictures at 1.6 m).
    const row = sceneDocumentV1.shape.pictures.parse(
      [1.25, 3.75, 6.25, 8.75].map((x, i) => ({ id: `row-${i}`, position: [x, 1.6, 0.12], imageUri: '/r.jpg', width: 2.3, height: 1.1 })),
    );
    ed.history.execute(new AddItemsCommand(row.map((item) => ({ kind: 'pictures' as const, item }))));
    ed.tools.flushEdits();
    ed.engine.lookAt([5, 1.6, 6], [5, 1.6, 0]);
    const p = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 });
    expect(p.position[1]).toBeLessThan(2.25); // it was hung at 2.6 m and more, over the row
    expect(p.position[2]).toBeGreaterThan(0.5); // on another wall
  });

  it('keeps clear of items the engine has not built yet (a template loading, an edit not yet flushed)', () => {
    const ed = headlessEditor(room);
    ed.engine.lookAt([5, 1.6, 6], [5, 1.6, 0]);
    const first = sceneDocumentV1.shape.pictures.parse([{ id: 'pending', position: [5, 1.6, 0.12], imageUri: '/a.jpg', width: 1.2, height: 1 }])[0]!;
    ed.history.execute(new AddItemsCommand([{ kind: 'pictures', item: first }]));
    expect(ed.engine.getItemObject('pending')).toBeUndefined(); // not flushed to the engine
    const at = ed.tools.placementAt(...centre, 'pictures', { width: 1, height: 0.8 });
    expect(Math.abs(at.position[0] - 5)).toBeGreaterThanOrEqual(1.1 - 1e-6);
  });

  it('sizes new items from their fields (schema defaults when absent)', () => {
    expect(footprintOf('pictures', { width: 2, height: 1.5 })).toEqual({ width: 2, height: 1.5 });
    expect(footprintOf('videos', {})).toEqual({ width: 1.6, height: 0.9 });
    const one = footprintOf('texts3d', { text: 'Hi' });
    const two = footprintOf('texts3d', { text: 'Hi there\nsecond line', fontSize: 120 });
    expect(two.width).toBeGreaterThan(one.width * 4);
    expect(two.height).toBeGreaterThan(one.height * 3);
  });
});
