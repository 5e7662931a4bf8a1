import { api, call } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';

// The home page opts out of the TanStack Query provider to stay small, so its one read is a plain call.
// In the interface language: each FAQ comes in it where it has a version in it, else in English.
export const fetchFaqs = () => call(api.GET('/api/faqs', { params: { query: { lang: currentLanguage() } } }));
