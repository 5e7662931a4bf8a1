import { describe, expect, it } from 'vitest';
import { DEMO_SPACES, buildDemoDocument } from './demoSpaces.ts';

// The arrival view as a visitor first sees it: the viewer's 60° vertical field of view in a
// 1000x640 window, whose right-hand toolbar covers the last 80 px (the new-user screenshots).
const VIEW = { width: 1000, height: 640, toolbar: 80, fovDeg: 60 };
// Bold sans-serif glyphs are about 0.6 of their font's pixel size wide; the engine draws a text3d
// at 2 px per font unit, 0.3 m per 60 font units, padded by a quarter of the pixel size each side.
const signWidthM = (text: string, fontSize: number) => {
  const px = fontSize * 2;
  return (text.length * px * 0.6 + px * 0.5) * (0.3 / 60 / 2);
};

describe('demo space portal signs', () => {
  it.each(DEMO_SPACES.map((s, i) => [s.title, i] as const))('%s: the whole "Next" sign shows in the arrival view, clear of the toolbar', (_, i) => {
    const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
    const doc = buildDemoDocument(DEMO_SPACES[i]!, { sceneId: next.demoKey, label: next.portalLabel });
    const sign = doc.texts3d.find((t) => t.id === 'demo-portal-sign')!;
    const [sx, , sz] = doc.startingPosition;
    const yaw = doc.startingRotation[1];
    const forward = [-Math.sin(yaw), -Math.cos(yaw)] as const, right = [Math.cos(yaw), -Math.sin(yaw)] as const;
    // The sign turns about Y by its yaw; its width runs along its local X.
    const signYaw = sign.rotation[1], half = signWidthM(sign.text, sign.fontSize) / 2;
    const tanHalf = Math.tan((VIEW.fovDeg * Math.PI) / 360) * (VIEW.width / VIEW.height);
    const screenX = ([x, z]: [number, number]) => {
      const dx = x - sx, dz = z - sz;
      const ahead = dx * forward[0] + dz * forward[1];
      expect(ahead, 'sign in front of the arrival camera').toBeGreaterThan(0.5);
      return ((dx * right[0] + dz * right[1]) / (ahead * tanHalf) + 1) / 2 * VIEW.width;
    };
    const ends = [-half, half].map((o) => screenX([sign.position[0] + Math.cos(signYaw) * o, sign.position[2] - Math.sin(signYaw) * o]));
    expect(Math.min(...ends)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual(VIEW.width - VIEW.toolbar);
  });
});
