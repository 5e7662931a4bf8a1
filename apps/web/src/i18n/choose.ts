import type { Language } from '@atrium/shared/i18n/languages';
import { setLanguage } from './index.ts';

/**
 * A person picks a language (header, drawer, settings): it applies at once, stays on this browser, and
 * for a signed-in person is stored on the account so it follows them to the next visit anywhere.
 */
export async function chooseLanguage(lng: Language, signedIn: boolean): Promise<void> {
  await setLanguage(lng);
  // The API client stays out of the first load; only a signed-in choice needs it.
  if (signedIn) await import('./saveUserLanguage.ts').then((m) => m.saveUserLanguage(lng));
}
