import { useEffect } from 'react';
import type { Language } from '@atrium/shared/i18n/languages';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';

// Once per page load: a later change in this tab is the person's own choice and must not be undone by
// a profile fetched before it was saved.
let applied = false;

/** A signed-in person's stored language wins over this browser's, so it follows them between devices. */
export function useAccountLanguage(language: Language | null): void {
  useEffect(() => {
    if (applied || !language) return;
    applied = true;
    if (language !== currentLanguage()) void setLanguage(language);
  }, [language]);
}
