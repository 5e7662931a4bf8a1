import { DataTexture, Material, SRGBColorSpace, type Mesh, type MeshStandardMaterial, type Object3D } from 'three';

/**
 * One white texel. As a colour map it multiplies by one (as a pattern's bump stand-in its height
 * never changes, so the normal stays the surface's own): nothing drawn changes, but the material
 * takes the same shader program as its textured neighbours.
 */
export const NEUTRAL_TEXTURE = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
NEUTRAL_TEXTURE.colorSpace = SRGBColorSpace;
NEUTRAL_TEXTURE.name = 'neutral-texel';
// Nearest, unmipmapped (DataTexture's defaults): exact for one texel, and the cheapest sample a
// software rasterizer can take for the surfaces that gained a texture read.
NEUTRAL_TEXTURE.needsUpdate = true;

// Materials that keep three's own cache key method have no shader edits of their own.
const DEFAULT_CACHE_KEY = Material.prototype.customProgramCacheKey;

/**
 * Puts the standard and basic materials under `root` on as few shader programs as possible: each
 * gets a colour map (the neutral texel where it has none). three.js makes one program per
 * combination of maps, so "plain colour" and "pattern" were two programs, times instanced or not,
 * times sides: of about 20 for a furnished space, a third only told plain from patterned. Without
 * KHR_parallel_shader_compile (SwiftShader, some mobile GPUs) programs compile one after another
 * before the first frame and while the space loads, and a software rasterizer pays again on each
 * program's first draw; the texel costs plain surfaces one nearest-filtered read per pixel. Bump
 * maps are not added: their three reads and derivatives per pixel would cost every frame more
 * than the one program they save. Materials with their own shader edits (`onBeforeCompile` with a
 * custom cache key), physical ones and vertex-coloured ones are left as they are.
 */
export function shareProgram(root: Object3D): void {
  root.traverse((o) => {
    const material = (o as Mesh).material as Material | Material[] | undefined;
    if (!material) return;
    for (const m of Array.isArray(material) ? material : [material]) neutralMap(m);
  });
}

/** See `shareProgram`. */
function neutralMap(m: Material): void {
  if (m.vertexColors || m.customProgramCacheKey !== DEFAULT_CACHE_KEY) return;
  if (m.type !== 'MeshStandardMaterial' && m.type !== 'MeshBasicMaterial') return;
  const s = m as MeshStandardMaterial;
  if (s.map) return;
  s.map = NEUTRAL_TEXTURE;
  s.needsUpdate = true;
}

/** Whether `texture` is the stand-in (exporters leave it out: it carries no image). */
export function isNeutral(texture: unknown): boolean {
  return texture === NEUTRAL_TEXTURE;
}
