import { describe, expect, it } from 'vitest';
import { PMREMGenerator, Scene, Texture, WebGLRenderTarget, type WebGLRenderer } from 'three';
import { getSky, skyUri } from '@atrium/assets';
import { ENV_SIZE, EnvironmentMaps, type Prefilter } from './envMaps.ts';
import { environmentKey } from './environment.ts';

/** A prefilter that only counts: the real one needs a WebGL context. */
function countingPrefilter() {
  const calls = { generators: 0, equirect: 0, scene: 0, disposed: 0 };
  const make = (): Prefilter => {
    calls.generators++;
    return {
      fromEquirectangular: () => { calls.equirect++; return new WebGLRenderTarget(1, 1); },
      fromScene: (_s, _sigma, _near, _far, options) => { calls.scene++; expect(options.size).toBe(ENV_SIZE); return new WebGLRenderTarget(1, 1); },
      dispose: () => { calls.disposed++; },
    };
  };
  return { calls, maps: new EnvironmentMaps(make) };
}

describe('EnvironmentMaps (the PMREM cache)', () => {
  it('prefilters a sky once and hands the same environment back on every later load of that sky', () => {
    const { calls, maps } = countingPrefilter();
    expect(calls.generators).toBe(0); // nothing is made up front
    const noon = new Texture();
    const first = maps.fromEquirect('sky:noon', noon);
    const again = maps.fromEquirect('sky:noon', new Texture());
    expect(again).toBe(first);
    expect(calls.equirect).toBe(1);
    const dawn = maps.fromEquirect('sky:dawn', new Texture());
    expect(dawn).not.toBe(first);
    expect(calls.equirect).toBe(2);
    expect(maps.fromScene('gradient', new Scene())).toBe(maps.fromScene('gradient', new Scene()));
    expect(calls.scene).toBe(1);
    expect(maps.made).toBe(3);
    expect(calls.generators).toBe(1); // one generator (its shaders compile once) for every sky
  });

  it('frees every environment and the generator on dispose, and starts over afterwards', () => {
    const { calls, maps } = countingPrefilter();
    const target = maps.fromEquirect('sky:noon', new Texture());
    let freed = false;
    (target as WebGLRenderTarget).addEventListener('dispose', () => { freed = true; });
    maps.dispose();
    expect(freed).toBe(true);
    expect(calls.disposed).toBe(1);
    expect(maps.has('sky:noon')).toBe(false);
    maps.fromEquirect('sky:noon', new Texture());
    expect(calls.equirect).toBe(2);
  });

  it('makes the stand-in environment with the size and mip chain of a real one, so programs do not change when the sky arrives', () => {
    const { maps } = countingPrefilter();
    const generator = new PMREMGenerator({} as WebGLRenderer) as unknown as { _setSize(n: number): void; _allocateTarget(): WebGLRenderTarget };
    generator._setSize(ENV_SIZE);
    const real = generator._allocateTarget();
    const stand = maps.placeholder();
    expect(stand.width).toBe(real.width);
    expect(stand.texture.isPMREMTexture).toBe(true);
    expect(stand.texture.mipmaps.map((m) => (m as { width: number }).width)).toEqual(real.texture.mipmaps.map((m) => (m as { width: number }).width));
    expect(maps.placeholder()).toBe(stand);
  });

  it('keys environments per sky; night skies share the daylight gradient, uploads their URL', () => {
    expect(environmentKey(skyUri('noon'), getSky('noon'))).toBe('sky:noon');
    expect(environmentKey(skyUri('night'), getSky('night'))).toBe('gradient');
    expect(environmentKey('https://cdn.example/sky.hdr', undefined)).toBe('hdr:https://cdn.example/sky.hdr');
  });
});

describe('EnvironmentMaps with baked environments', () => {
  it('uses a baked environment instead of prefiltering, downloads it once, and prefilters what has none', async () => {
    const { calls } = countingPrefilter();
    const requested: string[] = [];
    const maps = new EnvironmentMaps(() => ({ fromEquirectangular: () => { calls.equirect++; return new WebGLRenderTarget(1, 1); }, fromScene: () => new WebGLRenderTarget(1, 1), dispose: () => {} }), (key) => {
      requested.push(key);
      return key === 'sky:noon' ? Promise.resolve(new Texture()) : null;
    });
    const [a, b] = await Promise.all([maps.baked('sky:noon'), maps.baked('sky:noon')]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(maps.get('sky:noon')).toBe(a);
    expect(maps.fromEquirect('sky:noon', new Texture())).toBe(a); // cached: no prefilter
    expect(await maps.baked('hdr:https://cdn.example/x.hdr')).toBeNull();
    expect(requested).toEqual(['sky:noon', 'hdr:https://cdn.example/x.hdr']);
    expect(calls.equirect).toBe(0);
    expect(maps.made).toBe(0);
  });

  it('falls back to prefiltering when a baked file fails, and drops a download that lands after dispose', async () => {
    const maps = new EnvironmentMaps(() => ({ fromEquirectangular: () => new WebGLRenderTarget(1, 1), fromScene: () => new WebGLRenderTarget(1, 1), dispose: () => {} }), (key) =>
      key === 'sky:bad' ? Promise.reject(new Error('404')) : Promise.resolve(new Texture()));
    const warn = console.warn;
    console.warn = () => {};
    try { expect(await maps.baked('sky:bad')).toBeNull(); } finally { console.warn = warn; }
    const late = maps.baked('sky:noon');
    maps.dispose();
    expect(await late).toBeNull();
    expect(maps.has('sky:noon')).toBe(false);
  });
});
