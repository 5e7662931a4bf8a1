import { describe, expect, it } from 'vitest';
import { DataUtils } from 'three';
import { envTexelCount, packEnvironment, unpackEnvironment } from './envPack.ts';

/** A smooth HDR cube like a prefiltered sky: every texel's value depends on level, face and position. */
function cube(size: number, levels: number): Float32Array[][] {
  return Array.from({ length: levels }, (_, l) => Array.from({ length: 6 }, (_, f) => {
    const s = size >> l;
    const data = new Float32Array(s * s * 4);
    for (let y = 0; y < s; y++) for (let x = 0; x < s; x++) {
      const k = (y * s + x) * 4;
      data[k] = 0.02 + (x / s) * 3 + f * 0.1;
      data[k + 1] = 0.5 + (y / s) * 0.4 + l * 0.05;
      data[k + 2] = f === 2 ? 12 : 0.001 + x * y * 1e-4;
      data[k + 3] = 1;
    }
    return data;
  }));
}

describe('baked environment format (envPack)', () => {
  it('round-trips every level and face to half floats within RGBE precision, mirrored in x', () => {
    const size = 32, levels = 3;
    const faces = cube(size, levels);
    const packed = packEnvironment(faces, size);
    expect(packed.length).toBe(16 + 4 * envTexelCount(size, levels));
    const { size: s0, levels: out } = unpackEnvironment(packed);
    expect(s0).toBe(size);
    expect(out.map((l) => l.length)).toEqual([6, 6, 6]);
    for (let l = 0; l < levels; l++) {
      const s = size >> l;
      for (let f = 0; f < 6; f++) {
        // Stored face f holds source face f with +X and -X swapped, columns reversed.
        const src = faces[l]![f === 0 ? 1 : f === 1 ? 0 : f]!;
        const got = out[l]![f]!;
        expect(got.length).toBe(s * s * 4);
        for (let y = 0; y < s; y++) for (let x = 0; x < s; x++) {
          const k = (y * s + x) * 4, j = (y * s + (s - 1 - x)) * 4;
          const max = Math.max(src[j]!, src[j + 1]!, src[j + 2]!);
          for (let c = 0; c < 3; c++) expect(Math.abs(DataUtils.fromHalfFloat(got[k + c]!) - src[j + c]!)).toBeLessThan(max / 128 + 1e-3);
          expect(got[k + 3]).toBe(DataUtils.toHalfFloat(1));
        }
      }
    }
  });

  it('rejects data that is not a baked environment', () => {
    expect(() => unpackEnvironment(new Uint8Array(64))).toThrow(/Not a baked environment/);
  });
});
