import type { PropCategory, PropRecipe } from '@atrium/assets';

/** Lower case without accents, so "lampe" or "chaise" typed with or without accents still match. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The props library's filter: one category (or all), and every word of the query in the prop's
 * title, tags or category — in English, or in the translated category name the UI shows (`localCategory`).
 */
export function searchProps(
  props: readonly PropRecipe[],
  query: string,
  category: PropCategory | null,
  localCategory: (c: PropCategory) => string = (c) => c,
): PropRecipe[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return props.filter((p) => {
    if (category && p.category !== category) return false;
    const text = fold(`${p.title} ${p.tags.join(' ')} ${p.category} ${localCategory(p.category)}`);
    return words.every((w) => text.includes(w));
  });
}

/** The categories that hold at least one prop, in the library's order. */
export function propCategoriesOf(props: readonly PropRecipe[], order: readonly PropCategory[]): PropCategory[] {
  const used = new Set(props.map((p) => p.category));
  return order.filter((c) => used.has(c));
}
