import type { Language } from '@atrium/shared/i18n/languages';
import { api, call } from '../api/client.ts';

export const saveUserLanguage = (language: Language) => call(api.PATCH('/api/settings/my', { body: { language } }));
