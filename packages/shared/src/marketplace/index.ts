export * from './schema.ts';
export * from './catalogue.ts';
export * from './payments.ts';
export * from './cards.ts';
