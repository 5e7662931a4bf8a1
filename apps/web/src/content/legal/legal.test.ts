import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, DEFAULT_LANGUAGE } from '@atrium/shared/i18n/languages';

// Issue 17: the legal documents exist in every interface language, with the same structure as the English
// (same number of sections, same internal links), so a French reader misses no clause and no link.

const dir = import.meta.dirname;
const docs = fs.readdirSync(dir).filter((f) => f.endsWith('.md'));
const read = (...p: string[]) => fs.readFileSync(path.join(dir, ...p), 'utf8');
const headings = (md: string, level: string) => md.split('\n').filter((l) => l.startsWith(`${level} `));
const links = (md: string) => [...md.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]).sort();
const tableRows = (md: string) => md.split('\n').filter((l) => l.startsWith('|')).length;
const listItems = (md: string) => md.split('\n').filter((l) => /^(- |\d+\. )/.test(l)).length;

describe('legal documents in every language', () => {
  it('finds the English documents', () => {
    expect(docs.sort()).toEqual(['data-processing.md', 'privacy-notice.md', 'professional-services.md', 'refund-policy.md', 'security.md', 'terms-of-service.md']);
  });

  for (const lng of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    for (const doc of docs) {
      it(`${lng}/${doc} translates ${doc} clause for clause`, () => {
        const file = path.join(dir, lng, doc);
        expect(fs.existsSync(file), `${lng}/${doc} is missing`).toBe(true);
        const en = read(doc);
        const tr = read(lng, doc);
        expect(headings(tr, '#')).toHaveLength(1);
        expect(headings(tr, '##')).toHaveLength(headings(en, '##').length);
        expect(links(tr)).toEqual(links(en));
        expect(tableRows(tr)).toBe(tableRows(en));
        expect(listItems(tr)).toBe(listItems(en));
        // Translated, not copied: at most a few section titles read the same (cognates: Cookies, Infrastructure).
        const same = headings(en, '##').filter((h) => tr.includes(h));
        expect(same.length, same.join(', ')).toBeLessThanOrEqual(Math.floor(headings(en, '##').length / 4));
        if (lng === 'fr') expect(tr).toContain('_Dernière mise à jour');
        expect(headings(tr, '#')[0]).not.toBe(headings(en, '#')[0]);
      });
    }
  }
});
