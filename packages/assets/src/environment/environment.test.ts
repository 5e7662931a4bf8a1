import { describe, expect, it } from 'vitest';
import { getMaterial } from '../materials/index.ts';
import { getSky } from '../skies/index.ts';
import { soundFromUri, soundUri } from '../sounds/index.ts';
import { getTheme, listTerrains, listThemes, terrainFromUri, terrainUri } from './index.ts';

describe('terrains', () => {
  it('name library materials and round-trip through their uri', () => {
    for (const t of listTerrains()) {
      if (t.materialId) expect(getMaterial(t.materialId), t.id).toBeDefined();
      expect(terrainFromUri(terrainUri(t.id)).id).toBe(t.id);
    }
  });

  it('fall back to grass for older drafts and unknown ids', () => {
    expect(terrainFromUri(null).id).toBe('grass');
    expect(terrainFromUri('https://example.org/ground.png').id).toBe('grass');
    expect(terrainFromUri(terrainUri('lava')).id).toBe('grass');
    expect(terrainFromUri(terrainUri('none')).hidden).toBe(true);
  });
});

describe('themes', () => {
  it('offer 4–6 named looks whose every part exists in the library', () => {
    const themes = listThemes();
    expect(themes.length).toBeGreaterThanOrEqual(4);
    expect(themes.length).toBeLessThanOrEqual(6);
    expect(new Set(themes.map((t) => t.id)).size).toBe(themes.length);
    for (const t of themes) {
      expect(getMaterial(t.wallMaterialId), `${t.id} walls`).toBeDefined();
      expect(getMaterial(t.floorMaterialId), `${t.id} floor`).toBeDefined();
      expect(getSky(t.skyId), `${t.id} sky`).toBeDefined();
      expect(terrainFromUri(terrainUri(t.terrainId)).id, `${t.id} terrain`).toBe(t.terrainId);
      if (t.soundId) expect(soundFromUri(soundUri(t.soundId)), `${t.id} sound`).toBeDefined();
    }
    expect(getTheme('seaside')?.terrainId).toBe('sand');
    expect(getTheme('nope')).toBeUndefined();
  });
});
