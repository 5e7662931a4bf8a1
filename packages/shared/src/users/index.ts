export * from './roles.ts';
export * from './limits.ts';
export * from './schema.ts';
