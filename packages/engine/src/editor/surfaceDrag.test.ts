import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { sceneDocumentV1, type Vec3 } from '@atrium/shared';
import { VIEW_HEIGHT, VIEW_WIDTH, headlessEditor } from '../harness/headlessEngine.ts';
import { closedRoom } from '../harness/scenes.ts';
import { ALIGN_SNAP_M, dragOnFloor, dragOnWall, rayWallHit } from './surfaceDrag.ts';

// A closed 10 × 8 m room (harness/scenes.ts): inside wall faces at z = 0.1, x = 9.9, z = 7.9 and x = 0.1.
const room = closedRoom();
const doc = sceneDocumentV1.parse(room);
/** A ray from `eye` through `at`. */
const ray = (eye: Vec3, at: Vec3) => {
  const d = new Vector3(...at).sub(new Vector3(...eye)).normalize();
  return { origin: eye, direction: d.toArray() };
};
const eye: Vec3 = [5, 1.6, 6];
type Editor = ReturnType<typeof headlessEditor>;
/** The screen point (px) of a world point in the headless view. */
function screen(ed: Editor, p: Vec3): [number, number] {
  const v = new Vector3(...p).project(ed.engine.camera);
  return [((v.x + 1) / 2) * VIEW_WIDTH, ((1 - v.y) / 2) * VIEW_HEIGHT];
}

describe('moving an item along surfaces by dragging', () => {
  it('finds the wall face a ray meets first, on the side the ray comes from', () => {
    const hit = rayWallHit(doc, 0, ray(eye, [3, 1.5, 0]))!;
    expect(hit.wallId).toBe('back');
    expect(hit.point[2]).toBeCloseTo(0.1, 5);
    expect(hit.normal[0]).toBeCloseTo(0);
    expect(hit.normal[1]).toBeCloseTo(1);
    expect(rayWallHit(doc, 0, ray(eye, [10, 1.5, 4]))!.wallId).toBe('right');
    // Up through the open top: no wall.
    expect(rayWallHit(doc, 0, ray(eye, [5, 9, 0]))).toBeNull();
  });

  it('a picture slides along its wall, stays within its ends, and turns onto the next wall pointed at', () => {
    const input = { levelIndex: 0, size: { width: 1, height: 0.8 }, grab: { u: 0, y: 0 }, currentY: 1.6, others: [] };
    const a = dragOnWall(doc, { ...input, ray: ray(eye, [3.3, 1.7, 0.1]) })!;
    expect(a.wallId).toBe('back');
    expect(a.position[0]).toBeCloseTo(3.3, 4);
    expect(a.position[1]).toBeCloseTo(1.7, 4);
    expect(a.position[2]).toBeCloseTo(0.12, 4);
    expect(a.rotation![1]).toBeCloseTo(0);
    // Past the corner: the picture stops 0.5 m (half its width) short of the wall's end.
    const end = dragOnWall(doc, { ...input, ray: ray(eye, [9.85, 1.7, 0.1]) })!;
    expect(end.wallId).toBe('back');
    expect(end.position[0]).toBeLessThanOrEqual(10 - 0.5 + 1e-6);
    // Pointing at the right wall moves it there, facing into the room (−x).
    const right = dragOnWall(doc, { ...input, ray: ray(eye, [9.9, 1.7, 3]) })!;
    expect(right.wallId).toBe('right');
    expect(right.position[0]).toBeCloseTo(9.88, 4);
    expect(right.position[2]).toBeCloseTo(3, 1);
    expect(right.rotation![1]).toBeCloseTo(-Math.PI / 2);
    // Pointing at the floor keeps it on the nearest wall at its own height.
    const floor = dragOnWall(doc, { ...input, ray: ray([5, 3, 3], [5, 0, 0.6]) })!;
    expect(floor.wallId).toBe('back');
    expect(floor.position[1]).toBeCloseTo(1.6, 4);
  });

  it("snaps a picture's edges and centre to a neighbour's and to the wall's middle, with a guide for each", () => {
    // A 1 × 1 picture on the back wall spanning x 2..3, y 1..2.
    const neighbour = { id: 'n', min: [2, 1, 0.1] as Vec3, max: [3, 2, 0.14] as Vec3 };
    const input = { levelIndex: 0, size: { width: 1, height: 0.6 }, grab: { u: 0, y: 0 }, currentY: 1.6, others: [neighbour] };
    // Pointed 3 cm off the neighbour's top edge (its top at 2.03): the top snaps to 2.
    const m = dragOnWall(doc, { ...input, ray: ray(eye, [4.3, 1.73, 0.1]) })!;
    expect(m.position[1]).toBeCloseTo(2 - 0.3, 4);
    expect(m.guides).toHaveLength(1);
    expect(m.guides[0]!.from[1]).toBeCloseTo(2, 4);
    expect(m.guides[0]!.to[1]).toBeCloseTo(2, 4);
    expect(m.guides[0]!.from[0]).toBeCloseTo(2, 4); // from the neighbour's left to the picture's right
    expect(m.guides[0]!.to[0]).toBeCloseTo(4.8, 4);
    // Near the wall's middle: centred on x = 5, with a full-height guide.
    const mid = dragOnWall(doc, { ...input, others: [], ray: ray(eye, [5.06, 1.4, 0.1]) })!;
    expect(mid.position[0]).toBeCloseTo(5, 5);
    expect(mid.guides[0]!.from[0]).toBeCloseTo(5, 5);
    // Far from anything: no snap, no guide.
    const free = dragOnWall(doc, { ...input, ray: ray(eye, [7.3, 2.6, 0.1]) })!;
    expect(free.position[0]).toBeCloseTo(7.3, 4);
    expect(free.guides).toEqual([]);
    expect(ALIGN_SNAP_M).toBeLessThan(0.1);
  });

  it('a floor item follows the pointer on the floor and snaps its centre or edges to a neighbour', () => {
    const bench = { id: 'b', min: [2, 0, 3] as Vec3, max: [3, 0.5, 3.6] as Vec3 };
    const input = { y: 0, extent: { minX: -0.3, maxX: 0.3, minZ: -0.3, maxZ: 0.3 }, grab: { x: 0, z: 0 }, others: [bench] };
    const m = dragOnFloor({ ...input, ray: ray([5, 4, 8], [2.55, 0, 5]) })!;
    expect(m.position[0]).toBeCloseTo(2.5, 5); // centre on the bench's centre
    expect(m.position[2]).toBeCloseTo(5, 4);
    expect(m.rotation).toBeNull();
    expect(m.guides).toHaveLength(1);
    expect(m.guides[0]!.from).toEqual([2.5, 0.01, 3]);
    expect(m.guides[0]!.to[2]).toBeCloseTo(5.3, 4);
    const away = dragOnFloor({ ...input, ray: ray([5, 4, 8], [6, 0, 6]) })!;
    expect(away.guides).toEqual([]);
    expect(dragOnFloor({ ...input, ray: ray([5, 4, 8], [5, 6, 0]) })).toBeNull(); // above the horizon
  });

  it('dragging the selected picture with the pointer moves it along the wall in one undo step and shows guides', () => {
    const ed = headlessEditor({
      ...room,
      pictures: [
        { id: 'p1', position: [3, 1.6, 0.12], imageUri: '/a.jpg', width: 1, height: 1 },
        { id: 'p2', position: [6, 1.6, 0.12], imageUri: '/b.jpg', width: 1, height: 1 },
      ],
    });
    ed.engine.lookAt(eye, [5, 1.6, 0]);
    ed.engine.select(['p1']);
    const before = ed.history.document;
    expect(ed.tools.surfaceDrag.press(...screen(ed, [3, 1.6, 0.12]))).toBe(true);
    // Not yet a move: a press that does not travel stays a click.
    expect(ed.tools.surfaceDrag.moveTo(...screen(ed, [3.001, 1.6, 0.12]))).toBeNull();
    ed.tools.surfaceDrag.moveTo(...screen(ed, [3.8, 1.55, 0.12]));
    ed.tools.surfaceDrag.moveTo(...screen(ed, [4.6, 1.63, 0.12]));
    const p = ed.history.document.pictures.find((i) => i.id === 'p1')!;
    expect(p.position[0]).toBeCloseTo(4.6, 1);
    expect(p.position[1]).toBeCloseTo(1.6, 5); // snapped level with p2
    expect(p.position[2]).toBeCloseTo(0.12, 4);
    expect(ed.tools.surfaceDrag.shownGuides.length).toBeGreaterThan(0);
    expect(ed.tools.surfaceDrag.guides.visible).toBe(true);
    ed.tools.surfaceDrag.release();
    expect(ed.tools.surfaceDrag.guides.visible).toBe(false);
    ed.history.undo();
    expect(ed.history.document).toEqual(before);
  });

  it('a press on an item that is not the selected one starts nothing; a prop drags along the floor keeping its turn', () => {
    const ed = headlessEditor({ ...room, props: [{ id: 'chair', propId: 'chair-dining', position: [5, 0, 4], rotation: [0, 0.7, 0] }] });
    ed.engine.lookAt([5, 3, 8], [5, 0, 4]);
    const at = screen(ed, [5, 0.3, 4]);
    expect(ed.tools.surfaceDrag.press(...at)).toBe(false);
    ed.engine.select(['chair']);
    expect(ed.tools.surfaceDrag.press(...at)).toBe(true);
    ed.tools.surfaceDrag.moveTo(...screen(ed, [6.5, 0.3, 4.5]));
    ed.tools.surfaceDrag.release();
    const chair = ed.history.document.props[0]!;
    expect(chair.position[0]).toBeGreaterThan(6);
    expect(chair.position[1]).toBe(0);
    expect(chair.rotation[1]).toBeCloseTo(0.7);
    expect(ed.history.canUndo).toBe(true);
  });
});
