import { describe, expect, it } from 'vitest';
import { Mesh, MeshStandardMaterial, PlaneGeometry } from 'three';
import { getMaterial, terrainUri } from '@atrium/assets';
import { Terrain } from './terrain.ts';

describe('terrain', () => {
  const setup = () => {
    const lawn = new MeshStandardMaterial({ color: '#6d8f4e' });
    const ground = new Mesh(new PlaneGeometry(400, 400), lawn);
    return { lawn, ground, terrain: new Terrain(ground, 400) };
  };

  it('draws the ground with the terrain material, opaque, and goes back to the lawn', () => {
    const { lawn, ground, terrain } = setup();
    terrain.apply(terrainUri('water'));
    const water = ground.material as MeshStandardMaterial;
    expect(water.name).toBe('lake');
    expect(water.roughness).toBe(getMaterial('lake')!.roughness);
    expect(water.transparent).toBe(false);
    terrain.apply(terrainUri('sand'));
    expect((ground.material as MeshStandardMaterial).name).toBe('sand');
    terrain.apply(null);
    expect(ground.material).toBe(lawn);
    expect(terrain.current).toBe('grass');
  });

  it('"none" hides the ground but keeps it for standing on', () => {
    const { lawn, ground, terrain } = setup();
    terrain.apply(terrainUri('none'));
    expect(ground.visible).toBe(true);
    expect(lawn.visible).toBe(false);
    terrain.apply(terrainUri('grass'));
    expect(lawn.visible).toBe(true);
  });

  it('every ground look is pushed back in depth so floors at ground level always draw over it', () => {
    // The viewer at Low quality and 50 % render quality showed the lawn instead of the floor inside rooms.
    const { lawn, ground, terrain } = setup();
    const pushedBack = (m: MeshStandardMaterial) => m.polygonOffset && m.polygonOffsetFactor > 0 && m.polygonOffsetUnits > 0;
    expect(pushedBack(lawn)).toBe(true);
    for (const id of ['water', 'sand', 'snow', 'paving']) {
      terrain.apply(terrainUri(id));
      expect(pushedBack(ground.material as MeshStandardMaterial), id).toBe(true);
    }
    terrain.apply(null);
    expect(pushedBack(ground.material as MeshStandardMaterial)).toBe(true);
  });

  it('starts a library terrain flat in its swatch colour and reports its baked texture on the way', async () => {
    const lawn = new MeshStandardMaterial({ color: '#6d8f4e' });
    const ground = new Mesh(new PlaneGeometry(400, 400), lawn);
    const loads: Promise<unknown>[] = [];
    const terrain = new Terrain(ground, 400, (texture) => loads.push(texture));
    terrain.apply(terrainUri('sand'));
    const sand = ground.material as MeshStandardMaterial;
    expect(sand.color.getHexString()).toBe(getMaterial('sand')!.color.slice(1));
    expect(loads).toHaveLength(1);
    terrain.apply(terrainUri('sand')); // unchanged: nothing new to load
    terrain.apply(null);
    expect(loads).toHaveLength(1);
    await expect(Promise.all(loads)).resolves.toBeDefined();
  });
});
