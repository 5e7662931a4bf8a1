import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, msg as english, msgFr } from '@atrium/shared';
import { errorMessagesFr } from '@atrium/shared/errors/catalogue.fr';
import { toApiError } from '../api/client.ts';
import { errorText } from './errorText.ts';
import { i18n, setLanguage } from './index.ts';

describe('API error texts in the interface language', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('English keeps the server’s own message', async () => {
    await setLanguage('en');
    expect(errorText('NOT_FOUND', 'No space with this id')).toBe('No space with this id');
    expect(toApiError(409, { error: { code: 'EMAIL_TAKEN', message: english.user.emailTaken } }).message).toBe(english.user.emailTaken);
  });

  describe('in French', () => {
    beforeAll(async () => {
      await setLanguage('fr');
    });

    it('shows the French text of the error code', () => {
      const e = toApiError(429, { error: { code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message } });
      expect(e.code).toBe('RATE_LIMITED');
      expect(e.message).toBe(errorMessagesFr.RATE_LIMITED);
      expect(e.message).toBe('Trop de demandes, veuillez ralentir');
    });

    it('a spec message sent under a generic code reads as that message’s French, not the generic code text', () => {
      expect(errorText('BAD_REQUEST', english.user.resetInvalid)).toBe(msgFr.user.resetInvalid);
    });

    it('falls back to the server’s message for a code the catalogue does not know', () => {
      expect(errorText('SOMETHING_NEW', 'A brand new problem')).toBe('A brand new problem');
    });

    it('an answer without the error shape gets the French of its status fallback', () => {
      expect(toApiError(500, 'gateway down').message).toBe(errorMessagesFr.INTERNAL);
      expect(toApiError(413, null).message).toBe(errorMessagesFr.PAYLOAD_TOO_LARGE);
    });

    it('per-field validation messages that are spec messages read in French', () => {
      const e = toApiError(400, {
        error: { code: 'VALIDATION_FAILED', message: errorCatalogue.VALIDATION_FAILED.message, details: { fieldErrors: { email: [english.contact.emailInvalid], x: ['Expected string'] } } },
      });
      expect(e.message).toBe(errorMessagesFr.VALIDATION_FAILED);
      expect(e.fieldErrors()).toEqual({ email: msgFr.contact.emailInvalid, x: 'Expected string' });
    });

    it('every code of the catalogue has a French text in the errors namespace', () => {
      const missing = Object.keys(errorCatalogue).filter((code) => !i18n.exists(code, { ns: 'errors', lng: 'fr' }));
      expect(missing).toEqual([]);
    });
  });
});
