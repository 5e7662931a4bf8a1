import { describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { RedrawGate } from './redrawGate.ts';

describe('RedrawGate (render on demand)', () => {
  it('draws the first frame, then only when invalidated, moved, animating or on the heartbeat', () => {
    const gate = new RedrawGate(2000);
    const camera = new PerspectiveCamera();
    expect(gate.shouldDraw(camera, 0, false)).toBe(true);
    expect(gate.shouldDraw(camera, 16, false)).toBe(false);
    expect(gate.shouldDraw(camera, 32, false)).toBe(false);
    gate.invalidate();
    expect(gate.shouldDraw(camera, 48, false)).toBe(true);
    expect(gate.shouldDraw(camera, 64, false)).toBe(false);
    camera.position.x = 1;
    expect(gate.shouldDraw(camera, 80, false)).toBe(true);
    expect(gate.shouldDraw(camera, 96, false)).toBe(false);
    camera.aspect = 2;
    camera.updateProjectionMatrix();
    expect(gate.shouldDraw(camera, 112, false)).toBe(true);
    expect(gate.shouldDraw(camera, 128, true)).toBe(true);
    expect(gate.shouldDraw(camera, 144, false)).toBe(false);
    expect(gate.shouldDraw(camera, 144 + 2000, false)).toBe(true);
  });

  it('does not count rounding noise in a recomposed camera matrix as a move, but does a real one', () => {
    const gate = new RedrawGate(4000);
    const camera = new PerspectiveCamera();
    camera.position.set(0, 1.6, 3.5);
    camera.rotation.set(-0.08, 0.7, 0, 'YXZ');
    expect(gate.shouldDraw(camera, 0, false)).toBe(true);
    // What a player rig standing still does each update: the same pose, recomposed with rounding
    // (measured in the demo gallery: the matrix differs by about 1e-16 from frame to frame).
    camera.position.x += 1e-16;
    camera.rotation.y += 1e-16;
    expect(gate.shouldDraw(camera, 16, false)).toBe(false);
    expect(gate.shouldDraw(camera, 32, false)).toBe(false);
    camera.position.x += 0.001; // a millimetre is a move
    expect(gate.shouldDraw(camera, 48, false)).toBe(true);
    camera.rotation.y += 0.0001;
    expect(gate.shouldDraw(camera, 64, false)).toBe(true);
  });

  it('draws load progress at most every progressMs, and at once when invalidated', () => {
    const gate = new RedrawGate(4000, 1000);
    const camera = new PerspectiveCamera();
    expect(gate.shouldDraw(camera, 0, false)).toBe(true);
    gate.progress();
    expect(gate.shouldDraw(camera, 100, false)).toBe(false);
    gate.progress();
    expect(gate.shouldDraw(camera, 900, false)).toBe(false);
    expect(gate.shouldDraw(camera, 1000, false)).toBe(true); // one frame for both arrivals
    expect(gate.shouldDraw(camera, 2500, false)).toBe(false); // nothing pending
    gate.progress();
    expect(gate.shouldDraw(camera, 2600, false)).toBe(true); // the last frame was long ago
    gate.progress();
    gate.invalidate();
    expect(gate.shouldDraw(camera, 2700, false)).toBe(true);
    expect(gate.shouldDraw(camera, 3800, false)).toBe(false); // progress went with that frame
  });

  it('says which drawn frames may show the scene changed (sun shadows redrawn) and which only arrivals or a camera move', () => {
    const gate = new RedrawGate(4000, 1000);
    const camera = new PerspectiveCamera();
    expect(gate.shouldDraw(camera, 0, false)).toBe(true);
    expect(gate.sceneChanged).toBe(true); // the first frame
    gate.progress();
    expect(gate.shouldDraw(camera, 1000, false)).toBe(true);
    expect(gate.sceneChanged).toBe(false); // a texture arrived
    gate.refresh();
    expect(gate.shouldDraw(camera, 1100, false)).toBe(true); // at once, not after progressMs
    expect(gate.sceneChanged).toBe(false);
    camera.position.x = 2;
    expect(gate.shouldDraw(camera, 1200, false)).toBe(true);
    expect(gate.sceneChanged).toBe(false); // only the view moved
    gate.refresh();
    gate.invalidate();
    expect(gate.shouldDraw(camera, 1300, false)).toBe(true);
    expect(gate.sceneChanged).toBe(true); // an edit, a model, anything announced by invalidate
    gate.refresh();
    expect(gate.shouldDraw(camera, 1400, true)).toBe(true);
    expect(gate.sceneChanged).toBe(true); // something animates
    expect(gate.shouldDraw(camera, 1400 + 4000, false)).toBe(true);
    expect(gate.sceneChanged).toBe(true); // the heartbeat catches what nobody announced
  });
});
