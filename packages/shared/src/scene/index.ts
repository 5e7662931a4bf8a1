export * from './primitives.ts';
export * from './units.ts';
export * from './levels.ts';
export * from './items.ts';
export * from './document.ts';
export * from './limits.ts';
export * from './migrations.ts';
export * from './unsafeLinks.ts';
