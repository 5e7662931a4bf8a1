import type { PlacedItem } from '@atrium/shared';

type List = readonly PlacedItem[];

/**
 * id → position per item list, so commands find an item without scanning thousands of others.
 * Lists are immutable; a list derived by replacing items in place or appending (the common edits)
 * shares its parent's index and adds its new ids. An index may therefore describe several lists: a
 * slot is trusted only after checking the id is really there, and an id the index has never seen is
 * in none of them (every derived list registers its ids).
 */
const indexes = new WeakMap<List, Map<string, number>>();

function build(list: List): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < list.length; i++) index.set(list[i]!.id, i);
  indexes.set(list, index);
  return index;
}

/** Position of `id` in `list`, or -1. */
export function indexOfItem(list: List, id: string): number {
  const index = indexes.get(list) ?? build(list);
  const i = index.get(id);
  if (i === undefined) return -1;
  if (list[i]?.id === id) return i;
  // The slot belongs to another list sharing the index (an id re-added elsewhere): look it up.
  const found = list.findIndex((item) => item.id === id);
  if (found >= 0) index.set(id, found);
  return found;
}

/** `list` with the item at `i` replaced; the index carries over (same ids at the same places). */
export function replaceAt(list: List, i: number, item: PlacedItem): PlacedItem[] {
  const next = list.slice();
  next[i] = item;
  const index = indexes.get(list);
  if (index && item.id === list[i]!.id) indexes.set(next, index);
  return next;
}

/** `list` with items appended; the index carries over and learns the new ids. */
export function append(list: List, items: readonly PlacedItem[]): PlacedItem[] {
  const next = [...list, ...items];
  const index = indexes.get(list);
  if (index) {
    for (let i = list.length; i < next.length; i++) index.set(next[i]!.id, i);
    indexes.set(next, index);
  }
  return next;
}

/** `list` without its last `count` items; every remaining id keeps its place, so the index carries over. */
export function dropLast(list: List, count: number): PlacedItem[] {
  const next = list.slice(0, list.length - count);
  const index = indexes.get(list);
  if (index) indexes.set(next, index);
  return next;
}
