import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getMaterial, getProp, listTemplates, materials, terrainFromUri, type MaterialPattern } from '@atrium/assets';
import { DEMO_SPACES, buildDemoDocument } from '@atrium/assets/demo-spaces';
import { bakedTextureUrl } from '@atrium/assets/three';
import { bakeKey, paintersHash } from './bakeKey.ts';

// The engine's own defaults for surfaces without a material (render/materials.ts FALLBACK).
const ENGINE_DEFAULTS = ['oak', 'concrete', 'plaster', 'white', 'trim-satin'];

/** Every library material id a document draws: surfaces, overrides, prop parts and the terrain. */
function materialIdsOf(doc: unknown): Set<string> {
  const ids = new Set<string>(ENGINE_DEFAULTS);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'materialId' && typeof x === 'string') ids.add(x);
      else if (k === 'propId' && typeof x === 'string') getProp(x)?.parts.forEach((p) => p.materialId && ids.add(p.materialId));
      else walk(x);
    }
  };
  walk(doc);
  const terrain = terrainFromUri((doc as { customSpace?: { terrainUri?: string } }).customSpace?.terrainUri).materialId;
  if (terrain) ids.add(terrain);
  return ids;
}

/** The baked file of a material, checked to exist, and the key in its name. */
function bakedFile(id: string): { file: string; key: string } {
  const url = bakedTextureUrl(id);
  expect(url, `${id} has no baked texture: run npm run bake`).toBeDefined();
  const file = fileURLToPath(url!);
  expect(fs.existsSync(file), `${file} is missing: run npm run bake`).toBe(true);
  return { file, key: path.basename(file).split('.')[1]! };
}

describe('baked library textures (npm run bake)', () => {
  it('has a file for every patterned material, named by the key of its current recipe and painters', () => {
    const patterned = materials.filter((m) => m.pattern);
    expect(patterned.length).toBeGreaterThan(30);
    for (const m of patterned) {
      const { file, key } = bakedFile(m.id);
      // A changed recipe or painter gives a new key: the stale file would still be cached forever under its old name.
      expect(key, `${m.id} is baked from an older recipe or painter: run npm run bake`).toBe(bakeKey(m.pattern!));
      expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
    }
    expect(bakedTextureUrl('metal-brass')).toBeUndefined(); // plain materials have nothing to bake
  });

  it('resolves every patterned material the premade templates and demo spaces draw', () => {
    const docs = [...listTemplates().map((t) => t.document), ...DEMO_SPACES.map((s) => buildDemoDocument(s, { sceneId: s.demoKey, label: s.title }))];
    expect(docs.length).toBeGreaterThan(8);
    const used = new Set<string>();
    for (const doc of docs) for (const id of materialIdsOf(doc)) used.add(id);
    const patterned = [...used].filter((id) => getMaterial(id)?.pattern);
    expect(patterned.length).toBeGreaterThan(10);
    for (const id of patterned) bakedFile(id);
  });

  it('keys change with the recipe, the painters or nothing else', () => {
    const pattern: MaterialPattern = { kind: 'planks', colors: ['#c99f70', '#5a3d24'], scale: 16, seed: 7 };
    expect(bakeKey(pattern)).toBe(bakeKey({ ...pattern }));
    expect(bakeKey(pattern)).toMatch(/^[0-9a-f]{12}$/);
    expect(bakeKey({ ...pattern, seed: 8 })).not.toBe(bakeKey(pattern));
    expect(bakeKey({ ...pattern, colors: ['#c99f70', '#5a3d25'] })).not.toBe(bakeKey(pattern));
    expect(bakeKey(pattern, 'another painter source')).not.toBe(bakeKey(pattern, paintersHash()));
  });
});
