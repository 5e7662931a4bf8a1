import { describe, expect, it } from 'vitest';
import { listProps, PROP_CATEGORIES } from '@atrium/assets';
import { propCategoriesOf, searchProps } from './propSearch.ts';

const ids = (q: string, c: Parameters<typeof searchProps>[2] = null, local?: Parameters<typeof searchProps>[3]) => searchProps(listProps(), q, c, local).map((p) => p.propId);

describe('props library search', () => {
  it('an empty query in All keeps every prop; a category keeps only its own', () => {
    expect(ids('')).toHaveLength(listProps().length);
    const seating = ids('', 'seating');
    expect(seating).toContain('chair-dining');
    expect(seating).not.toContain('table');
    expect(seating.length).toBe(listProps('seating').length);
  });

  it('every word must match the title, a tag or the category, across a category filter', () => {
    expect(ids('chair')).toEqual(expect.arrayContaining(['chair-dining', 'chair-lounge', 'chair-stacking']));
    expect(ids('chair wood')).toContain('chair-dining');
    expect(ids('chair wood')).not.toContain('chair-lounge');
    expect(ids('chair', 'tables')).toEqual([]);
    expect(ids('zzzz-nothing')).toEqual([]);
  });

  it('finds by the translated category name the UI shows', () => {
    const fr = (c: string) => (c === 'plants' ? 'Plantes' : c);
    expect(ids('plantes', null, fr)).toEqual(ids('', 'plants'));
  });

  it('offers only categories that hold props, in the library order', () => {
    const cats = propCategoriesOf(listProps(), PROP_CATEGORIES);
    expect(cats[0]).toBe('seating');
    for (const c of cats) expect(listProps(c).length).toBeGreaterThan(0);
    expect(cats.length).toBe(new Set(listProps().map((p) => p.category)).size);
  });
});
