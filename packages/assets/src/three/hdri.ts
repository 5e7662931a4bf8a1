import { EquirectangularReflectionMapping, type DataTexture } from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';

// One dynamic import per file: bundlers emit each HDRI (~150-250 kB of base64) as its own chunk
// that is fetched only when a scene actually uses that sky.
const HDRI_MODULES: Record<string, () => Promise<{ default: string }>> = {
  studio: () => import('@pmndrs/assets/hdri/studio.exr.js'),
  apartment: () => import('@pmndrs/assets/hdri/apartment.exr.js'),
  park: () => import('@pmndrs/assets/hdri/park.exr.js'),
  sunset: () => import('@pmndrs/assets/hdri/sunset.exr.js'),
};

export const HDRI_FILES = Object.keys(HDRI_MODULES);

/** Loads a bundled HDRI by file name as an equirectangular float texture. */
export async function loadBundledHdri(file: string): Promise<DataTexture> {
  const load = HDRI_MODULES[file];
  if (!load) throw new Error(`Unknown bundled HDRI "${file}"`);
  const url = (await load()).default;
  const tex = await new EXRLoader().loadAsync(url);
  tex.mapping = EquirectangularReflectionMapping;
  tex.name = `hdri:${file}`;
  return tex;
}
