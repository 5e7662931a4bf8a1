import { describe, expect, it } from 'vitest';
import { Vector3, type Object3D } from 'three';
import type { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { SCENE_DOCUMENT_VERSION, type Vec3 } from '@atrium/shared';
import { headlessEditor, type HeadlessEngine } from '../harness/headlessEngine.ts';

// The gizmo drags the browser test used to make through SwiftShader (editor-builder), here on the
// headless engine: the real TransformControls picks its handle and moves with the pointer (given in
// normalised device coordinates, as its DOM handlers pass it), and the editor turns the drag into
// commands.

type Pointer = { x: number; y: number; button: number };
type Gizmo = TransformControls & {
  axis: string | null;
  dragging: boolean;
  pointerHover(p: Pointer): void;
  pointerDown(p: Pointer): void;
  pointerMove(p: Pointer): void;
  pointerUp(p: Pointer): void;
};

const room = {
  version: SCENE_DOCUMENT_VERSION,
  customSpace: { levels: [{ id: 'L0', walls: [{ id: 'back', start: [0, 0], end: [10, 0] }] }] },
  props: [{ id: 'bench', propId: 'bench', position: [5, 0, 4], rotation: [0, 0.4, 0] }],
};

function gizmoOf(engine: HeadlessEngine): Gizmo {
  const root = engine.scene.children.find((c) => 'controls' in c) as (Object3D & { controls: Gizmo }) | undefined;
  if (!root) throw new Error('no gizmo in the scene');
  root.updateMatrixWorld(true); // places the handles for the camera, as a render would
  return root.controls;
}

const ndc = (engine: HeadlessEngine, p: Vec3) => {
  const v = new Vector3(...p).project(engine.camera);
  return { x: v.x, y: v.y };
};

/**
 * Walks the pointer out from the item along its own +X until the gizmo reports its X handle under
 * it, then drags outwards in six moves (one gesture).
 */
function dragX(engine: HeadlessEngine, at: Vec3, yaw: number, distance: number): void {
  const gizmo = gizmoOf(engine);
  const o = ndc(engine, at);
  const a = ndc(engine, [at[0] + Math.cos(yaw), at[1], at[2] - Math.sin(yaw)]);
  const len = Math.hypot(a.x - o.x, a.y - o.y);
  const dir = { x: (a.x - o.x) / len, y: (a.y - o.y) / len };
  for (let d = 0.02; d < 0.8; d += 0.01) {
    const p = { x: o.x + dir.x * d, y: o.y + dir.y * d, button: 0 };
    gizmo.pointerHover(p);
    if (gizmo.axis !== 'X') continue;
    gizmo.pointerDown(p);
    expect(gizmo.dragging).toBe(true);
    for (let s = 1; s <= 6; s++) gizmo.pointerMove({ x: p.x + (dir.x * distance * s) / 6, y: p.y + (dir.y * distance * s) / 6, button: -1 }); // a move carries no button
    gizmo.pointerUp({ ...p, button: 0 });
    return;
  }
  throw new Error('the X handle was never under the pointer');
}

describe('gizmo drags on the headless engine', () => {
  function selectedBench() {
    const editor = headlessEditor(room);
    editor.engine.lookAt([5, 3, 9], [5, 0.5, 4]);
    editor.engine.select(['bench']);
    return editor;
  }
  const bench = (e: ReturnType<typeof headlessEditor>) => e.history.document.props.find((p) => p.id === 'bench')!;

  it('box scale stretches only the dragged axis, as one undo step; undo restores the size', () => {
    const editor = selectedBench();
    const { history, tools, engine } = editor;
    tools.setTool('boxScale');
    const steps = history.undoSize;
    dragX(engine, [5, 0, 4], 0.4, 0.15);
    const scaled = bench(editor).scale;
    expect(scaled[0]).toBeGreaterThan(1.05);
    expect([scaled[1], scaled[2]]).toEqual([1, 1]);
    expect(history.undoSize).toBe(steps + 1);
    history.undo();
    expect(bench(editor).scale).toEqual([1, 1, 1]);
  });

  it('scale keeps the proportions whichever handle is dragged, as one undo step', () => {
    const editor = selectedBench();
    const { history, tools, engine } = editor;
    tools.setTool('scale');
    const steps = history.undoSize;
    dragX(engine, [5, 0, 4], 0.4, 0.15);
    const scaled = bench(editor).scale;
    expect(scaled[0]).toBeGreaterThan(1.05);
    expect(scaled[1]).toBeCloseTo(scaled[0], 4);
    expect(scaled[2]).toBeCloseTo(scaled[0], 4);
    expect(history.undoSize).toBe(steps + 1);
  });

  it('two drags are two undo steps, and a drag rebuilds nothing (the item is moved in place)', () => {
    const editor = selectedBench();
    const { history, tools, engine } = editor;
    tools.setTool('move');
    const steps = history.undoSize;
    engine.resetCounts();
    dragX(engine, [5, 0, 4], 0.4, 0.1);
    dragX(engine, bench(editor).position, 0.4, 0.1);
    tools.flushEdits();
    expect(history.undoSize).toBe(steps + 2);
    expect(bench(editor).position[0]).toBeGreaterThan(5.2);
    expect(engine.buildCount).toBe(0);
    history.undo();
    history.undo();
    expect(bench(editor).position).toEqual([5, 0, 4]);
  });
});
