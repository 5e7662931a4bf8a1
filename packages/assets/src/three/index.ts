// Browser/engine-only builders: everything here needs three.js. Pure data lives in ../index.ts.
export { TEXTURE_SIZE, bakedTextureUrl, getMaterialTexture, loadMaterialTexture, disposeMaterialTextures, imageToCanvas } from './textures.ts';
export { createMaterial, type MaterialOptions } from './materials.ts';
export { applySky, createSkyDome, createSkyLights, createSkyTexture, loadSkyTexture, skyTextureFromImage, skyTextureWidth, type AppliedSky } from './sky.ts';
export { loadBundledHdri, HDRI_FILES } from './hdri.ts';
export { BAKED_ENVIRONMENTS } from './bakedEnvironments.ts';
export { bakedArtworkUrl } from './artworks.ts';
export { buildProp, buildPropFromRecipe, measureProp, type BuildPropOptions } from './props.ts';
export { applyMetreUVs, bakedPartGeometry, partGeometry, partMatrix } from './geometry.ts';
