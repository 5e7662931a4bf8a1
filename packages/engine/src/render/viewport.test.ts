import { PerspectiveCamera, Scene } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Three from 'three';
import { QUALITY } from '../core/quality.ts';
import type { FrameHooks } from './viewport.ts';

// Node has no WebGL: a renderer that records the pixel ratio each frame was drawn at.
vi.mock('three', async (importOriginal) => {
  const three = await importOriginal<typeof Three>();
  class RecordingRenderer {
    domElement = Object.assign(new EventTarget(), { style: {}, tabIndex: -1, remove() {} });
    clippingPlanes = [];
    info = { render: { calls: 0, triangles: 0 } };
    shadowMap = { enabled: false, autoUpdate: true };
    pixelRatio = 1;
    drawnAt: number[] = [];
    loop: ((t: number) => void) | null = null;
    setSize() {}
    setPixelRatio(r: number) { this.pixelRatio = r; }
    setAnimationLoop(f: ((t: number) => void) | null) { this.loop = f; }
    render() { this.drawnAt.push(this.pixelRatio); }
    dispose() {}
    forceContextLoss() {}
  }
  return { ...three, WebGLRenderer: RecordingRenderer };
});

const { Viewport, PREVIEW_SCALE } = await import('./viewport.ts');
interface Recording { drawnAt: number[]; loop: (t: number) => void }

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
  vi.stubGlobal('getComputedStyle', () => ({ position: 'relative' }));
  vi.stubGlobal('devicePixelRatio', 2);
});
afterEach(() => vi.unstubAllGlobals());

function viewport(preview: () => boolean) {
  const container = { clientWidth: 640, clientHeight: 360, style: {}, appendChild() {} } as unknown as HTMLElement;
  const v = new Viewport(container, new Scene(), new PerspectiveCamera(), false);
  v.applyQuality('High');
  const hooks: FrameHooks = { quality: () => 'High', update() {}, onDemand: () => true, animating: () => false, firstFrame() {}, preview };
  v.start(hooks);
  const r = v.renderer as unknown as Recording;
  let t = 0;
  return { v, r, frame: () => r.loop((t += 1000)) };
}

describe('Viewport: a loading space previews at a lower resolution', () => {
  it('draws at PREVIEW_SCALE while the load is on its way and the frame that completes it at full resolution', () => {
    let loading = true;
    const { v, r, frame } = viewport(() => loading);
    frame();
    const full = QUALITY.High.maxPixelRatio; // devicePixelRatio 2 is capped by the preset
    expect(v.previewing).toBe(true);
    expect(PREVIEW_SCALE).toBeLessThan(1);
    loading = false;
    v.redraw.refresh();
    frame();
    expect(v.previewing).toBe(false);
    expect(r.drawnAt).toEqual([full * PREVIEW_SCALE, full]);
  });

  it('keeps the resolution of frames it does not draw, and of a space that is not loading', () => {
    const { v, r, frame } = viewport(() => false);
    frame();
    frame();
    const drawn = r.drawnAt.length;
    frame(); // nothing asked for a frame: not drawn
    expect(r.drawnAt).toHaveLength(drawn);
    v.redraw.refresh();
    frame();
    expect(v.previewing).toBe(false);
    expect(r.drawnAt).toHaveLength(drawn + 1);
    expect(new Set(r.drawnAt).size).toBe(1);
  });
});
