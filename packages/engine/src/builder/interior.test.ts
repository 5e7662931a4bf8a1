import { Mesh, MeshBasicMaterial, Raycaster, Vector3, type BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { buildCeilingGeometry } from './ceilings.ts';
import { buildContactShade } from './contactShade.ts';
import { parseLevel } from './fixtures.test-helpers.ts';
import { buildLevel } from './level.ts';
import { FRAME, SKIRTING, buildWallTrim, solidBaseSpans } from './trim.ts';

const SQUARE: [number, number][] = [[0, 0], [6, 0], [6, 6], [0, 6]];
const room = (extra: Record<string, unknown> = {}) => parseLevel({
  id: 'l',
  walls: [
    { id: 'a', start: [0, 0], end: [6, 0], openings: [{ id: 'win', kind: 'window', offset: 3, width: 3.2, height: 1.4, sill: 1 }] },
    { id: 'b', start: [6, 0], end: [6, 6], openings: [{ id: 'door', kind: 'door', offset: 3, width: 1, height: 2.2 }] },
    { id: 'c', start: [6, 6], end: [0, 6] },
    { id: 'd', start: [0, 6], end: [0, 0] },
  ],
  floors: [{ id: 'f', polygon: SQUARE }],
  ...extra,
});

const rayHits = (g: BufferGeometry, from: Vector3, dir: Vector3) =>
  new Raycaster(from, dir.normalize()).intersectObject(new Mesh(g, new MeshBasicMaterial())).length;

describe('ceilings', () => {
  it('closes the room at its height, seen from inside and invisible from above', () => {
    const g = buildCeilingGeometry({ id: 'c', polygon: SQUARE, height: 4 }, 2);
    g.computeBoundingBox();
    expect(g.boundingBox!.min.y).toBeCloseTo(6);
    expect(g.boundingBox!.max.y).toBeCloseTo(6);
    const normal = g.getAttribute('normal');
    for (let i = 0; i < normal.count; i++) expect(normal.getY(i)).toBeCloseTo(-1);
    // Front-side only: a ray from the floor hits it, a ray from the sky passes through.
    expect(rayHits(g, new Vector3(2, 3, 4.5), new Vector3(0, 1, 0))).toBe(1);
    expect(rayHits(g, new Vector3(2, 9, 4.5), new Vector3(0, -1, 0))).toBe(0);
  });

  it('a level with ceilings gets a ceiling batch with their look; one without stays open', () => {
    const closed = buildLevel(room({ ceilings: [{ id: 'top', polygon: SQUARE, height: 4, materialId: 'white' }] }));
    expect(closed.find((b) => b.surface === 'ceiling')).toMatchObject({ materialId: 'white', sourceIds: ['top'] });
    expect(buildLevel(room()).some((b) => b.surface === 'ceiling')).toBe(false);
  });

  it('an upper floor gets a soffit under it, in the level ceiling look, lit like a ceiling from below', () => {
    const mezz = (extra: Record<string, unknown> = {}) => parseLevel({ id: 'm', elevation: 4, walls: [], floors: [{ id: 'deck', polygon: SQUARE, materialId: 'oak' }], ...extra });
    const soffit = buildLevel(mezz()).find((b) => b.surface === 'ceiling')!;
    // Without a ceiling of its own the soffit takes the ceiling default (no material of the floor's).
    expect(soffit).toMatchObject({ sourceIds: ['deck'] });
    expect(soffit.materialId).toBeUndefined();
    soffit.geometry.computeBoundingBox();
    expect(soffit.geometry.boundingBox!.max.y).toBeLessThan(4);
    expect(soffit.geometry.boundingBox!.max.y).toBeGreaterThan(3.95);
    expect(rayHits(soffit.geometry, new Vector3(2, 1.6, 4.5), new Vector3(0, 1, 0))).toBe(1);
    expect(rayHits(soffit.geometry, new Vector3(2, 6, 4.5), new Vector3(0, -1, 0))).toBe(0);
    const withCeiling = buildLevel(mezz({ ceilings: [{ id: 'top', polygon: SQUARE, height: 4, materialId: 'concrete' }] }));
    expect(withCeiling.find((b) => b.surface === 'ceiling' && b.sourceIds.includes('deck'))).toMatchObject({ materialId: 'concrete' });
    // The ground storey has nothing under it.
    expect(buildLevel(room()).some((b) => b.surface === 'ceiling')).toBe(false);
  });
});

describe('skirting and frames', () => {
  it('skirts the solid base of a wall and leaves door openings clear', () => {
    const level = room();
    expect(solidBaseSpans(level.walls[1]!)).toEqual([[0, 2.5], [3.5, 6]]);
    const trim = buildWallTrim(level.walls[1]!)!;
    // Low along the wall beside the door: skirting on both faces; in the doorway at ankle height: nothing.
    expect(rayHits(trim, new Vector3(5, 0.05, 1), new Vector3(1, 0, 0))).toBeGreaterThan(0);
    expect(rayHits(trim, new Vector3(5, 0.05, 3), new Vector3(1, 0, 0))).toBe(0);
    // Above the skirting the wall face is bare.
    expect(rayHits(trim, new Vector3(5, SKIRTING.height + 0.3, 1), new Vector3(1, 0, 0))).toBe(0);
    trim.computeBoundingBox();
    expect(trim.boundingBox!.max.x - trim.boundingBox!.min.x).toBeCloseTo(0.2 + 2 * Math.max(SKIRTING.depth, FRAME.depth));
  });

  it('frames a window with jambs, head and sill, and divides a wide pane with a glazing bar', () => {
    const trim = buildWallTrim(room().walls[0]!)!;
    // Jamb just left of the opening (u 1.4 → x 1.4 - frame width / 2), at mid-height.
    expect(rayHits(trim, new Vector3(1.4 - FRAME.width / 2, 1.7, -1), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    // Head above and sill below the opening.
    expect(rayHits(trim, new Vector3(2, 2.4 + FRAME.width / 2, -1), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    expect(rayHits(trim, new Vector3(2, 1 - FRAME.width / 2, -1), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    // 3.2 m of glass is two panes: a bar down the middle, clear glass either side.
    expect(rayHits(trim, new Vector3(3, 1.7, -1), new Vector3(0, 0, 1))).toBeGreaterThan(0);
    expect(rayHits(trim, new Vector3(2.2, 1.7, -1), new Vector3(0, 0, 1))).toBe(0);
  });

  it('puts no skirting on parapets and rails', () => {
    const rail = parseLevel({ id: 'l', walls: [{ id: 'r', start: [0, 0], end: [4, 0], height: 1 }] });
    expect(buildWallTrim(rail.walls[0]!)).toBeNull();
  });
});

describe('baked contact shading', () => {
  const alphas = (g: BufferGeometry) => Array.from({ length: g.getAttribute('color').count }, (_, i) => g.getAttribute('color').getW(i));

  it('darkens where walls meet the floor, fading to nothing, and along the ceiling when there is one', () => {
    const open = buildContactShade(room())!;
    const closed = buildContactShade(room({ ceilings: [{ id: 'top', polygon: SQUARE, height: 4 }] }))!;
    expect(Math.max(...alphas(open))).toBeGreaterThan(0.2);
    expect(Math.min(...alphas(open))).toBe(0);
    open.computeBoundingBox();
    closed.computeBoundingBox();
    expect(open.boundingBox!.max.y).toBeLessThan(1);
    expect(closed.boundingBox!.max.y).toBeCloseTo(4, 1);
    expect(closed.getAttribute('position').count).toBeGreaterThan(open.getAttribute('position').count);
  });

  it('lays no floor band over the void beside a mezzanine rail', () => {
    const mezz = parseLevel({
      id: 'm', elevation: 4,
      walls: [{ id: 'back', start: [0, 0], end: [6, 0] }, { id: 'rail', start: [0, 3], end: [6, 3], height: 1 }],
      floors: [{ id: 'f', polygon: [[0, 0], [6, 0], [6, 3], [0, 3]] }],
    });
    const g = buildContactShade(mezz)!;
    const pos = g.getAttribute('position');
    // The back wall's floor band lies on the mezzanine floor (z > 0), never behind the wall (z < 0).
    const onFloor = Array.from({ length: pos.count }, (_, i) => [pos.getY(i), pos.getZ(i)] as const).filter(([y]) => y < 4.01);
    expect(onFloor.length).toBeGreaterThan(0);
    expect(onFloor.every(([, z]) => z > 0)).toBe(true);
  });
});

describe('skirting on an upper storey', () => {
  it('runs only where the storey has floor beside the wall, not past a double-height void', () => {
    // A mezzanine 3 m deep along the north wall of a 6 x 6 room; the east wall runs past the void.
    const level = parseLevel({
      id: 'm', elevation: 4,
      walls: [{ id: 'north', start: [0, 0], end: [6, 0] }, { id: 'east', start: [6, 0], end: [6, 6] }],
      floors: [{ id: 'f', polygon: [[0, 0], [6, 0], [6, 3], [0, 3]] }],
    });
    const trim = buildLevel(level).find((b) => b.surface === 'trim')!;
    const mesh = new Mesh(trim.geometry, new MeshBasicMaterial());
    const at = (z: number) => new Raycaster(new Vector3(5, 4.05, z), new Vector3(1, 0, 0)).intersectObject(mesh).length;
    expect(at(1.5)).toBeGreaterThan(0);
    expect(at(4.5)).toBe(0);
  });
});
