import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';

// English only for now; more languages add resources here without touching components.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
