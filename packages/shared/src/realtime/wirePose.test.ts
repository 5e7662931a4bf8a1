import { describe, expect, it } from 'vitest';
import { avatarPose, wirePose } from './protocol.ts';

describe('the quantised pose on the wire', () => {
  it('keeps positions to the centimetre, as whole numbers', () => {
    expect(wirePose.centimetres(1.234)).toBe(123);
    expect(wirePose.centimetres(-0.005)).toBe(-0);
    expect(wirePose.metres(wirePose.centimetres(-12.34))).toBe(-12.34);
    // A step under half a centimetre is the same value, so the room sends nothing for it.
    expect(wirePose.centimetres(3.001)).toBe(wirePose.centimetres(3.004));
  });

  it('wraps any yaw into one turn and back to (-π, π] within half a 256th of a turn', () => {
    for (const rad of [0, 0.5, Math.PI / 2, Math.PI, -Math.PI / 2, -3, 7, 100]) {
      const steps = wirePose.yawSteps(rad);
      expect(Number.isInteger(steps) && steps >= 0 && steps < 256).toBe(true);
      const back = wirePose.yaw(steps);
      expect(back).toBeGreaterThan(-Math.PI - 1e-9);
      expect(back).toBeLessThanOrEqual(Math.PI);
      // Same direction, to half a step: the angle between them on the unit circle.
      const apart = Math.abs(Math.atan2(Math.sin(back - rad), Math.cos(back - rad)));
      expect(apart).toBeLessThanOrEqual(Math.PI / 256 + 1e-9);
    }
    expect(wirePose.yawSteps(-1e-9)).toBe(0);
  });

  it('turns a replicated avatar into engine units', () => {
    expect(avatarPose({ x: 150, y: -20, z: 0, ry: 64 })).toEqual({ position: [1.5, -0.2, 0], yaw: Math.PI / 2 });
  });
});
