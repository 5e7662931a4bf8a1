import { describe, expect, it } from 'vitest';
import { Sprite } from 'three';
import { NAMEPLATE_MAX_HEIGHT_M, NAMEPLATE_SCREEN_PX, fitNameplate, nameplateHeight } from './nameplate.ts';

// On-screen height in px of a world height h at distance d (vertical fov in degrees, viewport px).
const onScreen = (h: number, d: number, fov = 60, vh = 900) => h / ((2 * d * Math.tan((fov * Math.PI) / 360)) / vh);

describe('name plates sized by distance', () => {
  it('a step away the plate reads at its screen size instead of filling the view', () => {
    const h = nameplateHeight(0.8, 60, 900);
    expect(onScreen(h, 0.8)).toBeCloseTo(NAMEPLATE_SCREEN_PX, 5);
    // The old fixed 0.22 m plate was over 200 px tall at that distance.
    expect(onScreen(0.22, 0.8)).toBeGreaterThan(200);
  });

  it('never taller than half a head, however far: beyond that it shrinks with the avatar', () => {
    for (const d of [0.2, 1, 3, 5, 10, 40]) expect(nameplateHeight(d, 60, 900)).toBeLessThanOrEqual(NAMEPLATE_MAX_HEIGHT_M);
    expect(nameplateHeight(40, 60, 900)).toBe(NAMEPLATE_MAX_HEIGHT_M);
    expect(onScreen(nameplateHeight(40, 60, 900), 40)).toBeLessThan(NAMEPLATE_SCREEN_PX);
    // Nearer is never larger in the world than further.
    expect(nameplateHeight(1, 60, 900)).toBeLessThan(nameplateHeight(3, 60, 900));
  });

  it('fitting keeps the text’s proportions', () => {
    const plate = new Sprite();
    plate.userData.aspect = 5;
    fitNameplate(plate, 2, 60, 900);
    expect(plate.scale.y).toBeCloseTo(nameplateHeight(2, 60, 900));
    expect(plate.scale.x).toBeCloseTo(plate.scale.y * 5);
  });
});
