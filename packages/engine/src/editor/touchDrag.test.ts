import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '@atrium/shared';
import { VIEW_HEIGHT, VIEW_WIDTH, headlessEditor } from '../harness/headlessEngine.ts';
import { closedRoom } from '../harness/scenes.ts';

// Touch on the editor canvas, through the pointer events the tools listen to: one finger on the
// selected item slides it along its surface; a second finger turns the gesture into navigation (the
// item goes back, no undo step, the camera gets both fingers); other fingers never move the item.

// The gizmo (three's TransformControls) reads document.pointerLockElement on every press; Node has no document.
(globalThis as { document?: unknown }).document ??= { pointerLockElement: null };

type Editor = ReturnType<typeof headlessEditor>;
const eye: Vec3 = [5, 1.6, 6];

function setup(): Editor {
  const ed = headlessEditor({
    ...closedRoom(),
    pictures: [{ id: 'p1', position: [3, 1.6, 0.12], imageUri: '/a.jpg', width: 1, height: 1 }],
  });
  ed.engine.lookAt(eye, [5, 1.6, 0]);
  ed.engine.select(['p1']);
  return ed;
}

function screen(ed: Editor, p: Vec3): [number, number] {
  const v = new Vector3(...p).project(ed.engine.camera);
  return [((v.x + 1) / 2) * VIEW_WIDTH, ((1 - v.y) / 2) * VIEW_HEIGHT];
}

/** A touch pointer event as the browser sends it (Node has no PointerEvent: an Event with its fields). */
function touch(type: string, pointerId: number, [clientX, clientY]: [number, number]): Event {
  const init = { pointerId, pointerType: 'touch', clientX, clientY, button: 0, buttons: 1, isPrimary: pointerId === 1 };
  return Object.assign(new Event(type, { bubbles: true, cancelable: true }), init);
}

const x = (ed: Editor) => ed.history.document.pictures[0]!.position[0];

describe('touch drags in the editor', () => {
  it('one finger on the selected picture slides it along the wall, as one undo step', () => {
    const ed = setup();
    const canvas = ed.engine.renderer.domElement;
    canvas.dispatchEvent(touch('pointerdown', 7, screen(ed, [3, 1.6, 0.12])));
    expect(ed.engine.navigationEnabled).toBe(false);
    // A finger's wobble (under 10 px) is still a tap.
    const [sx, sy] = screen(ed, [3, 1.6, 0.12]);
    window.dispatchEvent(touch('pointermove', 7, [sx + 6, sy]));
    expect(x(ed)).toBe(3);
    window.dispatchEvent(touch('pointermove', 7, screen(ed, [4.2, 1.6, 0.12])));
    window.dispatchEvent(touch('pointermove', 7, screen(ed, [5.1, 1.6, 0.12])));
    expect(x(ed)).toBeCloseTo(5.1, 1);
    window.dispatchEvent(touch('pointerup', 7, screen(ed, [5.1, 1.6, 0.12])));
    expect(ed.engine.navigationEnabled).toBe(true);
    expect(ed.history.undoSize).toBe(1);
    ed.history.undo();
    expect(x(ed)).toBe(3);
  });

  it('another finger moving or lifting does not move or drop the item', () => {
    const ed = setup();
    ed.engine.renderer.domElement.dispatchEvent(touch('pointerdown', 1, screen(ed, [3, 1.6, 0.12])));
    window.dispatchEvent(touch('pointermove', 1, screen(ed, [4, 1.6, 0.12])));
    window.dispatchEvent(touch('pointermove', 9, screen(ed, [8, 1.6, 0.12])));
    window.dispatchEvent(touch('pointerup', 9, screen(ed, [8, 1.6, 0.12])));
    expect(x(ed)).toBeCloseTo(4, 1);
    window.dispatchEvent(touch('pointermove', 1, screen(ed, [4.5, 1.6, 0.12])));
    expect(x(ed)).toBeCloseTo(4.5, 1);
    window.dispatchEvent(touch('pointercancel', 1, screen(ed, [4.5, 1.6, 0.12])));
    expect(ed.engine.navigationEnabled).toBe(true);
    expect(ed.tools.surfaceDrag.pressing).toBeNull();
  });

  it('a second finger turns the drag into navigation: the item goes back, no step is left, the camera gets the first finger', () => {
    const ed = setup();
    const canvas = ed.engine.renderer.domElement;
    const seen: { pointerId: number; clientX: number }[] = [];
    // Stands in for the camera controls, which listen on the canvas after the tools.
    canvas.addEventListener('pointerdown', (e) => seen.push({ pointerId: (e as PointerEvent).pointerId, clientX: (e as PointerEvent).clientX }));
    canvas.dispatchEvent(touch('pointerdown', 1, screen(ed, [3, 1.6, 0.12])));
    const moved = screen(ed, [4.4, 1.6, 0.12]);
    window.dispatchEvent(touch('pointermove', 1, moved));
    expect(x(ed)).toBeCloseTo(4.4, 1);
    canvas.dispatchEvent(touch('pointerdown', 2, [600, 300]));
    expect(x(ed)).toBe(3);
    expect(ed.history.canUndo).toBe(false);
    expect(ed.history.canRedo).toBe(false);
    expect(ed.engine.navigationEnabled).toBe(true);
    // The first finger's press, where it is now, then the second finger's.
    expect(seen.map((s) => s.pointerId)).toEqual([1, 1, 2]);
    expect(seen[1]!.clientX).toBeCloseTo(moved[0], 5);
    // Both fingers moving now pinch or pan the view; the item stays.
    window.dispatchEvent(touch('pointermove', 1, screen(ed, [6, 1.6, 0.12])));
    expect(x(ed)).toBe(3);
  });

  it('a finger on empty wall (not the selected item) leaves the camera in charge', () => {
    const ed = setup();
    ed.engine.renderer.domElement.dispatchEvent(touch('pointerdown', 1, screen(ed, [7, 2.2, 0.12])));
    expect(ed.engine.navigationEnabled).toBe(true);
    window.dispatchEvent(touch('pointermove', 1, screen(ed, [8, 2.2, 0.12])));
    expect(x(ed)).toBe(3);
  });
});
