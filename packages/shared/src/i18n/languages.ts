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
