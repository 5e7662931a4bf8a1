/** Readable, collision-free ids for new items, walls and tours. */
export const newId = (prefix: string): string => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
