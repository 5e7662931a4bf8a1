import type { Texture, WebGLRenderer } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { bakedArtworkUrl } from '@atrium/assets/three';
import { QUALITY, anisotropyFor, type FilteringMode, type QualityPreset } from '../core/quality.ts';
import type { EngineTexts } from '../core/options.ts';
import type { ItemContext } from '../items/context.ts';
import type { ProgressTracker } from './progress.ts';
import { PictureLayers, type LayerImage } from './pictureLayers.ts';
import { PictureDecoder } from './pictureDecoder.ts';
import { withMipChain } from './layerImages.ts';
import { cpuCanvas, loadTexture, placeholderTexture } from './textures.ts';

export interface AssetLoaderOptions {
  renderer: WebGLRenderer;
  tracker: ProgressTracker;
  resolveUri(uri: string): string;
  /** Current quality and filtering: textures are capped and filtered to them. */
  settings(): { quality: QualityPreset; filtering: FilteringMode };
  transcoderPath?: string | undefined;
  texts?: (() => EngineTexts) | undefined;
  warn(message: string, itemId: string, cause?: unknown): void;
}

/**
 * A picture's layer edge: half the preset's texture cap, at most 1024 px. Pictures hang metres
 * away; 200 distinct images at 512 px (Medium) are 280 MB less than at their full size each.
 */
export function pictureLayerSize(maxTextureSize: number): number {
  return Math.max(128, Math.min(1024, maxTextureSize / 2));
}

/**
 * Where item builders get their textures and models: textures capped to the quality preset and
 * filtered to the filtering setting (kept, so a new setting reaches them), one glTF loader with
 * Meshopt and KTX2, and the item context that hands these to builders.
 */
export class AssetLoader {
  #o: AssetLoaderOptions;
  #textures = new Set<Texture>();
  #gltf: GLTFLoader | null = null;
  #decoder = new PictureDecoder();
  /** Picture images of the loaded document, one texture-array layer each. */
  readonly pictureLayers: PictureLayers;

  constructor(options: AssetLoaderOptions) {
    this.#o = options;
    this.pictureLayers = new PictureLayers({
      layerSize: () => pictureLayerSize(Math.min(QUALITY[options.settings().quality].maxTextureSize, options.renderer.capabilities.maxTextureSize)),
      decode: (uri, size) => this.#decodePicture(uri, size),
      failed: (size) => {
        const placeholder = placeholderTexture(options.texts?.().failedToLoadImage).image as HTMLCanvasElement;
        return withMipChain(cpuCanvas(size, (g) => g.drawImage(placeholder, 0, 0, size, size)));
      },
    });
    // Its script loads while the document is fetched and parsed, not when the first picture asks.
    this.#decoder.warm();
  }

  /**
   * A built-in artwork (an SVG data URL) draws from its baked WebP, decoded off the main thread;
   * rasterising the SVG needs the main thread, which a loading space's frames are waiting on. Should
   * the file fail, the SVG itself.
   */
  async #decodePicture(uri: string, size: number): Promise<LayerImage[]> {
    const { tracker, resolveUri } = this.#o;
    const baked = bakedArtworkUrl(uri);
    if (baked) {
      try {
        return await this.#decoder.decode(baked, tracker, size);
      } catch (err) {
        console.warn('[engine] baked artwork failed to load; drawing its SVG', err);
      }
    }
    return this.#decoder.decode(resolveUri(uri), tracker, size);
  }

  context(): ItemContext {
    const { tracker, resolveUri, warn } = this.#o;
    return {
      tracker,
      resolveUri,
      loadTexture: async (u) => {
        const { quality } = this.#o.settings();
        const tex = await loadTexture(resolveUri(u), tracker, {
          maxSize: Math.min(QUALITY[quality].maxTextureSize, this.#o.renderer.capabilities.maxTextureSize),
          anisotropy: this.anisotropy(),
        });
        this.#textures.add(tex);
        return tex;
      },
      pictureLayers: this.pictureLayers,
      gltf: () => this.#gltfLoader(),
      warn: (message, itemId, cause) => {
        console.warn(`[engine] ${message} (${itemId})`, cause ?? '');
        warn(message, itemId, cause);
      },
      animate: () => {},
      canUseDom: true,
      texts: this.#o.texts,
    };
  }

  /** The anisotropy the filtering setting asks for, within what the GPU offers. */
  anisotropy(): number {
    return anisotropyFor(this.#o.settings().filtering, this.#o.renderer.capabilities.getMaxAnisotropy());
  }

  /** Applies the current filtering to every texture loaded so far. */
  refilter(): void {
    const a = this.anisotropy();
    for (const t of this.#textures) { t.anisotropy = a; t.needsUpdate = true; }
  }

  /** Registers fonts with the page; one that fails is skipped with a warning. */
  async loadFonts(fonts: readonly { family: string; uri: string }[]): Promise<void> {
    if (!fonts.length || typeof FontFace === 'undefined') return;
    await Promise.all(fonts.map(async (f) => {
      try {
        const face = await new FontFace(f.family, `url(${this.#o.resolveUri(f.uri)})`).load();
        (document.fonts as unknown as { add(f: FontFace): void }).add(face);
      } catch (err) {
        console.warn(`[engine] font ${f.family} failed to load`, err);
      }
    }));
  }

  clear(): void {
    this.#textures.clear();
    this.pictureLayers.clear();
  }

  dispose(): void {
    this.clear();
    this.#decoder.dispose();
  }

  #gltfLoader(): GLTFLoader {
    if (this.#gltf) return this.#gltf;
    const ktx2 = new KTX2Loader().setTranscoderPath(this.#o.transcoderPath ?? '/engine/basis/').detectSupport(this.#o.renderer);
    this.#gltf = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).setKTX2Loader(ktx2);
    return this.#gltf;
  }
}
