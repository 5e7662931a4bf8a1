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
  it.each(DEMO_SPACES.map((s, i) => [s.title, i] as const))('%s: the "Next" sign never shows cut off by the toolbar or the view\'s edge', (_, i) => {
    const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
    const doc = buildDemoDocument(DEMO_SPACES[i]!, { sceneId: next.demoKey, label: next.portalLabel });
    const sign = doc.texts3d.find((t) => t.id === 'demo-portal-sign')!;
    const [sx, , sz] = doc.startingPosition;
    const yaw = doc.startingRotation[1];
    const forward = [-Math.sin(yaw), -Math.cos(yaw)] as const, right = [Math.cos(yaw), -Math.sin(yaw)] as const;
    // The sign turns about Y by its yaw; its width runs along its local X.
    const signYaw = sign.rotation[1], half = signWidthM(sign.text, sign.fontSize) / 2;
    const tanHalf = Math.tan((VIEW.fovDeg * Math.PI) / 360) * (VIEW.width / VIEW.height);
    const ends = [-half, half].map((o) => {
      const dx = sign.position[0] + Math.cos(signYaw) * o - sx, dz = sign.position[2] - Math.sin(signYaw) * o - sz;
      return { ahead: dx * forward[0] + dz * forward[1], aside: dx * right[0] + dz * right[1] };
    });
    // Wholly out of the arrival view (beside the visitor, seen on turning) is allowed where the
    // view ahead has no free floor; partly in it, under the toolbar or cut by the edge, is not.
    const outOfView = ends.every((e) => e.ahead <= 0.05 || Math.abs(e.aside) / e.ahead > tanHalf) && Math.sign(ends[0]!.aside) === Math.sign(ends[1]!.aside);
    if (outOfView) return;
    for (const e of ends) expect(e.ahead, 'sign in front of the arrival camera').toBeGreaterThan(0.5);
    const xs = ends.map((e) => ((e.aside / (e.ahead * tanHalf) + 1) / 2) * VIEW.width);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThanOrEqual(VIEW.width - VIEW.toolbar);
  });
});
