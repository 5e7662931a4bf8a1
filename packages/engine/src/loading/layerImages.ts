// Three-free, so the picture worker and the main thread make a layer's images the same way.
import type { LayerImage } from './pictureLayers.ts';

/** A raster picture decoded stretched to a `size`×`size` layer (the plane restores the aspect) and flipped for WebGL. */
export function layerBitmap(buf: ArrayBuffer, size: number): Promise<ImageBitmap> {
  return createImageBitmap(new Blob([buf]), { imageOrientation: 'flipY', resizeWidth: size, resizeHeight: size, resizeQuality: 'high' });
}

/**
 * `image` (`size`×`size`) and its mip levels below it, each half the one before down to 1 px, made
 * by the browser's image scaler (off the GPU): a texture-array page then needs no `generateMipmap`.
 * Each level is exactly half the one before, so the scaler's bilinear filter ('low') samples the
 * centre of every 2×2 block: the box filter mipmaps are made with. 'medium' builds a mip pyramid of
 * its own for every call first: 3x the main-thread time for the same pixels (about 100 ms for the
 * demo gallery's 10 pictures under SwiftShader).
 */
export async function withMipChain(image: LayerImage): Promise<LayerImage[]> {
  const levels: LayerImage[] = [image];
  for (let s = Math.floor(image.width / 2); s >= 1; s = Math.floor(s / 2)) {
    levels.push(await createImageBitmap(levels.at(-1)!, { resizeWidth: s, resizeHeight: s, resizeQuality: 'low' }));
  }
  return levels;
}
