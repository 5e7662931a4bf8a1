import {
  HalfFloatType, LinearMipmapLinearFilter, LinearSRGBColorSpace, PMREMGenerator, WebGLCubeRenderTarget,
  type Color, type Scene, type Texture, type WebGLRenderer, type WebGLRenderTarget,
} from 'three';

/** Face size of every prefiltered environment: one size means one shader program per material, whatever the sky. */
export const ENV_SIZE = 256;
/** Blur of the gradient sky scene before prefiltering (radians). */
export const GRADIENT_SIGMA = 0.02;
/** The coarsest mip three's PMREM keeps (its LOD_MIN): a face of 8 px. */
const LOD_MIN = 3;

/** A prefiltered environment the cache holds: a PMREM render target, or a baked cube texture. */
export interface EnvironmentMap {
  readonly texture: Texture;
  dispose(): void;
}

/** Downloads and decodes a baked environment (`npm run bake`) for a key, or null when there is none. */
export type BakedLoader = (key: string) => Promise<Texture | null> | null;

/** The part of three's PMREMGenerator the cache uses (a stand-in in unit tests). */
export interface Prefilter {
  fromEquirectangular(texture: Texture): WebGLRenderTarget;
  fromScene(scene: Scene, sigma: number, near: number, far: number, options: { size: number }): WebGLRenderTarget;
  dispose(): void;
}

/**
 * Prefiltered reflection environments (PMREM), made once per sky and kept for the engine's life:
 * loading another space under the same sky, or coming back to one, reuses the environment instead
 * of prefiltering again. Keys name the sky (`sky:noon`, `gradient`, `hdr:<url>`). The library's
 * skies and the gradient come baked (`npm run bake`: the same prefilter run at build time), so a
 * page downloads them instead of prefiltering; uploads and anything whose baked file fails are
 * prefiltered here. One generator serves every sky, so its shaders compile once.
 */
export class EnvironmentMaps {
  #make: () => Prefilter;
  #bake: BakedLoader;
  #generator: Prefilter | null = null;
  #maps = new Map<string, EnvironmentMap>();
  #baked = new Map<string, Promise<EnvironmentMap | null>>();
  #placeholder: WebGLCubeRenderTarget | null = null;
  /** Bumped by dispose, so a download that lands afterwards is dropped rather than kept. */
  #generation = 0;
  /** Prefilter runs, for tests. */
  made = 0;

  constructor(make: () => Prefilter, bake: BakedLoader = () => null) {
    this.#make = make;
    this.#bake = bake;
  }

  static forRenderer(renderer: WebGLRenderer, bake?: BakedLoader): EnvironmentMaps {
    return new EnvironmentMaps(() => new PMREMGenerator(renderer) as unknown as Prefilter, bake);
  }

  has(key: string): boolean { return this.#maps.has(key); }
  get(key: string): EnvironmentMap | undefined { return this.#maps.get(key); }

  /**
   * The baked environment of a key, downloading it on the first call (call early: it decodes off
   * the main thread while the space loads). Null when the key has none or its file failed, and the
   * caller prefilters instead.
   */
  baked(key: string): Promise<EnvironmentMap | null> {
    const known = this.#maps.get(key);
    if (known) return Promise.resolve(known);
    let pending = this.#baked.get(key);
    if (!pending) {
      const load = this.#bake(key);
      const generation = this.#generation;
      pending = load
        ? load.then((texture) => {
          if (!texture) return null;
          if (generation !== this.#generation) { texture.dispose(); return null; }
          const map = this.#maps.get(key) ?? { texture, dispose: () => texture.dispose() };
          this.#maps.set(key, map);
          return map;
        }, (err: unknown) => {
          console.warn(`[engine] baked environment ${key} failed; prefiltering it`, err);
          return null;
        })
        : Promise.resolve(null);
      this.#baked.set(key, pending);
    }
    return pending;
  }

  /** The environment of an equirectangular sky image, prefiltered on first use. */
  fromEquirect(key: string, texture: Texture): EnvironmentMap {
    return this.#remember(key, () => this.#generator!.fromEquirectangular(texture));
  }

  /** The environment of a scene (the gradient sky mesh), prefiltered on first use. */
  fromScene(key: string, scene: Scene): EnvironmentMap {
    return this.#remember(key, () => this.#generator!.fromScene(scene, GRADIENT_SIGMA, 0.1, 100, { size: ENV_SIZE }));
  }

  /**
   * A flat environment of the same size and mip chain as a prefiltered one, shown until the sky's
   * arrives: materials compile once, with the program the real environment uses, and swapping it
   * in later changes a texture only. `paint(target)` fills it (a clear per face and level).
   */
  placeholder(paint?: (target: WebGLCubeRenderTarget, levels: number) => void): WebGLCubeRenderTarget {
    if (this.#placeholder) return this.#placeholder;
    const target = new WebGLCubeRenderTarget(ENV_SIZE, {
      minFilter: LinearMipmapLinearFilter, generateMipmaps: false, type: HalfFloatType, colorSpace: LinearSRGBColorSpace, depthBuffer: false,
    });
    const levels = Math.log2(ENV_SIZE) - LOD_MIN + 1;
    for (let lod = 0; lod < levels; lod++) target.texture.mipmaps.push({ width: ENV_SIZE >> lod, height: ENV_SIZE >> lod } as never);
    target.texture.name = 'PMREM:placeholder';
    target.texture.isPMREMTexture = true;
    paint?.(target, levels);
    return (this.#placeholder = target);
  }

  #remember(key: string, make: () => WebGLRenderTarget): EnvironmentMap {
    const known = this.#maps.get(key);
    if (known) return known;
    this.#generator ??= this.#make();
    const target = make();
    this.made++;
    this.#maps.set(key, target);
    return target;
  }

  dispose(): void {
    this.#maps.forEach((t) => t.dispose());
    this.#maps.clear();
    this.#baked.clear();
    this.#generation++;
    this.#placeholder?.dispose();
    this.#placeholder = null;
    this.#generator?.dispose();
    this.#generator = null;
  }
}

/** Clears every face and level of a cube target to one colour (cheap: no shader runs). */
export function clearCubeTarget(renderer: WebGLRenderer, target: WebGLCubeRenderTarget, levels: number, color: Color): void {
  const previous = renderer.getRenderTarget();
  const clear = renderer.getClearColor(color.clone());
  const alpha = renderer.getClearAlpha();
  renderer.setClearColor(color, 1);
  for (let lod = 0; lod < levels; lod++) {
    for (let face = 0; face < 6; face++) {
      renderer.setRenderTarget(target, face, lod);
      renderer.clear(true, false, false);
    }
  }
  renderer.setRenderTarget(previous);
  renderer.setClearColor(clear, alpha);
}
