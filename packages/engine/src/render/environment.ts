import { Color, Mesh, MeshStandardMaterial, PlaneGeometry, type Box3, type Scene, type Texture, type WebGLRenderTarget, type WebGLRenderer } from 'three';
import { skyFromUri } from '@atrium/assets';
import { applySky, type AppliedSky } from '@atrium/assets/three';
import type { SceneDocument } from '@atrium/shared';
import { AmbientPlayer } from '../audio/ambient.ts';
import { disposeObject } from '../core/dispose.ts';
import type { QualitySettings } from '../core/quality.ts';
import type { ProgressTracker } from '../loading/progress.ts';
import { Lighting, isDarkSky } from './lighting.ts';
import { grassTexture } from './procedural.ts';
import { createGradientSky, loadHdrSky, proceduralEnvironment } from './sky.ts';
import { Terrain } from './terrain.ts';

const GROUND_SIZE_M = 400;

export interface EnvironmentOptions {
  renderer: WebGLRenderer;
  scene: Scene;
  tracker: ProgressTracker;
  resolveUri(uri: string): string;
  error(message: string, cause: unknown): void;
}

/**
 * Everything around the building: the sky (gradient, HDR file or library sky with its reflection
 * environment), sun and fill lights matched to it, the ground and its terrain look, and the
 * ambient sound bed.
 */
export class Environment {
  readonly ground: Mesh;
  readonly ambient: AmbientPlayer;
  readonly lighting = new Lighting();
  #o: EnvironmentOptions;
  #terrain: Terrain;
  #sky: Mesh;
  #env: WebGLRenderTarget | null = null;
  /** The gradient sky's PMREM, kept for the engine's life: scenes without a sky fall back to it. */
  #proceduralEnv: WebGLRenderTarget;
  #hdrBackground: Texture | null = null;
  #librarySky: AppliedSky | null = null;

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
    this.#terrain = new Terrain(this.ground, GROUND_SIZE_M);
    this.ambient = new AmbientPlayer({ resolveUri: options.resolveUri });
    scene.add(this.#sky, this.lighting.root, this.ground);
    this.#proceduralEnv = proceduralEnvironment(renderer, this.#sky);
    scene.environment = this.#proceduralEnv.texture;
    scene.environmentIntensity = 0.6;
    scene.background = new Color('#cfe3f5');
  }

  applyQuality(q: QualitySettings): void {
    this.lighting.apply(this.#o.renderer, q);
  }

  /** Shadow camera and sun framing for the building's bounds. */
  fit(bounds: Box3): void {
    this.lighting.fit(bounds);
  }

  /** Terrain and ambient sound: cheap, so applied at once and again on every environment edit. */
  applySurroundings(doc: SceneDocument): void {
    this.#terrain.apply(doc.customSpace?.terrainUri);
    this.ambient.set(doc.customSpace?.ambientSoundUri);
  }

  /** Which terrain and ambient sound are in effect (for tests and the demo page). */
  describe(): { terrain: string; ambientSoundUri: string | null; ambientLevel: number } {
    return { terrain: this.#terrain.current, ambientSoundUri: this.ambient.uri, ambientLevel: this.ambient.level };
  }

  /** Shows the document's sky; `current()` turns false when a newer load made this one stale. */
  async applySky(doc: SceneDocument, current: () => boolean): Promise<void> {
    const { scene, renderer, tracker } = this.#o;
    const uri = doc.customSpace?.skyUri;
    this.#sky.visible = true;
    scene.background = null;
    scene.environment = this.#proceduralEnv.texture;
    this.lighting.useSky(null);
    if (!uri) return;
    const library = skyFromUri(uri);
    if (library) return this.#applyLibrarySky(library.id, current);
    const report = tracker.request();
    try {
      const { background, environment } = await loadHdrSky(renderer, this.#o.resolveUri(uri), report);
      if (!current()) { background.dispose(); environment.dispose(); return; }
      this.#env?.dispose();
      this.#env = environment;
      this.#hdrBackground = background;
      scene.environment = environment.texture;
      scene.background = background;
      this.#sky.visible = false;
    } catch (err) {
      console.warn('[engine] sky failed to load; keeping the procedural sky', err);
      this.#o.error('Failed to load sky', err);
    }
  }

  /** `atrium:sky/<id>`: painted or bundled-HDRI sky from the assets library, lights matched to it. */
  async #applyLibrarySky(skyId: string, current: () => boolean): Promise<void> {
    const { scene, renderer, tracker } = this.#o;
    tracker.addItems(1);
    try {
      const applied = await applySky(renderer, scene, skyId);
      if (!current()) { applied.dispose(); return; }
      this.#librarySky?.dispose();
      this.#librarySky = applied;
      this.#sky.visible = false;
      this.lighting.useSky(applied.sky);
      // Stars stay in the background, but reflections and bounce come from the daylight gradient.
      if (isDarkSky(applied.sky)) scene.environment = this.#proceduralEnv.texture;
    } catch (err) {
      console.warn('[engine] library sky failed; keeping the procedural sky', err);
      this.#o.error('Failed to load sky', err);
    } finally {
      tracker.itemDone();
    }
  }

  /** Drops the loaded sky (a new document is coming). */
  clear(): void {
    this.#hdrBackground?.dispose();
    this.#hdrBackground = null;
    this.#librarySky?.dispose();
    this.#librarySky = null;
  }

  dispose(): void {
    this.clear();
    this.ambient.dispose();
    this.#terrain.dispose();
    disposeObject(this.#sky);
    disposeObject(this.ground);
    this.#env?.dispose();
    this.#proceduralEnv.dispose();
  }
}
