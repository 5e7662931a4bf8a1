import { Box3, Mesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { props } from '../props/index.ts';
import { createMaterial } from './materials.ts';
import { buildProp, measureProp } from './props.ts';

describe('three.js prop builder (Node, no canvas)', () => {
  it.each(props.map((p) => [p.propId] as const))('%s builds into a group with a positive bounding box and few draw calls', (id) => {
    const g = buildProp(id);
    const size = measureProp(g);
    expect(size.x).toBeGreaterThan(0);
    expect(size.y).toBeGreaterThan(0);
    expect(size.z).toBeGreaterThan(0);
    const meshes = g.children.filter((c): c is Mesh => c instanceof Mesh);
    expect(meshes.length).toBeGreaterThan(0);
    expect(meshes.length).toBeLessThanOrEqual(8);
    expect(new Box3().setFromObject(g).min.y).toBeGreaterThan(-0.02);
    expect(g.userData.propId).toBe(id);
  });

  it('falls back to a crate for unknown ids and tints every material', () => {
    expect(buildProp('no-such-prop').userData.propId).toBe('crate');
    const tinted = buildProp('chair-stacking', { tint: '#ff0000' });
    for (const m of tinted.children as Mesh[]) expect((m.material as unknown as { color: { g: number } }).color.g).toBe(0);
  });

  it('makes library materials with the right PBR values, glass transparent', () => {
    expect(createMaterial('metal-brass').metalness).toBe(1);
    expect(createMaterial('glass-clear').transparent).toBe(true);
    expect(createMaterial('unknown').color.getHexString()).toBe('bbbbbb');
    expect(createMaterial('oak').map).toBeNull(); // no canvas in Node: flat colour fallback
    expect(createMaterial('oak').color.equals(createMaterial('oak').color)).toBe(true);
    expect(new Vector3(1, 1, 1).length()).toBeGreaterThan(0);
  });
});
