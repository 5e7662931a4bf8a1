export * from './kinds.ts';
export * from './schema.ts';
