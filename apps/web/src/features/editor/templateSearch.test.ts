import { describe, expect, it } from 'vitest';
import { templateFamilies } from '@atrium/assets';
import { searchTemplates } from './templateSearch.ts';

const ids = (q: string) => searchTemplates(templateFamilies, q).flatMap((r) => r.templates.map((t) => t.spaceTemplateId));

describe('template picker search', () => {
  it('an empty query lists every family with all its sizes (S, M and L)', () => {
    const all = searchTemplates(templateFamilies, '  ');
    expect(all).toHaveLength(templateFamilies.length);
    for (const r of all) expect(r.templates.map((t) => t.size)).toEqual(r.family.templates.map((t) => t.size));
    expect(ids('')).toContain('gallery-l');
    expect(ids('').length).toBe(templateFamilies.flatMap((f) => f.templates).length);
  });

  it('finds families by title words, without case or accents, and narrows by size word or letter', () => {
    expect(ids('WHITE Cube')).toEqual(['gallery-s', 'gallery-m', 'gallery-l']);
    expect(ids('cube large')).toEqual(['gallery-l']);
    expect(ids('Cube L')).toEqual(['gallery-l']);
    // Descriptions count too: "gallery" finds the families that describe one.
    expect(ids('gallery')).toEqual(expect.arrayContaining(['gallery-m', 'museum-hall-m', 'classroom-l']));
    expect(ids('plaza fontaine')).toEqual([]);
    expect(ids('plaza fountain m')).toEqual(['outdoor-plaza-m']);
  });

  it('finds nothing for words no template has', () => {
    expect(searchTemplates(templateFamilies, 'submarine volcano')).toEqual([]);
  });
});
