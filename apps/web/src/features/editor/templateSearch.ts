import type { SpaceTemplate, SpaceTemplateFamily } from '@atrium/assets';

/** Words that ask for a size rather than for text ("large" must not find "the large size adds…"). */
const SIZE_WORDS: Record<string, 'S' | 'M' | 'L'> = { s: 'S', small: 'S', m: 'M', medium: 'M', l: 'L', large: 'L' };

/** Lower case without accents, so "musee" finds "Musée". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The template picker's search: a size word or letter (S, small, M, medium, L, large) keeps that size;
 * every other word must appear in the family's title or description, or in the template's title, tier
 * or area ("120"). An empty query keeps every family with all its sizes; a family with no matching
 * size is left out.
 */
export function searchTemplates(families: readonly SpaceTemplateFamily[], query: string): { family: SpaceTemplateFamily; templates: SpaceTemplate[] }[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const sizes = new Set(words.flatMap((w) => (SIZE_WORDS[w] ? [SIZE_WORDS[w]] : [])));
  const terms = words.filter((w) => !SIZE_WORDS[w]);
  const out: { family: SpaceTemplateFamily; templates: SpaceTemplate[] }[] = [];
  for (const family of families) {
    const familyText = fold(`${family.title} ${family.description}`);
    const templates = family.templates.filter((tpl) => {
      if (sizes.size && !sizes.has(tpl.size)) return false;
      const text = `${familyText} ${fold(tpl.title)} ${tpl.tier.toLowerCase()} ${tpl.areaM2}`;
      return terms.every((w) => text.includes(w));
    });
    if (templates.length) out.push({ family, templates });
  }
  return out;
}
