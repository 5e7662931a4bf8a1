import { CanvasTexture, SRGBColorSpace, Texture, type TextureLoader } from 'three';
import { fetchWithProgress, type ProgressTracker } from './progress.ts';
import type { LayerImage } from './pictureLayers.ts';
import { layerBitmap } from './layerImages.ts';
import { isSvg } from './svg.ts';

export interface TextureOptions { maxSize: number; anisotropy: number }

/**
 * Fetches with byte progress, decodes off the main thread with createImageBitmap and downsizes to
 * the quality preset's texture cap before upload, so Lowest never uploads a 8k photo.
 */
export async function loadTexture(url: string, tracker: ProgressTracker, opts: TextureOptions): Promise<Texture> {
  const buf = await fetchWithProgress(url, tracker.request());
  if (isSvg(buf)) return svgTexture(buf, opts);
  const blob = new Blob([buf]);
  const probe = await createImageBitmap(blob);
  const scale = Math.min(1, opts.maxSize / Math.max(probe.width, probe.height));
  const bitmap = scale < 1
    ? await createImageBitmap(blob, { imageOrientation: 'flipY', resizeWidth: Math.round(probe.width * scale), resizeHeight: Math.round(probe.height * scale), resizeQuality: 'high' })
    : await createImageBitmap(blob, { imageOrientation: 'flipY' });
  probe.close();
  const tex = new Texture(bitmap);
  tex.flipY = false; // already flipped at decode; WebGL ignores UNPACK_FLIP_Y for ImageBitmap
  tex.colorSpace = SRGBColorSpace;
  tex.anisotropy = opts.anisotropy;
  tex.needsUpdate = true;
  return tex;
}

/**
 * A picture image for a texture-array layer: decoded off the main thread (createImageBitmap; SVG
 * through an <img>), stretched to `size`×`size` and flipped for WebGL. The plane restores the aspect.
 * The result is always held in CPU memory: a GPU-backed bitmap (what an accelerated canvas gives)
 * cannot be copied into a texture array on the GPU, so the browser reads it back first, waiting
 * for everything queued on the GPU (about 100 ms per image under SwiftShader).
 */
export async function decodeLayerImage(url: string, tracker: ProgressTracker, size: number): Promise<LayerImage> {
  const buf = await fetchWithProgress(url, tracker.request());
  return isSvg(buf) ? rasteriseSvg(buf, size) : layerBitmap(buf, size);
}

/** An SVG picture at `size`×`size`, flipped for WebGL, through an <img> (createImageBitmap cannot decode SVG). */
export async function rasteriseSvg(buf: ArrayBuffer, size: number): Promise<HTMLCanvasElement> {
  const src = URL.createObjectURL(new Blob([buf], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = src;
    await img.decode();
    return cpuCanvas(size, (g) => g.drawImage(img, 0, 0, size, size));
  } finally {
    URL.revokeObjectURL(src);
  }
}

/**
 * A `size`×`size` canvas painted by `paint`, flipped for WebGL and kept in CPU memory
 * (willReadFrequently), so it uploads into a texture-array layer as it is. Making a bitmap of it
 * first copied every pixel once more on the main thread (9 ms per 1024 px picture here).
 */
export function cpuCanvas(size: number, paint: (g: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = size;
  const g = c.getContext('2d', { willReadFrequently: true })!;
  g.translate(0, size);
  g.scale(1, -1);
  paint(g);
  return c;
}

/**
 * createImageBitmap cannot decode SVG (the built-in artworks are SVG data URLs), so SVG goes
 * through an <img> and is rasterised onto a canvas no larger than the preset's texture cap.
 */
async function svgTexture(buf: ArrayBuffer, opts: TextureOptions): Promise<Texture> {
  const src = URL.createObjectURL(new Blob([buf], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = src;
    await img.decode();
    const w = img.naturalWidth || 1024, h = img.naturalHeight || 1024;
    const scale = Math.min(opts.maxSize, 2048) / Math.max(w, h);
    const c = document.createElement('canvas');
    c.width = Math.max(1, Math.round(w * Math.min(1, scale)));
    c.height = Math.max(1, Math.round(h * Math.min(1, scale)));
    c.getContext('2d')!.drawImage(img, 0, 0, c.width, c.height);
    const tex = new CanvasTexture(c);
    tex.colorSpace = SRGBColorSpace;
    tex.anisotropy = opts.anisotropy;
    return tex;
  } finally {
    URL.revokeObjectURL(src);
  }
}

/** What a failed image shows: obviously a placeholder, never an invisible hole. */
export function placeholderTexture(label = 'Failed to load image'): Texture {
  const c = document.createElement('canvas');
  c.width = 256; c.height = 256;
  const g = c.getContext('2d')!;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) {
    g.fillStyle = (x + y) % 2 ? '#d8d8d8' : '#bdbdbd';
    g.fillRect(x * 32, y * 32, 32, 32);
  }
  g.fillStyle = 'rgba(255,255,255,0.85)';
  g.fillRect(0, 104, 256, 48);
  g.fillStyle = '#c0392b';
  g.font = 'bold 20px sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(label, 128, 128);
  const tex = new CanvasTexture(c);
  tex.colorSpace = SRGBColorSpace;
  return tex;
}

export type { TextureLoader };
