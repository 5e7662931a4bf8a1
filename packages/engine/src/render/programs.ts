import { DataTexture, LinearFilter, LinearMipmapLinearFilter, Material, RepeatWrapping, SRGBColorSpace, type Mesh, type MeshStandardMaterial, type Object3D } from 'three';

/**
 * One white texel. As a colour map it multiplies by one; as a bump map its height never changes,
 * so the bump gradient is zero and the normal stays the surface's own. Either way nothing drawn
 * changes, but the material takes the same shader program as its textured neighbours.
 */
export const NEUTRAL_TEXTURE = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
NEUTRAL_TEXTURE.colorSpace = SRGBColorSpace;
NEUTRAL_TEXTURE.name = 'neutral-texel';
// Sampled like the library patterns that replace it (tiled, filtered, mipmapped): a software
// rasterizer specialises its sampling code per sampler state, so the code made for the first,
// untextured frame is the code the textured frames use.
NEUTRAL_TEXTURE.wrapS = NEUTRAL_TEXTURE.wrapT = RepeatWrapping;
NEUTRAL_TEXTURE.magFilter = LinearFilter;
NEUTRAL_TEXTURE.minFilter = LinearMipmapLinearFilter;
NEUTRAL_TEXTURE.generateMipmaps = true;
NEUTRAL_TEXTURE.needsUpdate = true;

// Materials that keep three's own cache key method have no shader edits of their own.
const DEFAULT_CACHE_KEY = Material.prototype.customProgramCacheKey;

/**
 * Puts the standard and basic materials under `root` on as few shader programs as possible: every
 * standard material gets a colour and a bump map (the neutral texel where it has none) and every
 * basic one a colour map. three.js makes one program per combination of maps, so "plain colour",
 * "pattern" and "pattern with relief" were three programs (times instanced or not, times sides),
 * about 20 for a furnished space. Without KHR_parallel_shader_compile (SwiftShader, some mobile
 * GPUs) they compile one after another before the first frame and again while the space loads,
 * and a software rasterizer pays once more on each program's first draw; the neutral texel costs
 * one cached texture read per pixel. Materials with their own shader edits (`onBeforeCompile` with
 * a custom cache key), physical ones and vertex-coloured ones are left as they are.
 */
export function shareProgram(root: Object3D): void {
  root.traverse((o) => {
    const material = (o as Mesh).material as Material | Material[] | undefined;
    if (!material) return;
    for (const m of Array.isArray(material) ? material : [material]) neutralMaps(m);
  });
}

/** See `shareProgram`; exported for materials made outside a scene subtree (ground, terrain). */
export function neutralMaps(m: Material): void {
  if (m.vertexColors || m.customProgramCacheKey !== DEFAULT_CACHE_KEY) return;
  const s = m as MeshStandardMaterial;
  const standard = m.type === 'MeshStandardMaterial';
  if (!standard && m.type !== 'MeshBasicMaterial') return;
  const missing = !s.map || (standard && !s.bumpMap);
  s.map ??= NEUTRAL_TEXTURE;
  if (standard) s.bumpMap ??= NEUTRAL_TEXTURE;
  if (missing) s.needsUpdate = true;
}

/** Whether `texture` is the stand-in (exporters leave it out: it carries no image). */
export function isNeutral(texture: unknown): boolean {
  return texture === NEUTRAL_TEXTURE;
}
