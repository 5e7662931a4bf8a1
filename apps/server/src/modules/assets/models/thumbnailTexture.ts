import type { TextureInfo } from '@gltf-transform/core';
import { KHRTextureTransform, type Transform } from '@gltf-transform/extensions';
import sharp, { type OutputInfo } from 'sharp';

/** Enough texels for a 480 px thumbnail, and bounded decoding work for huge textures. */
const MAX_TEXELS_SIDE = 512;

const REPEAT = 10497;
const MIRRORED_REPEAT = 33648;

export interface Sampler {
  /** Nearest texel at (u, v) into `out` as RGBA 0–255. */
  sample(u: number, v: number, out: number[]): void;
  /** The same image read through a material's texture info (wrap modes, KHR_texture_transform). */
  with(info: TextureInfo): Sampler;
}

function wrap(x: number, mode: number): number {
  if (mode === REPEAT) return x - Math.floor(x);
  if (mode === MIRRORED_REPEAT) {
    const f = x - 2 * Math.floor(x / 2);
    return f > 1 ? 2 - f : f;
  }
  return Math.min(1, Math.max(0, x));
}

/**
 * Decodes a texture image for the thumbnail renderer; null when sharp cannot read it (KTX2), so the
 * caller falls back to the material's colour.
 */
export async function sampler(image: Uint8Array | null): Promise<Sampler | null> {
  if (!image) return null;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(image)
      .resize(MAX_TEXELS_SIDE, MAX_TEXELS_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = decoded;
  const { width: w, height: h } = info;
  const make = (wrapS: number, wrapT: number, transform: Transform | null): Sampler => {
    const [ox, oy] = transform?.getOffset() ?? [0, 0];
    const [sx, sy] = transform?.getScale() ?? [1, 1];
    const rot = transform?.getRotation() ?? 0;
    const cos = Math.cos(rot), sin = Math.sin(rot);
    return {
      sample(u, v, out) {
        // KHR_texture_transform: translation · rotation · scale, as three.js applies it.
        const tu = transform ? ox + cos * sx * u + sin * sy * v : u;
        const tv = transform ? oy - sin * sx * u + cos * sy * v : v;
        const x = Math.min(w - 1, Math.floor(wrap(tu, wrapS) * w));
        const y = Math.min(h - 1, Math.floor(wrap(tv, wrapT) * h));
        const o = (y * w + x) * 4;
        out[0] = data[o]!;
        out[1] = data[o + 1]!;
        out[2] = data[o + 2]!;
        out[3] = data[o + 3]!;
      },
      with: (i) => make(i.getWrapS(), i.getWrapT(), i.getExtension<Transform>(KHRTextureTransform.EXTENSION_NAME)),
    };
  };
  return make(REPEAT, REPEAT, null);
}
