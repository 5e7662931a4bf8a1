import { describe, expect, it } from 'vitest';
import { fillTemplate, languageFromAcceptLanguage, languageFromCookie, requestLanguage } from './languages.ts';

describe('request language', () => {
  it('reads Accept-Language by q-value, regions counting as their language', () => {
    expect(languageFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8,fr;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('fr;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('de, es')).toBeUndefined();
    expect(languageFromAcceptLanguage('')).toBeUndefined();
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
  });

  it('reads only a known language from the cookie', () => {
    expect(languageFromCookie('a=b; atrium_language=fr; c=d')).toBe('fr');
    expect(languageFromCookie('atrium_language=<script>')).toBeUndefined();
    expect(languageFromCookie('xatrium_language=fr')).toBeUndefined();
  });

  it('saved language, then cookie, then Accept-Language, then English', () => {
    expect(requestLanguage({ saved: 'fr', cookie: 'atrium_language=en', acceptLanguage: 'en' })).toBe('fr');
    expect(requestLanguage({ saved: 'klingon', cookie: 'atrium_language=en', acceptLanguage: 'fr' })).toBe('en');
    expect(requestLanguage({ saved: null, acceptLanguage: 'fr' })).toBe('fr');
    expect(requestLanguage({})).toBe('en');
  });

  it('fills templates with arguments and French plural rules', () => {
    expect(fillTemplate('fr', { one: '{{count}} clé', other: '{{count}} clés' }, 1)).toBe('1 clé');
    expect(fillTemplate('fr', { one: '{{count}} clé', other: '{{count}} clés' }, 0)).toBe('0 clé');
    expect(fillTemplate('fr', { one: '{{count}} clé', other: '{{count}} clés' }, 3)).toBe('3 clés');
    expect(fillTemplate('fr', 'au moins {{p0}} caractères', 8)).toBe('au moins 8 caractères');
    expect(fillTemplate('fr', 'max {{p0, number}} Mo', 5000)).toMatch(/^max 5\s000 Mo$/);
  });
});
