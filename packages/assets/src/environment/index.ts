export * from './terrains.ts';
export * from './themes.ts';
