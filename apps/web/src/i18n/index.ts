import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '@atrium/shared/i18n/languages';
import { shellMsg } from '@atrium/shared/shellMessages';
import { en } from './en.ts';
import { stringsOf, type Tree } from './msgNamespace.ts';

// English is in the first load; another language's shell and `msg` catalogues load only when chosen
// (feature chunks register their own languages next to their English, see features/*/i18n.ts). Of the
// English `msg` and `errors` namespaces the first load has only the shell's messages (shellMsg.ts): the
// rest (~6 KB gzip) comes with the first chunk that shows one (msg.ts, errorText.ts).
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['translation', 'msg', 'errors'],
  defaultNS: 'translation',
  resources: { en: { translation: en, msg: stringsOf(shellMsg as unknown as Tree), errors: {} } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const LANGUAGE_STORAGE_KEY = 'atrium.language';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ translation: object; msg: object; errors: object }>> = {
  fr: () => import('./fr.ts').then((m) => m.frBundles),
};

/** The language chosen on this browser before (signed out too), else English. */
export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Switches the interface language, remembers it on this browser and tells assistive tech via <html lang>. */
export async function setLanguage(lng: Language): Promise<void> {
  if (lng !== 'en' && !i18n.hasResourceBundle(lng, 'msg')) {
    const b = await loaders[lng]();
    i18n.addResourceBundle(lng, 'translation', b.translation, true, false);
    i18n.addResourceBundle(lng, 'msg', b.msg, true, true);
    i18n.addResourceBundle(lng, 'errors', b.errors, true, true);
  }
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lng;
    // Pages the server renders itself (sign-in, reset) and content it serves read the choice from this cookie.
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Resolves once the stored language is in place; main.tsx renders after it so the first paint is in it. */
export const languageReady: Promise<void> =
  storedLanguage() === DEFAULT_LANGUAGE ? Promise.resolve() : setLanguage(storedLanguage()).catch(() => undefined);

export { i18n };
