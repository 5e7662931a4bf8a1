import { describe, expect, it } from 'vitest';
import type { PlacedItem } from '@atrium/shared';
import { append, dropLast, indexOfItem, replaceAt } from './itemIndex.ts';

const item = (id: string, x = 0) => ({ id, position: [x, 0, 0] }) as unknown as PlacedItem;
const ids = (l: readonly PlacedItem[]) => l.map((i) => i.id);

describe('item index', () => {
  it('finds by id in built, replaced, appended and truncated lists', () => {
    const a = [item('a'), item('b'), item('c')];
    expect(indexOfItem(a, 'c')).toBe(2);
    expect(indexOfItem(a, 'zz')).toBe(-1);
    const moved = replaceAt(a, 1, item('b', 5));
    expect(indexOfItem(moved, 'b')).toBe(1);
    expect(moved[1]!.position[0]).toBe(5);
    const longer = append(moved, [item('d')]);
    expect(indexOfItem(longer, 'd')).toBe(3);
    expect(indexOfItem(moved, 'd')).toBe(-1); // the shared index knows d, but this list does not hold it
    const shorter = dropLast(longer, 2);
    expect(ids(shorter)).toEqual(['a', 'b']);
    expect(indexOfItem(shorter, 'c')).toBe(-1);
    expect(indexOfItem(shorter, 'd')).toBe(-1);
  });

  it('stays right when an id comes back at another place in a list sharing the index', () => {
    const base = [item('a')];
    expect(indexOfItem(base, 'a')).toBe(0);
    const withX = append(base, [item('x')]); // x at 1
    const again = append(append(dropLast(withX, 1), [item('b')]), [item('x')]); // x at 2 in this one
    expect(indexOfItem(again, 'x')).toBe(2);
    expect(indexOfItem(withX, 'x')).toBe(1);
    expect(indexOfItem(again, 'x')).toBe(2);
    expect(indexOfItem(withX, 'b')).toBe(-1);
  });

  it('a replacement with another id does not share the index', () => {
    const a = [item('a'), item('b')];
    expect(indexOfItem(a, 'b')).toBe(1);
    const renamed = replaceAt(a, 1, item('q'));
    expect(indexOfItem(renamed, 'q')).toBe(1);
    expect(indexOfItem(renamed, 'b')).toBe(-1);
    expect(indexOfItem(a, 'q')).toBe(-1);
  });
});
