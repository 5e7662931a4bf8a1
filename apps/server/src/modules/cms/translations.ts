import { DEFAULT_LANGUAGE, type Language } from '@atrium/shared/i18n/languages';
import type { ContentTranslations } from '@atrium/shared';

/**
 * A content row's texts in `lng` (issue 17): each field from its translation where there is one, else the
 * row's English. `language` says which language the texts are in (English when the row has no version in
 * `lng`), so the staff editor never saves a translation over the English original.
 */
export function localised<F extends string, R extends { readonly [K in F]: string } & { translations: ContentTranslations<F> }>(
  row: R,
  fields: readonly F[],
  lng: Language,
): Omit<R, 'translations'> & { language: Language } {
  const { translations, ...rest } = row;
  const t = lng === DEFAULT_LANGUAGE ? undefined : translations[lng];
  const complete = !!t && fields.every((f) => typeof t[f] === 'string' && t[f].trim() !== '');
  // All fields or none: a question in French above an English answer would read as a mistake.
  const texts = complete ? Object.fromEntries(fields.map((f) => [f, t[f]])) : {};
  return { ...(rest as Omit<R, 'translations'>), ...texts, language: complete ? lng : DEFAULT_LANGUAGE };
}
