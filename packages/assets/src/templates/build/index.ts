export * from './types.ts';
export * from './openings.ts';
export * from './room.ts';
export * from './draft.ts';
export * from './stairs.ts';
