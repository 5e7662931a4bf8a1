export * from './rules.ts';
export * from './schema.ts';
export * from './pages.ts';
export * from './requests.ts';
