export * from './schema.ts';
export * from './explore.ts';
export * from './tags.ts';
export * from './format.ts';
