// Pure data: no three.js, no DOM. Safe for the server seed and for tests. Browser builders: ./three.
export * from './materials/index.ts';
export * from './skies/index.ts';
export * from './props/index.ts';
export * from './artworks/index.ts';
export * from './templates/index.ts';
export * from './environment/index.ts';
export * from './sounds/index.ts';
export { paintPattern, type PixelImage } from './textures/index.ts';
