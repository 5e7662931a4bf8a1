import { describe, expect, it } from 'vitest';
import { getMaterial } from '../materials/index.ts';
import { getProp, listProps, propCollisionBox, props } from './index.ts';

describe('prop library', () => {
  it('has at least 40 props with unique ids and known materials', () => {
    expect(props.length).toBeGreaterThanOrEqual(40);
    const ids = props.map((p) => p.propId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of props) for (const part of p.parts) if (part.materialId) expect(getMaterial(part.materialId), `${p.propId}: ${part.materialId}`).toBeDefined();
  });

  it('keeps the engine\'s legacy ids (bench, pedestal, plant, table, crate)', () => {
    for (const id of ['bench', 'pedestal', 'plant', 'table', 'crate']) expect(getProp(id)).toBeDefined();
  });

  it('covers furniture, plants, plinths, lights, display, rugs, screens, signage and barriers', () => {
    for (const c of ['seating', 'tables', 'storage', 'plants', 'plinths', 'lights', 'display', 'rugs', 'screens', 'signage', 'barriers', 'outdoor'] as const) {
      expect(listProps(c).length, c).toBeGreaterThan(0);
    }
  });

  it.each(props.map((p) => [p.propId, p] as const))('%s stands on the floor and matches its declared size', (_id, p) => {
    const box = propCollisionBox({ ...p, collision: 'box', collisionBox: undefined })!;
    const bottom = box.center[1] - box.size[1] / 2;
    expect(bottom).toBeGreaterThan(-0.02);
    expect(bottom).toBeLessThan(0.05);
    // Declared defaultSize is what the editor shows; it must describe the real shape within 15%.
    for (let k = 0; k < 3; k++) expect(Math.abs(box.size[k]! - p.defaultSize[k]!), `${p.propId} axis ${k}`).toBeLessThanOrEqual(Math.max(0.05, p.defaultSize[k]! * 0.15));
  });
});
