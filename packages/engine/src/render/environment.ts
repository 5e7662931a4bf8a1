import { Color, Mesh, MeshStandardMaterial, PlaneGeometry, type Box3, type Scene, type Texture, type WebGLRenderer } from 'three';
import { skyFromUri, type SkyDefinition } from '@atrium/assets';
import { BAKED_ENVIRONMENTS } from '@atrium/assets/three';
import type { SceneDocument } from '@atrium/shared';
import { AmbientPlayer } from '../audio/ambient.ts';
import { disposeObject } from '../core/dispose.ts';
import type { QualitySettings } from '../core/quality.ts';
import type { ProgressTracker } from '../loading/progress.ts';
import { loadBakedEnvironment } from './bakedEnvironment.ts';
import { clearCubeTarget, EnvironmentMaps, type EnvironmentMap } from './envMaps.ts';
import { Lighting, isDarkSky } from './lighting.ts';
import { grassTexture } from './procedural.ts';
import { createGradientSky, gradientEnvironmentScene, loadHdrTexture } from './sky.ts';
import { librarySkyTexture } from './skyPainter.ts';
import { Terrain } from './terrain.ts';

const GROUND_SIZE_M = 400;
/** The engine's own daylight gradient: its reflections serve scenes without a sky, and night skies. */
const GRADIENT = 'gradient';

export interface EnvironmentOptions {
  renderer: WebGLRenderer;
  scene: Scene;
  tracker: ProgressTracker;
  resolveUri(uri: string): string;
  error(message: string, cause: unknown): void;
}

/**
 * Everything around the building: the sky (the engine's gradient, an HDR file or a library sky),
 * its prefiltered reflection environment, sun and fill lights matched to it, the ground and its
 * terrain look, and the ambient sound bed. Environments are made only for the sky a document
 * shows and kept per sky (`EnvironmentMaps`), as are sky images; nothing is made up front.
 */
export class Environment {
  readonly ground: Mesh;
  readonly ambient: AmbientPlayer;
  readonly lighting = new Lighting();
  readonly maps: EnvironmentMaps;
  #o: EnvironmentOptions;
  #terrain: Terrain;
  #sky: Mesh;
  /** Sky images by key, kept for the engine's life like their environments; `#ready` once decoded. */
  #backgrounds = new Map<string, Promise<Texture>>();
  #ready = new Map<string, Texture>();
  /** Environment keys with a baked file this browser can load. */
  #bakedKeys: Set<string>;

  constructor(options: EnvironmentOptions) {
    this.#o = options;
    const { scene, renderer } = options;
    this.#sky = createGradientSky();
    const grass = grassTexture();
    grass.repeat.set(100, 100);
    this.ground = new Mesh(new PlaneGeometry(GROUND_SIZE_M, GROUND_SIZE_M), new MeshStandardMaterial({ color: '#ffffff', map: grass, roughness: 1 }));
    this.ground.rotation.x = -Math.PI / 2;
    this.ground.position.y = -0.02;
    this.ground.receiveShadow = true;
    this.ground.name = 'ground';
    this.ground.userData.collisions = 'Precise';
    this.#terrain = new Terrain(this.ground, GROUND_SIZE_M, (texture) => {
      options.tracker.addItems(1);
      void texture.finally(() => options.tracker.itemDone());
    });
    this.ambient = new AmbientPlayer({ resolveUri: options.resolveUri });
    scene.add(this.#sky, this.lighting.root, this.ground);
    const canLoad = typeof fetch !== 'undefined' && typeof DecompressionStream !== 'undefined';
    this.#bakedKeys = new Set(canLoad ? Object.keys(BAKED_ENVIRONMENTS) : []);
    this.maps = EnvironmentMaps.forRenderer(renderer, (key) => (this.#bakedKeys.has(key) ? loadBakedEnvironment(BAKED_ENVIRONMENTS[key]!) : null));
    this.#showPlaceholder(null);
    scene.environmentIntensity = 0.6;
    scene.background = null;
  }

  applyQuality(q: QualitySettings): void {
    this.lighting.apply(this.#o.renderer, q);
  }

  /** Shadow camera and sun framing for the building's bounds. */
  fit(bounds: Box3): void {
    this.lighting.fit(bounds);
  }

  /** Terrain and ambient sound (and with `sky`, `prepareSky`): cheap, so applied at once and again on every environment edit. */
  applySurroundings(doc: SceneDocument, sky = false): void {
    this.#terrain.apply(doc.customSpace?.terrainUri);
    this.ambient.set(doc.customSpace?.ambientSoundUri);
    if (sky) this.prepareSky(doc);
  }

  /** Which terrain and ambient sound are in effect (for tests and the demo page). */
  describe(): { terrain: string; ambientSoundUri: string | null; ambientLevel: number } {
    return { terrain: this.#terrain.current, ambientSoundUri: this.ambient.uri, ambientLevel: this.ambient.level };
  }

  /**
   * What can be shown at once for the document's sky, before anything is painted or downloaded:
   * its lights, and its environment if this engine made it before, else a flat stand-in of the
   * same size (so materials compile now with the program they keep). `applySky` brings the rest.
   * A sky seen before in this engine shows at once, environment and image.
   */
  prepareSky(doc: SceneDocument): void {
    const { scene } = this.#o;
    const uri = doc.customSpace?.skyUri;
    const library = skyFromUri(uri);
    this.lighting.useSky(library ?? null);
    const envKey = uri ? environmentKey(uri, library) : GRADIENT;
    const known = this.maps.get(envKey);
    if (known) scene.environment = known.texture;
    else {
      this.#showPlaceholder(library ?? null);
      void this.maps.baked(envKey); // downloads and decodes while the space loads
    }
    const background = uri ? this.#ready.get(backgroundKey(uri, library)) : undefined;
    // A day sky that comes baked shows as its stand-in environment (its mean colour) until it
    // arrives: the background program compiled now is the one the baked sky uses, so the frame
    // that shows the sky compiles nothing.
    const standIn = !background && !known && library && bakedSky(library) && this.#bakedKeys.has(envKey) ? this.maps.placeholder().texture : null;
    this.#sky.visible = !background && !standIn;
    scene.background = background ?? standIn;
  }

  /** An edit chose another sky: its lights (and anything cached) at once, the rest as it comes. */
  changeSky(doc: SceneDocument): void {
    this.prepareSky(doc);
    void this.applySky(doc, () => true);
  }

  /**
   * Shows the document's sky; `current()` turns false when a newer load made this one stale. The
   * sky counts as one item of load progress from the call; its image starts at once, and what the
   * GPU does with it (upload, PMREM) once `after` settles (the load's first frame goes first).
   */
  async applySky(doc: SceneDocument, current: () => boolean, after?: Promise<unknown>): Promise<void> {
    const { scene, tracker } = this.#o;
    const uri = doc.customSpace?.skyUri;
    const library = skyFromUri(uri);
    tracker.addItems(1);
    const report = uri && !library ? tracker.request() : undefined;
    try {
      // The image starts at once (a worker paints, or the file downloads); the GPU work waits for `after`.
      const background = uri ? this.#background(uri, library, report) : undefined;
      await after;
      if (!current()) return;
      if (!uri || !background) {
        const env = await this.#environment(GRADIENT);
        if (current()) scene.environment = env.texture;
        return;
      }
      const texture = await background;
      if (!current()) return;
      // Night skies keep their stars in the background; reflections and bounce come from the daylight gradient.
      const env = await this.#environment(environmentKey(uri, library), texture);
      if (!current()) return;
      scene.environment = env.texture;
      scene.background = texture;
      this.#sky.visible = false;
    } catch (err) {
      console.warn('[engine] sky failed to load; keeping the procedural sky', err);
      this.#o.error('Failed to load sky', err);
      if (current()) { this.#sky.visible = true; scene.background = null; scene.environment = this.#gradientEnvironment(); }
    } finally {
      tracker.itemDone();
    }
  }

  /** A sky's image, loaded once per engine. */
  #background(uri: string, library: SkyDefinition | undefined, report?: (loaded: number, total: number) => void): Promise<Texture> {
    const key = backgroundKey(uri, library);
    let background = this.#backgrounds.get(key);
    if (!background) {
      background = library ? this.#librarySky(library) : loadHdrTexture(this.#o.resolveUri(uri), report);
      this.#backgrounds.set(key, background);
      background.then((t) => this.#ready.set(key, t), () => this.#backgrounds.delete(key));
    }
    return background;
  }

  /**
   * A library sky's image. A day gradient sky's baked environment is its background too: the
   * environment's sharpest level is that sky as the 256 px cube its painted image would be turned
   * into, so nothing is painted, uploaded or converted. Night skies (stars) and HDRIs bring their own image.
   */
  async #librarySky(sky: SkyDefinition): Promise<Texture> {
    if (bakedSky(sky)) {
      const baked = await this.maps.baked(`sky:${sky.id}`);
      if (baked) return baked.texture;
    }
    return librarySkyTexture(sky);
  }

  /** A sky's environment: baked (`npm run bake`) where the library has it, else prefiltered here from its image. */
  async #environment(key: string, image?: Texture): Promise<EnvironmentMap> {
    const baked = await this.maps.baked(key);
    if (baked) return baked;
    return key === GRADIENT || !image ? this.maps.fromScene(GRADIENT, gradientEnvironmentScene(this.#sky)) : this.maps.fromEquirect(key, image);
  }

  #gradientEnvironment(): Texture {
    return (this.maps.get(GRADIENT) ?? this.maps.fromScene(GRADIENT, gradientEnvironmentScene(this.#sky))).texture;
  }

  /** The flat stand-in environment, in the sky's mean colour (the gradient's without a library sky). */
  #showPlaceholder(sky: SkyDefinition | null): void {
    const { renderer, scene } = this.#o;
    const color = sky && !isDarkSky(sky)
      ? new Color(sky.top).lerp(new Color(sky.horizon), 0.6).lerp(new Color(sky.bottom), 0.25)
      : new Color('#9fbfe0').lerp(new Color('#7d8a70'), 0.25);
    const target = this.maps.placeholder();
    clearCubeTarget(renderer, target, target.texture.mipmaps.length, color);
    scene.environment = target.texture;
  }

  dispose(): void {
    this.ambient.dispose();
    this.#terrain.dispose();
    disposeObject(this.#sky);
    disposeObject(this.ground);
    this.maps.dispose();
    for (const background of this.#backgrounds.values()) void background.then((t) => t.dispose(), () => {});
    this.#backgrounds.clear();
    this.#ready.clear();
  }
}

/** A day gradient sky: its baked environment is also its background (see `#librarySky`). */
function bakedSky(sky: SkyDefinition): boolean {
  return sky.kind === 'gradient' && !isDarkSky(sky);
}

function backgroundKey(uri: string, library: SkyDefinition | undefined): string {
  return library ? `sky:${library.id}` : `hdr:${uri}`;
}

/** Which prefiltered environment a sky URI lights the scene with (night skies use the daylight gradient's). */
export function environmentKey(uri: string, library: SkyDefinition | undefined): string {
  if (!library) return `hdr:${uri}`;
  return isDarkSky(library) ? GRADIENT : `sky:${library.id}`;
}
