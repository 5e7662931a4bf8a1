import { Mesh, MeshBasicMaterial, Raycaster, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { STAIR_TYPES } from '@atrium/shared';
import { buildFloorGeometry } from './floors.ts';
import { buildLevel } from './level.ts';
import { buildStairsGeometry, stairBlocks } from './stairs.ts';
import { parseLevel } from './fixtures.test-helpers.ts';

const stairsOf = (type: (typeof STAIR_TYPES)[number], extra: Record<string, unknown> = {}) =>
  parseLevel({ id: 'l', stairs: [{ id: 's', type, position: [0, 0, 0], ...extra }] }).stairs[0]!;

describe('stairs builder', () => {
  it.each(STAIR_TYPES)('%s climbs the full rise in even risers', (type) => {
    const s = stairsOf(type);
    const blocks = stairBlocks(s);
    expect(blocks).toHaveLength(s.stepCount);
    const tops = blocks.map((b) => b.top);
    expect(Math.max(...tops)).toBeCloseTo(4);
    tops.forEach((t, i) => expect(t).toBeCloseTo(((i + 1) * 4) / s.stepCount));
    const g = buildStairsGeometry(s);
    g.computeBoundingBox();
    expect(g.boundingBox!.min.y).toBeCloseTo(0);
    expect(g.boundingBox!.max.y).toBeCloseTo(4);
  });

  it('turns L stairs to the named side and U stairs back alongside', () => {
    const box = (type: (typeof STAIR_TYPES)[number]) => {
      const g = buildStairsGeometry(stairsOf(type));
      g.computeBoundingBox();
      return g.boundingBox!;
    };
    expect(box('LLeft').max.x).toBeGreaterThan(2);
    expect(box('LRight').min.x).toBeLessThan(-2);
    expect(box('ULeft').max.x).toBeCloseTo(1.8); // second flight centred at +w, half width 0.6
    expect(box('URight').min.x).toBeCloseTo(-1.8);
    expect(box('Straight').max.z).toBeCloseTo(20 * 0.3);
  });

  it('puts a step surface under a downward ray at the expected height', () => {
    const s = stairsOf('Straight', { position: [2, 0, 0], rotation: Math.PI / 2, stepCount: 10, rise: 2 });
    const mesh = new Mesh(buildStairsGeometry(s, 4), new MeshBasicMaterial());
    // Rotated +90° about Y, local +Z points to world +X. Step 4 (0-based) spans x in [2+1.2, 2+1.5].
    const hit = new Raycaster(new Vector3(2 + 1.35, 20, 0), new Vector3(0, -1, 0)).intersectObject(mesh)[0]!;
    expect(hit.point.y).toBeCloseTo(4 + 1.0);
  });
});

describe('floor builder', () => {
  it('triangulates a polygon facing up at the level elevation, whatever the winding', () => {
    for (const polygon of [[[0, 0], [4, 0], [4, 3], [0, 3]], [[0, 0], [0, 3], [4, 3], [4, 0]]] as [number, number][][]) {
      const g = buildFloorGeometry({ id: 'f', polygon }, 4);
      expect(g.index!.count / 3).toBe(2);
      g.computeBoundingBox();
      expect(g.boundingBox!.min.toArray()).toEqual([0, 4, 0]);
      expect(g.boundingBox!.max.toArray()).toEqual([4, 4, 3]);
      const mesh = new Mesh(g, new MeshBasicMaterial());
      const hit = new Raycaster(new Vector3(1, 10, 1), new Vector3(0, -1, 0)).intersectObject(mesh)[0]!;
      expect(hit.face!.normal.y).toBeCloseTo(1);
    }
  });

  it('triangulates an L-shaped floor into n-2 triangles', () => {
    const g = buildFloorGeometry({ id: 'f', polygon: [[0, 0], [6, 0], [6, 2], [2, 2], [2, 5], [0, 5]] });
    expect(g.index!.count / 3).toBe(4);
  });
});

describe('level builder', () => {
  it('merges a room into one batch per surface look', () => {
    const level = parseLevel({
      id: 'l',
      walls: [
        { id: 'a', start: [0, 0], end: [6, 0], openings: [{ id: 'w', kind: 'window', offset: 3, width: 2, height: 1 }] },
        { id: 'b', start: [6, 0], end: [6, 6] },
        { id: 'c', start: [6, 6], end: [0, 6], tint: '#ff0000' },
        { id: 'd', start: [0, 6], end: [0, 0] },
      ],
      floors: [{ id: 'f', polygon: [[0, 0], [6, 0], [6, 6], [0, 6]] }],
      stairs: [{ id: 's', position: [1, 0, 1], type: 'ULeft' }],
    });
    const batches = buildLevel(level, [{ targetId: 'floor:*', materialId: 'oak' }]);
    // Skirting and frames are one trim look for the level; the contact shading one more batch.
    expect(batches.map((b) => b.surface).sort()).toEqual(['floor', 'glass', 'shade', 'stairs', 'trim', 'wall', 'wall']);
    const plain = batches.find((b) => b.surface === 'wall' && !b.tint)!;
    expect(plain.sourceIds).toEqual(['a', 'b', 'd']);
    expect(batches.find((b) => b.surface === 'floor')!.materialId).toBe('oak');
    expect(batches.find((b) => b.tint === '#ff0000')!.sourceIds).toEqual(['c']);
  });

  it("a surface-wide look beats a wall's own material; a look for one wall beats both", () => {
    const level = parseLevel({
      id: 'l',
      walls: [
        { id: 'a', start: [0, 0], end: [6, 0], materialId: 'white', tint: '#00ff00' },
        { id: 'b', start: [6, 0], end: [6, 6], materialId: 'white' },
      ],
    });
    const batches = buildLevel(level, [
      { targetId: 'wall:*', materialId: 'wallpaper-damask-gold' },
      { targetId: 'b', materialId: 'brick-red' },
    ]);
    const walls = batches.filter((b) => b.surface === 'wall');
    // The wide look sets no tint, so wall a keeps its own.
    expect(walls.find((b) => b.sourceIds.includes('a'))).toMatchObject({ materialId: 'wallpaper-damask-gold', tint: '#00ff00' });
    expect(walls.find((b) => b.sourceIds.includes('b'))).toMatchObject({ materialId: 'brick-red' });
  });
});
