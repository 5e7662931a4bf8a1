import {
  BackSide, Color, DataTexture, DirectionalLight, EquirectangularReflectionMapping, FloatType, HemisphereLight,
  LinearFilter, LinearSRGBColorSpace, Mesh, MeshBasicMaterial, PMREMGenerator, RGBAFormat, SphereGeometry,
  type Scene, type Texture, type WebGLRenderer, type WebGLRenderTarget,
} from 'three';
import { getSky, paintSky, sunDirection, type SkyDefinition, type SkyImage } from '../skies/index.ts';
import { loadBundledHdri } from './hdri.ts';

/** How wide a gradient sky is painted: night skies are wider so single-pixel stars stay points. */
export const skyTextureWidth = (sky: SkyDefinition): number => (sky.stars ? 2048 : 512);

/** A gradient sky as a linear HDR equirect texture: usable as scene.background and PMREM input. */
export function createSkyTexture(sky: SkyDefinition, width = skyTextureWidth(sky)): DataTexture {
  return skyTextureFromImage(sky, paintSky(sky, width));
}

/** The texture for a sky image painted elsewhere (the engine paints in a worker). */
export function skyTextureFromImage(sky: SkyDefinition, img: SkyImage): DataTexture {
  const tex = new DataTexture(img.data, img.width, img.height, RGBAFormat, FloatType);
  tex.mapping = EquirectangularReflectionMapping;
  tex.colorSpace = LinearSRGBColorSpace;
  tex.magFilter = tex.minFilter = LinearFilter;
  tex.needsUpdate = true;
  tex.name = `sky:${sky.id}`;
  return tex;
}

/** A large inside-out sphere showing a sky texture, for renderers that want a mesh rather than scene.background. */
export function createSkyDome(texture: Texture, radius = 900): Mesh {
  const mesh = new Mesh(new SphereGeometry(radius, 48, 24), new MeshBasicMaterial({ map: texture, side: BackSide, depthWrite: false, fog: false }));
  mesh.name = 'sky-dome';
  mesh.frustumCulled = false;
  mesh.renderOrder = -1;
  return mesh;
}

/** Sun and fill lights matching a sky's numbers. Position the sun's shadow camera as the scene needs. */
export function createSkyLights(sky: SkyDefinition): { sun: DirectionalLight; hemisphere: HemisphereLight } {
  const sun = new DirectionalLight(new Color(sky.sunColor), sky.sunIntensity);
  const [x, y, z] = sunDirection({ ...sky, sunElevation: Math.max(sky.sunElevation, 8) });
  sun.position.set(x * 30, y * 30, z * 30);
  sun.name = 'sun';
  const hemisphere = new HemisphereLight(new Color(sky.top), new Color(sky.bottom), sky.ambient);
  hemisphere.name = 'sky-fill';
  return { sun, hemisphere };
}

/** The background texture for any library sky: painted for gradients, loaded lazily for HDRIs. */
export async function loadSkyTexture(sky: SkyDefinition): Promise<Texture> {
  if (sky.kind === 'hdri' && sky.hdri) {
    try {
      return await loadBundledHdri(sky.hdri.file);
    } catch {
      // A missing chunk (offline, stale deploy) should still give a sky, not a black void.
    }
  }
  return createSkyTexture(sky);
}

export interface AppliedSky { sky: SkyDefinition; background: Texture; environment: WebGLRenderTarget; dispose(): void }

/**
 * Sets scene.background and scene.environment (prefiltered with PMREM) from a library sky id.
 * Returns handles so the caller can dispose them on sky change.
 */
export async function applySky(renderer: WebGLRenderer, scene: Scene, skyId: string): Promise<AppliedSky> {
  const sky = getSky(skyId) ?? getSky('noon')!;
  const background = await loadSkyTexture(sky);
  const pmrem = new PMREMGenerator(renderer);
  const environment = pmrem.fromEquirectangular(background);
  pmrem.dispose();
  scene.background = background;
  scene.environment = environment.texture;
  return {
    sky, background, environment,
    dispose() {
      background.dispose();
      environment.dispose();
    },
  };
}
