import { describe, expect, it } from 'vitest';
import { msg, msgFr } from '../index.ts';
import { errorCatalogue } from './catalogue.ts';
import { errorMessagesFr, errorTextFr } from './catalogue.fr.ts';

describe('French error catalogue', () => {
  it('has a non-empty French text for every code of the error catalogue', () => {
    const missing = Object.keys(errorCatalogue).filter((code) => {
      const fr = (errorMessagesFr as Record<string, unknown>)[code];
      return typeof fr !== 'string' || fr.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('is French, not the English default copied over', () => {
    const untranslated = Object.entries(errorCatalogue)
      .filter(([code, e]) => errorMessagesFr[code as keyof typeof errorCatalogue] === e.message)
      .map(([code]) => code);
    expect(untranslated).toEqual([]);
  });

  it('a code whose default is a spec message reads as that message’s French', () => {
    expect(errorMessagesFr.EMAIL_TAKEN).toBe(msgFr.user.emailTaken);
    expect(errorMessagesFr.INTERNAL).toBe(msgFr.somethingWentWrong);
  });

  it('errorTextFr: spec message first, then the code, then the text as sent', () => {
    expect(errorTextFr('BAD_REQUEST', msg.user.resetInvalid)).toBe(msgFr.user.resetInvalid);
    expect(errorTextFr('RATE_LIMITED', 'whatever')).toBe('Trop de demandes, veuillez ralentir');
    expect(errorTextFr('NEW_CODE', 'Something new')).toBe('Something new');
  });
});
