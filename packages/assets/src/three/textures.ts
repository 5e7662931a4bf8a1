import { CanvasTexture, LinearMipmapLinearFilter, RepeatWrapping, SRGBColorSpace, type Texture } from 'three';
import { getMaterial } from '../materials/index.ts';
import { paintPattern, type PixelImage } from '../textures/index.ts';

export const TEXTURE_SIZE = 512;

const cache = new Map<string, CanvasTexture>();

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

/** OffscreenCanvas where it exists (workers, modern browsers), otherwise a DOM canvas; null in Node. */
function makeCanvas(size: number): AnyCanvas | null {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size, size);
  if (typeof document !== 'undefined') {
    const c = document.createElement('canvas');
    c.width = c.height = size;
    return c;
  }
  return null;
}

export function imageToCanvas(img: PixelImage): AnyCanvas | null {
  const canvas = makeCanvas(img.width);
  const ctx = canvas?.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;
  if (!canvas || !ctx) return null;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(img.data), img.width, img.height), 0, 0);
  return canvas;
}

/**
 * The pattern texture for a material id, painted once and shared (cached per id). One texture tile
 * covers `repeatMeters`, given surfaces with world-metre UVs (as the room builder makes). Returns
 * null for plain materials and where no canvas exists (Node, tests).
 */
export function getMaterialTexture(materialId: string): CanvasTexture | null {
  const cached = cache.get(materialId);
  if (cached) return cached;
  const def = getMaterial(materialId);
  if (!def?.pattern) return null;
  const canvas = imageToCanvas(paintPattern(def.pattern, TEXTURE_SIZE));
  if (!canvas) return null;
  const tex = new CanvasTexture(canvas as HTMLCanvasElement);
  tex.colorSpace = SRGBColorSpace;
  tex.wrapS = tex.wrapT = RepeatWrapping;
  tex.repeat.set(1 / def.repeatMeters, 1 / def.repeatMeters);
  tex.generateMipmaps = true;
  tex.minFilter = LinearMipmapLinearFilter;
  tex.anisotropy = 4;
  tex.name = `atrium:${materialId}`;
  cache.set(materialId, tex);
  return tex;
}

/** Frees every cached texture (call when the engine tears down its renderer). */
export function disposeMaterialTextures(): void {
  cache.forEach((t: Texture) => t.dispose());
  cache.clear();
}
