import { Box3, Mesh, MeshBasicMaterial, Raycaster, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { buildWallGeometry, buildWindowGlass, wallPieces } from './walls.ts';
import { parseLevel } from './fixtures.test-helpers.ts';

const wallOf = (openings: unknown[] = [], start: [number, number] = [0, 0], end: [number, number] = [6, 0]) =>
  parseLevel({ id: 'l', walls: [{ id: 'w', start, end, openings: openings as never }] }).walls[0]!;

const hits = (wall: ReturnType<typeof wallOf>, from: Vector3, dir: Vector3) => {
  const mesh = new Mesh(buildWallGeometry(wall), new MeshBasicMaterial());
  return new Raycaster(from, dir.normalize()).intersectObject(mesh).length;
};

describe('wall builder', () => {
  it('builds a plain wall as one box spanning its length, thickness and 4 m height', () => {
    const g = buildWallGeometry(wallOf());
    expect(g.getAttribute('position').count).toBe(24);
    expect(g.index!.count / 3).toBe(12);
    g.computeBoundingBox();
    const b = g.boundingBox!;
    expect(b.min.toArray().map((v) => +v.toFixed(5))).toEqual([0, 0, -0.1]);
    expect(b.max.toArray().map((v) => +v.toFixed(5))).toEqual([6, 4, 0.1]);
  });

  it('cuts a door into left, right and lintel pieces and leaves a gap a ray passes through', () => {
    const wall = wallOf([{ id: 'd', kind: 'door', offset: 3, width: 1, height: 2 }]);
    const pieces = wallPieces(wall);
    expect(pieces).toHaveLength(3);
    expect(pieces).toContainEqual({ u0: 2.5, u1: 3.5, y0: 2, y1: 4 });
    expect(buildWallGeometry(wall).index!.count / 3).toBe(36);
    // through the doorway: nothing; through the lintel and beside the door: wall
    expect(hits(wall, new Vector3(3, 1, -2), new Vector3(0, 0, 1))).toBe(0);
    expect(hits(wall, new Vector3(3, 3, -2), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    expect(hits(wall, new Vector3(1, 1, -2), new Vector3(0, 0, 1))).toBeGreaterThan(0);
  });

  it('cuts a window with sill and lintel pieces and fills it with glass', () => {
    const wall = wallOf([{ id: 'o', kind: 'window', offset: 2, width: 2, height: 1.5 }]);
    const pieces = wallPieces(wall);
    expect(pieces).toHaveLength(4);
    expect(pieces).toContainEqual({ u0: 1, u1: 3, y0: 0, y1: 1 });
    expect(pieces).toContainEqual({ u0: 1, u1: 3, y0: 2.5, y1: 4 });
    expect(hits(wall, new Vector3(2, 1.7, -2), new Vector3(0, 0, 1))).toBe(0);
    expect(hits(wall, new Vector3(2, 0.5, -2), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    const glass = buildWindowGlass(wall)!;
    glass.computeBoundingBox();
    expect(glass.boundingBox!.min.y).toBeCloseTo(1);
    expect(glass.boundingBox!.max.y).toBeCloseTo(2.5);
    expect(buildWindowGlass(wallOf())).toBeNull();
  });

  it('handles several openings, including a door and window side by side', () => {
    const wall = wallOf([
      { id: 'd', kind: 'door', type: 'Double', offset: 1.5, width: 1.8, height: 2.2 },
      { id: 'o', kind: 'window', type: 'Panoramic', offset: 4.5, width: 2, height: 1.5, sill: 0.8 },
    ]);
    const area = wallPieces(wall).reduce((s, p) => s + (p.u1 - p.u0) * (p.y1 - p.y0), 0);
    expect(area).toBeCloseTo(6 * 4 - 1.8 * 2.2 - 2 * 1.5);
    expect(hits(wall, new Vector3(1.5, 1, -2), new Vector3(0, 0, 1))).toBe(0);
    expect(hits(wall, new Vector3(4.5, 1.5, -2), new Vector3(0, 0, 1))).toBe(0);
  });

  it('orients a diagonal wall from start to end in the XZ plane', () => {
    const g = buildWallGeometry(wallOf([], [0, 0], [0, 5]));
    const box = new Box3().setFromBufferAttribute(g.getAttribute('position') as never);
    expect(box.min.z).toBeCloseTo(0);
    expect(box.max.z).toBeCloseTo(5);
    expect(box.max.x - box.min.x).toBeCloseTo(0.2);
  });

  it('places walls of upper levels at the level elevation', () => {
    const wall = wallOf();
    const g = buildWallGeometry(wall, 4);
    g.computeBoundingBox();
    expect(g.boundingBox!.min.y).toBeCloseTo(4);
    expect(g.boundingBox!.max.y).toBeCloseTo(8);
  });
});
