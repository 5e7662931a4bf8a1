import { describe, expect, it } from 'vitest';
import { getSky, paintSky, skies, skyFromUri, skyUri, sunDirection } from './index.ts';

describe('skies', () => {
  it('has at least 6 skies with unique ids, procedural and HDRI', () => {
    expect(skies.length).toBeGreaterThanOrEqual(6);
    expect(new Set(skies.map((s) => s.id)).size).toBe(skies.length);
    for (const id of ['dawn', 'noon', 'sunset', 'overcast', 'night', 'studio']) expect(getSky(id)?.kind).toBe('gradient');
    expect(skies.filter((s) => s.kind === 'hdri').every((s) => s.hdri?.license === 'CC0-1.0')).toBe(true);
  });

  it('round-trips sky URIs and ignores external ones', () => {
    expect(skyFromUri(skyUri('noon'))?.id).toBe('noon');
    expect(skyFromUri('https://example.com/sky.hdr')).toBeUndefined();
    expect(skyFromUri(null)).toBeUndefined();
  });

  it('points the sun up and to the south for a noon sky', () => {
    const [x, y, z] = sunDirection(getSky('noon')!);
    expect(Math.hypot(x, y, z)).toBeCloseTo(1);
    expect(y).toBeGreaterThan(0.8);
    expect(z).toBeGreaterThan(0);
  });

  it('paints an HDR equirect: bright sun, blue zenith above a darker ground', () => {
    const sky = getSky('noon')!;
    const img = paintSky(sky, 128);
    const at = (row: number) => Array.from(img.data.slice(row * 128 * 4, row * 128 * 4 + 3));
    const zenith = at(63), nadir = at(0);
    expect(zenith[2]!).toBeGreaterThan(zenith[0]!);
    expect(nadir.reduce((a, b) => a + b)).toBeLessThan(zenith.reduce((a, b) => a + b) * 2);
    let max = 0;
    for (let i = 0; i < img.data.length; i += 4) max = Math.max(max, img.data[i]!);
    expect(max).toBeGreaterThan(5);
  });
});
