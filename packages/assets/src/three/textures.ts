import { CanvasTexture, LinearMipmapLinearFilter, RepeatWrapping, SRGBColorSpace, Texture } from 'three';
import { getMaterial, type SurfaceMaterial } from '../materials/index.ts';
import { paintPattern, type PixelImage } from '../textures/index.ts';
import { BAKED_TEXTURES } from './bakedTextures.ts';

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
  const tex = libraryTexture(new CanvasTexture(canvas as HTMLCanvasElement), def);
  cache.set(materialId, tex);
  return tex;
}

/** A library texture's sampling: colour space, tiling at the material's real size, mipmaps. */
function libraryTexture<T extends Texture>(tex: T, def: SurfaceMaterial): T {
  tex.colorSpace = SRGBColorSpace;
  tex.wrapS = tex.wrapT = RepeatWrapping;
  tex.repeat.set(1 / def.repeatMeters, 1 / def.repeatMeters);
  tex.generateMipmaps = true;
  tex.minFilter = LinearMipmapLinearFilter;
  tex.anisotropy = 4;
  tex.name = `atrium:${def.id}`;
  return tex;
}

const baked = new Map<string, Promise<Texture | null>>();

/** The URL of a material's baked pattern texture (`npm run bake`), if it has one. */
export function bakedTextureUrl(materialId: string): string | undefined {
  return BAKED_TEXTURES[materialId];
}

/**
 * The pattern texture for a material id from its baked file: downloaded (an immutable, shared
 * file) and decoded off the main thread, once per id, shared like `getMaterialTexture`'s. Where no
 * file exists or it fails to load, the pattern is painted here instead. Null for plain materials.
 */
export function loadMaterialTexture(materialId: string): Promise<Texture | null> {
  let texture = baked.get(materialId);
  if (!texture) {
    texture = fetchBaked(materialId).catch((err: unknown) => {
      console.warn(`[assets] baked texture for "${materialId}" failed; painting it`, err);
      return getMaterialTexture(materialId);
    });
    baked.set(materialId, texture);
  }
  return texture;
}

async function fetchBaked(materialId: string): Promise<Texture | null> {
  const def = getMaterial(materialId);
  if (!def?.pattern) return null;
  const url = BAKED_TEXTURES[materialId];
  if (!url || typeof createImageBitmap === 'undefined' || typeof fetch === 'undefined') return getMaterialTexture(materialId);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  // Flipped at decode as a canvas upload would be (WebGL ignores UNPACK_FLIP_Y for ImageBitmap).
  const bitmap = await createImageBitmap(await res.blob(), { imageOrientation: 'flipY', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  const tex = libraryTexture(new Texture(bitmap), def);
  tex.flipY = false;
  tex.needsUpdate = true;
  return tex;
}

/** Frees every cached texture (call when the engine tears down its renderer). */
export function disposeMaterialTextures(): void {
  cache.forEach((t: Texture) => t.dispose());
  cache.clear();
  baked.forEach((t) => void t.then((x) => x?.dispose()));
  baked.clear();
}
