import { ACESFilmicToneMapping, NoToneMapping, PerspectiveCamera, SRGBColorSpace, Scene } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Three from 'three';

// Node has no WebGL: the viewport gets a renderer that records what it is set to.
vi.mock('three', async (importOriginal) => {
  const three = await importOriginal<typeof Three>();
  class RecordingRenderer {
    domElement = Object.assign(new EventTarget(), { style: {}, tabIndex: -1, remove() {} });
    outputColorSpace = '';
    toneMapping = three.NoToneMapping;
    toneMappingExposure = 1;
    clippingPlanes = [];
    info = { render: { calls: 0, triangles: 0 } };
    shadowMap = { enabled: false };
    setSize() {}
    setPixelRatio() {}
    setAnimationLoop() {}
    render() {}
    dispose() {}
    forceContextLoss() {}
  }
  return { ...three, WebGLRenderer: RecordingRenderer };
});

const { Viewport } = await import('./viewport.ts');

afterEach(() => vi.unstubAllGlobals());

describe('render look', () => {
  it('the viewport draws with filmic tone mapping into sRGB', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    vi.stubGlobal('getComputedStyle', () => ({ position: 'relative' }));
    const container = { clientWidth: 640, clientHeight: 360, style: {}, appendChild() {} } as unknown as HTMLElement;
    const viewport = new Viewport(container, new Scene(), new PerspectiveCamera(), false);
    expect(viewport.renderer.toneMapping).not.toBe(NoToneMapping);
    expect(viewport.renderer.toneMapping).toBe(ACESFilmicToneMapping);
    expect(viewport.renderer.toneMappingExposure).toBeGreaterThan(0.5);
    expect(viewport.renderer.outputColorSpace).toBe(SRGBColorSpace);
  });
});
