import { hexToRgb } from '../textures/color.ts';
import { seededRandom } from '../textures/random.ts';
import { fbm } from '../textures/noise.ts';
import type { SkyDefinition } from './types.ts';

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
};
const lin = (hex: string) => hexToRgb(hex).map(toLinear) as [number, number, number];

/** Unit direction of the sun: azimuth clockwise from -Z (north), elevation above the horizon. */
export function sunDirection(sky: Pick<SkyDefinition, 'sunElevation' | 'sunAzimuth'>): [number, number, number] {
  const el = (sky.sunElevation * Math.PI) / 180, az = (sky.sunAzimuth * Math.PI) / 180;
  return [Math.sin(az) * Math.cos(el), Math.sin(el), -Math.cos(az) * Math.cos(el)];
}

export interface SkyImage { width: number; height: number; /** linear RGBA floats, HDR (sun > 1) */ data: Float32Array }

/**
 * Paints an equirectangular, linear-light HDR image of a gradient sky: zenith/horizon/ground
 * blend, sun disc and glow brighter than 1 (so PMREM gives real highlights), optional soft
 * clouds and stars. Pure, so it runs in tests and could bake thumbnails server-side.
 */
export function paintSky(sky: SkyDefinition, width = 512, height = width / 2): SkyImage {
  const top = lin(sky.top), hor = lin(sky.horizon), bot = lin(sky.bottom), sun = lin(sky.sunColor);
  const [sx, sy, sz] = sunDirection(sky);
  const data = new Float32Array(width * height * 4);
  const rand = seededRandom(99);
  const sunUp = sky.sunElevation > -2 && !sky.stars;
  for (let j = 0; j < height; j++) {
    // three's equirect lookup is v = asin(dir.y) / π + 0.5 and DataTextures are not flipped,
    // so row 0 is straight down and the last row straight up.
    const y = Math.sin(((j + 0.5) / height - 0.5) * Math.PI);
    const r = Math.sqrt(Math.max(0, 1 - y * y));
    for (let i = 0; i < width; i++) {
      // ...and u = atan(dir.z, dir.x) / 2π + 0.5.
      const a = ((i + 0.5) / width - 0.5) * Math.PI * 2;
      const x = Math.cos(a) * r, z = Math.sin(a) * r;
      let c: number[];
      if (y >= 0) {
        const t = Math.pow(y, 0.55);
        c = [0, 1, 2].map((k) => hor[k]! + (top[k]! - hor[k]!) * t);
        if (sky.clouds) {
          const n = fbm(i / width, j / height, 8, 4, 7, 5);
          const cover = Math.max(0, n - (1 - sky.clouds * 0.6)) * 3 * Math.min(1, y * 6);
          const bright = 0.9 + 0.3 * Math.max(0, sy);
          c = c.map((v, k) => v + (Math.max(hor[k]!, 0.6) * bright - v) * Math.min(1, cover));
        }
      } else {
        c = [0, 1, 2].map((k) => bot[k]! + (hor[k]! - bot[k]!) * Math.exp(y * 14));
      }
      const cos = x * sx + y * sy + z * sz;
      if (sunUp && cos > 0) {
        const glow = Math.pow(cos, 8) * 0.35 + Math.pow(cos, 64) * 0.8;
        const disc = cos > 0.9994 ? 40 * sky.sunIntensity : 0;
        c = c.map((v, k) => v + sun[k]! * (glow + disc));
      }
      // Stars are single pixels: kept dim so a magnified background shows points, not blobs.
      if (sky.stars && y > 0.05 && rand() > 0.997) {
        const b = 0.3 + rand() * rand() * 1.6;
        c = c.map((v) => v + b * sky.stars!);
      }
      const o = (j * width + i) * 4;
      data[o] = c[0]!;
      data[o + 1] = c[1]!;
      data[o + 2] = c[2]!;
      data[o + 3] = 1;
    }
  }
  return { width, height, data };
}
