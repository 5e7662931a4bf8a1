// The file format of a baked reflection environment (scripts/bake-environments.ts writes it, the
// engine reads it): every mip level of a prefiltered cube map (three's PMREMGenerator output), so
// a library sky lights a space without running the prefilter on the visitor's GPU. Pure functions
// over typed arrays: no DOM, no WebGL.
//
// Layout (before gzip): a 16-byte header ('APEM', version, face size, levels), then four planes of
// one byte per texel — R, G, B mantissas and a shared exponent (Radiance RGBE) — each stored as the
// difference from the previous byte, so a smooth sky is mostly zeros and compresses well. Texels
// run level by level, face by face (+X, -X, +Y, -Y, +Z, -Z), row by row from t = 0.
//
// The faces are stored mirrored in x. three reads a cube texture that is not a render target with
// its lookup direction's x negated (WebGLMaterials flips envMapRotation), while the prefilter's
// output is a render target and is read unflipped; mirroring here makes the uploaded texture give
// the same reflections as the prefiltered one.

const MAGIC = 0x4d455041; // 'APEM'
const VERSION = 1;
const HEADER_BYTES = 16;

/** Texels of a cube with `levels` mips from `size`, all six faces. */
export function envTexelCount(size: number, levels: number): number {
  let n = 0;
  for (let l = 0; l < levels; l++) n += 6 * (size >> l) ** 2;
  return n;
}

/**
 * Packs a prefiltered cube read back from the GPU: `faces[level][face]` is RGBA float, rows from
 * t = 0 (as readPixels returns a render target's texture).
 */
export function packEnvironment(faces: readonly (readonly Float32Array[])[], size: number): Uint8Array {
  const levels = faces.length;
  const count = envTexelCount(size, levels);
  const out = new Uint8Array(HEADER_BYTES + 4 * count);
  const header = new DataView(out.buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, VERSION, true);
  header.setUint32(8, size, true);
  header.setUint32(12, levels, true);
  const planes = [0, 1, 2, 3].map((p) => out.subarray(HEADER_BYTES + p * count, HEADER_BYTES + (p + 1) * count));
  let i = 0;
  const rgbe = new Uint8Array(4);
  for (let l = 0; l < levels; l++) {
    const s = size >> l;
    for (let f = 0; f < 6; f++) {
      // Mirrored in x: +X and -X swap, and every face's columns reverse.
      const src = faces[l]![f === 0 ? 1 : f === 1 ? 0 : f]!;
      for (let y = 0; y < s; y++) {
        for (let x = 0; x < s; x++, i++) {
          const k = (y * s + (s - 1 - x)) * 4;
          toRgbe(src[k]!, src[k + 1]!, src[k + 2]!, rgbe);
          planes[0]![i] = rgbe[0]!; planes[1]![i] = rgbe[1]!; planes[2]![i] = rgbe[2]!; planes[3]![i] = rgbe[3]!;
        }
      }
    }
  }
  for (const plane of planes) for (let j = plane.length - 1; j > 0; j--) plane[j] = (plane[j]! - plane[j - 1]!) & 255;
  return out;
}

/** Unpacks to half-float RGBA per level and face (`levels[level][face]`), ready for a cube texture upload. */
export function unpackEnvironment(bytes: Uint8Array): { size: number; levels: Uint16Array[][] } {
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  if (header.getUint32(0, true) !== MAGIC || header.getUint32(4, true) !== VERSION) throw new Error('Not a baked environment (or another version)');
  const size = header.getUint32(8, true);
  const levelCount = header.getUint32(12, true);
  const count = envTexelCount(size, levelCount);
  if (bytes.length < HEADER_BYTES + 4 * count) throw new Error('Baked environment is truncated');
  const planes = [0, 1, 2, 3].map((p) => bytes.slice(HEADER_BYTES + p * count, HEADER_BYTES + (p + 1) * count));
  for (const plane of planes) for (let j = 1; j < plane.length; j++) plane[j] = (plane[j]! + plane[j - 1]!) & 255;
  const [r, g, b, e] = planes as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  // half(m · 2^(E-136)) for every mantissa m and exponent E: two table reads per channel.
  const scale = new Float32Array(256);
  for (let x = 1; x < 256; x++) scale[x] = 2 ** (x - 136);
  const half = halfOf;
  const ONE = 0x3c00;
  const levels: Uint16Array[][] = [];
  let i = 0;
  for (let l = 0; l < levelCount; l++) {
    const s = size >> l;
    const faces: Uint16Array[] = [];
    for (let f = 0; f < 6; f++) {
      const data = new Uint16Array(s * s * 4);
      for (let k = 0; k < data.length; k += 4, i++) {
        const m = scale[e[i]!]!;
        data[k] = half(r[i]! * m); data[k + 1] = half(g[i]! * m); data[k + 2] = half(b[i]! * m); data[k + 3] = ONE;
      }
      faces.push(data);
    }
    levels.push(faces);
  }
  return { size, levels };
}

function toRgbe(r: number, g: number, b: number, out: Uint8Array): void {
  const m = Math.max(r, g, b);
  if (!(m > 1e-32)) { out[0] = out[1] = out[2] = out[3] = 0; return; }
  // m = f · 2^e with f in [0.5, 1): the largest channel keeps 8 significant bits.
  const e = Math.floor(Math.log2(m)) + 1;
  const k = 256 / 2 ** e;
  out[0] = Math.min(255, Math.round(Math.max(0, r) * k));
  out[1] = Math.min(255, Math.round(Math.max(0, g) * k));
  out[2] = Math.min(255, Math.round(Math.max(0, b) * k));
  out[3] = e + 128;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** IEEE half of a non-negative float (round to nearest; overflow to the largest finite half). */
function halfOf(v: number): number {
  f32[0] = v;
  const x = u32[0]!;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  const mant = x & 0x7fffff;
  if (exp <= 0) {
    if (exp < -10) return 0;
    const m = (mant | 0x800000) >>> (1 - exp);
    return (m + 0x1000) >>> 13;
  }
  if (exp >= 31) return 0x7bff;
  const h = (exp << 10) | (mant >>> 13);
  return h + ((mant >>> 12) & 1);
}
