import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@atrium/shared/i18n/languages';
import { chooseLanguage } from '../i18n/choose.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useSession } from '../auth/useSession.ts';
import classes from './LanguageSwitcher.module.css';

/**
 * Spec §2 profile menu / Settings "Language", also in the header for signed-out visitors. A native
 * select: arrow keys and type-ahead work everywhere and screen readers announce it as a combo box.
 */
export function LanguageSwitcher({ showLabel = false, testId = 'language-switcher' }: { showLabel?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  return (
    <span className={classes.wrap}>
      <label htmlFor={id} className={showLabel ? classes.label : classes.hidden}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={classes.select}
        value={currentLanguage()}
        data-testid={testId}
        onChange={(e) => {
          const lng = e.currentTarget.value;
          if (isLanguage(lng)) void chooseLanguage(lng, session.status === 'signed-in');
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
