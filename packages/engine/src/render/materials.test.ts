import { describe, expect, it } from 'vitest';
import { getMaterial } from '@atrium/assets';
import { ProgressTracker } from '../loading/progress.ts';
import { SurfaceMaterials } from './materials.ts';

describe('SurfaceMaterials deferred painting', () => {
  it('a flat material waiting for its pattern already has the painted shader\'s maps, so painting compiles no new program', () => {
    const tracker = new ProgressTracker(() => {});
    const materials = new SurfaceMaterials();
    const oak = materials.deferred('oak', undefined, tracker);
    expect(getMaterial('oak')!.bump).toBe(1);
    // Flat swatch colour over a white stand-in map, bump included: the same program parameters
    // (map, bumpMap) as the painted material that replaces the textures later.
    expect(oak.map).not.toBeNull();
    expect(oak.map!.image).toMatchObject({ width: 1, height: 1 });
    expect(oak.bumpMap).toBe(oak.map);
    expect(oak.bumpScale).toBe(1);
    expect(oak.color.getHexString()).toBe(getMaterial('oak')!.color.slice(1));
    // One progress item per pattern, however many surfaces wait for it.
    materials.deferred('oak', '#ff0000', tracker);
    expect(tracker.snapshot().totalItems).toBe(1);
  });
});
