export * from './limits.ts';
export * from './emotes.ts';
export * from './avatar.ts';
export * from './protocol.ts';
export * from './chat.ts';
