import { describe, expect, it } from 'vitest';
import { fitMap, headingOnMap, mapToWorld, worldToMap } from './mapProjection.ts';

describe('map projection', () => {
  const bounds = { minX: -1, minZ: -1, maxX: 13, maxZ: 8 }; // 14 × 9 m

  it('fits the plan inside the canvas with padding, keeping aspect, centred', () => {
    const f = fitMap(bounds, 300, 300, 10);
    expect(f.scale).toBeCloseTo(280 / 14);
    const [x0, y0] = worldToMap(f, bounds.minX, bounds.minZ);
    const [x1, y1] = worldToMap(f, bounds.maxX, bounds.maxZ);
    expect(x0).toBeCloseTo(10);
    expect(x1).toBeCloseTo(290);
    // 9 m tall at 20 px/m = 180 px, centred vertically in 300.
    expect(y0).toBeCloseTo(60);
    expect(y1).toBeCloseTo(240);
  });

  it('inverts exactly, so a click lands where the map shows it', () => {
    const f = fitMap(bounds, 280, 200);
    for (const [x, z] of [[0, 0], [6.5, 3.25], [12.9, 7.9], [-0.5, 4]] as const) {
      const [px, py] = worldToMap(f, x, z);
      const [wx, wz] = mapToWorld(f, px, py);
      expect(wx).toBeCloseTo(x);
      expect(wz).toBeCloseTo(z);
    }
  });

  it('points the arrow up for yaw 0 (facing -Z) and left for yaw +90° (facing -X)', () => {
    const rotate = (angle: number): [number, number] => [Math.sin(angle), -Math.cos(angle)]; // canvas "up" rotated clockwise
    const [ux, uy] = rotate(headingOnMap(0));
    expect(ux).toBeCloseTo(0);
    expect(uy).toBeCloseTo(-1);
    const [lx, ly] = rotate(headingOnMap(Math.PI / 2));
    expect(lx).toBeCloseTo(-1);
    expect(ly).toBeCloseTo(0);
  });

  it('does not divide by zero for a single point', () => {
    const f = fitMap({ minX: 2, minZ: 2, maxX: 2, maxZ: 2 }, 100, 100);
    expect(Number.isFinite(f.scale)).toBe(true);
  });
});
