import type { Rgb } from './color.ts';

/** An RGBA8 pixel buffer, the format canvas ImageData and sharp both accept. */
export interface PixelImage { width: number; height: number; data: Uint8ClampedArray }

export function createImage(width: number, height = width): PixelImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** Calls `paint(x, y)` for every pixel and stores its colour, fully opaque. */
export function fillPixels(img: PixelImage, paint: (x: number, y: number) => Rgb): PixelImage {
  const { width, height, data } = img;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = paint(x, y);
      const i = (y * width + x) * 4;
      data[i] = c[0];
      data[i + 1] = c[1];
      data[i + 2] = c[2];
      data[i + 3] = 255;
    }
  }
  return img;
}
