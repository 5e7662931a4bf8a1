import { describe, expect, it } from 'vitest';
import { articlePath, splitByHeadings, wasUpdated } from './format.ts';

describe('resources format helpers', () => {
  it('splits article HTML before each h2, keeping an intro without a heading', () => {
    const html = '<p>Intro</p>\n<h2 id="a">A</h2>\n<p>one</p>\n<h3 id="a1">A1</h3><h2 id="b">B</h2><p>two</p>';
    expect(splitByHeadings(html)).toEqual(['<p>Intro</p>\n', '<h2 id="a">A</h2>\n<p>one</p>\n<h3 id="a1">A1</h3>', '<h2 id="b">B</h2><p>two</p>']);
    expect(splitByHeadings('<h2>Only</h2>')).toEqual(['<h2>Only</h2>']);
    // An <h2x> lookalike or a heading word in text does not split.
    expect(splitByHeadings('<p>see h2</p><h2x>no</h2x>')).toHaveLength(1);
  });

  it("shows 'Updated on' only for an update a day or more after publication", () => {
    expect(wasUpdated('2026-09-01T10:00:00Z', '2026-09-01T18:00:00Z')).toBe(false);
    expect(wasUpdated('2026-09-01T10:00:00Z', '2026-09-02T10:00:00Z')).toBe(true);
    expect(wasUpdated(null, '2026-09-02T10:00:00Z')).toBe(false);
  });

  it('links each kind to its page; the white paper has one page', () => {
    expect(articlePath({ kind: 'guide', slug: 'x' })).toBe('/resources/guides/x');
    expect(articlePath({ kind: 'blog', slug: 'y' })).toBe('/resources/blog/y');
    expect(articlePath({ kind: 'whitepaper', slug: 'z' })).toBe('/resources/whitepaper');
  });
});
