export * from './walls.ts';
export * from './floors.ts';
export * from './stairs.ts';
export * from './level.ts';
export * from './uv.ts';
