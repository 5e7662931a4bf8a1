import { describe, expect, it } from 'vitest';
import { paintPattern } from '../textures/index.ts';
import { getMaterial, MATERIAL_CATEGORIES, materials, PATTERN_KINDS } from './index.ts';

describe('material library', () => {
  it('has at least 20 materials with unique ids and sane PBR values', () => {
    expect(materials.length).toBeGreaterThanOrEqual(20);
    expect(new Set(materials.map((m) => m.id)).size).toBe(materials.length);
    for (const m of materials) {
      expect(MATERIAL_CATEGORIES).toContain(m.category);
      expect(m.roughness).toBeGreaterThanOrEqual(0);
      expect(m.roughness).toBeLessThanOrEqual(1);
      expect(m.metalness).toBeGreaterThanOrEqual(0);
      expect(m.repeatMeters).toBeGreaterThan(0);
    }
  });

  it('keeps the ids the engine already uses', () => {
    for (const id of ['plaster', 'oak', 'concrete', 'marble', 'white', 'dark']) expect(getMaterial(id)).toBeDefined();
  });

  it('uses every pattern kind', () => {
    const kinds = new Set(materials.map((m) => m.pattern?.kind).filter(Boolean));
    for (const k of PATTERN_KINDS) expect(kinds, k).toContain(k);
  });

  it.each(materials.filter((m) => m.pattern).map((m) => [m.id, m] as const))('%s paints deterministically, opaque and not flat', (_id, m) => {
    const a = paintPattern(m.pattern!, 64), b = paintPattern(m.pattern!, 64);
    expect(a.data).toEqual(b.data);
    let min = 255, max = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      expect(a.data[i + 3]).toBe(255);
      min = Math.min(min, a.data[i]!);
      max = Math.max(max, a.data[i]!);
    }
    expect(max - min).toBeGreaterThan(2);
  });
});
