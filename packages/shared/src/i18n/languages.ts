// No zod here: the web's first load imports this file.

/** Interface languages (issue 17): English plus one complete second language. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language names itself, so a reader who does not understand the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** A template for a message that takes arguments: one string, or the plural forms picked by `count`. */
export type MessageTemplate = string | { one: string; other: string };

/**
 * `msg` in another language, key for key (a missing or extra key is a type error). A function message
 * becomes an i18next template: its arguments are {{p0}}, {{p1}}… in order, and `count` is the first
 * numeric argument, which picks { one, other } plural forms.
 */
export type MessageCatalogue<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: never[]) => string
      ? MessageTemplate
      : MessageCatalogue<T[K]>;
};

/**
 * Cookie the web's language switcher sets (besides localStorage), so pages the server renders itself (the
 * sign-in pages) and content it serves read in the chosen language before any script runs.
 */
export const LANGUAGE_COOKIE = 'atrium_language';

/** The best interface language of an Accept-Language header (q-values honoured, `fr-CA` counts as `fr`), if any. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((r) => r.base).find(isLanguage);
}

/** The language cookie's value in a Cookie header, when it names a known language. */
export function languageFromCookie(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === LANGUAGE_COOKIE) {
      const v = part.slice(at + 1).trim();
      if (isLanguage(v)) return v;
    }
  }
  return undefined;
}

/**
 * The language of a request the server answers itself: the signed-in person's saved language, else the
 * switcher's cookie, else the browser's Accept-Language, else English.
 */
export function requestLanguage(o: { saved?: string | null; cookie?: string; acceptLanguage?: string }): Language {
  if (isLanguage(o.saved)) return o.saved;
  return languageFromCookie(o.cookie) ?? languageFromAcceptLanguage(o.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * Fills a catalogue template with a function message's arguments: {{p0}}, {{p1}}… in order, {{count}} the
 * first number, which also picks the plural form (French and English: "one" for 0–1 in French, 1 in English).
 */
export function fillTemplate(lng: Language, template: MessageTemplate, ...args: (string | number)[]): string {
  const count = args.find((a): a is number => typeof a === 'number');
  const one = count !== undefined && (lng === 'fr' ? Math.abs(count) < 2 : count === 1);
  const text = typeof template === 'string' ? template : one ? template.one : template.other;
  return text.replace(/\{\{\s*(p\d+|count)\s*(?:,\s*number\s*)?\}\}/g, (_m, name: string) => {
    const v = name === 'count' ? count : args[Number(name.slice(1))];
    return v === undefined ? '' : typeof v === 'number' ? v.toLocaleString(lng) : v;
  });
}
