import { errorCatalogue } from '@atrium/shared/errors/catalogue';
import { DEFAULT_LANGUAGE } from '@atrium/shared/i18n/languages';
import { currentLanguage, i18n } from './index.ts';
import { msgEn } from './msg.ts';

// Texts the server sends (error messages, per-field validation messages) are English. In another language
// the web shows them through i18next: a spec message is looked up by its English text in the `msg`
// namespace (the most precise French), otherwise the error code in the `errors` namespace (French of the
// shared error catalogue, `errorMessagesFr`), otherwise the server's own words.

// The `errors` namespace in English: the shared catalogue's default text of each error code (registered
// here, with the API client that uses it, rather than in the first load).
i18n.addResourceBundle(
  'en',
  'errors',
  Object.fromEntries(Object.entries(errorCatalogue).map(([code, e]) => [code, e.message])),
  true,
  false,
);

/** English spec message text → its key in the `msg` namespace (string messages only). */
const specPathByText = new Map<string, string>();
(function index(node: Record<string, unknown>, prefix: string) {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string') {
      if (!specPathByText.has(v)) specPathByText.set(v, prefix + k);
    } else if (v && typeof v === 'object') index(v as Record<string, unknown>, `${prefix}${k}.`);
  }
})(msgEn, '');

/** A server text in the interface language when it is a spec message; else undefined. */
export function specMessageText(serverText: string): string | undefined {
  const path = specPathByText.get(serverText);
  if (!path || currentLanguage() === DEFAULT_LANGUAGE) return undefined;
  return i18n.exists(path, { ns: 'msg' }) ? i18n.t(path, { ns: 'msg' }) : undefined;
}

/** The text to show for an API error `{ code, message }` in the interface language. */
export function errorText(code: string, serverMessage: string): string {
  if (currentLanguage() === DEFAULT_LANGUAGE) return serverMessage;
  return specMessageText(serverMessage) ?? i18n.t(code, { ns: 'errors', defaultValue: serverMessage });
}

/** Per-field messages of a VALIDATION_FAILED answer, each in the interface language where it is a spec message. */
export function localiseFieldErrors(details: unknown): unknown {
  const d = details as { fieldErrors?: Record<string, unknown> } | undefined;
  if (currentLanguage() === DEFAULT_LANGUAGE || !d || typeof d !== 'object' || !d.fieldErrors) return details;
  const fieldErrors: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(d.fieldErrors)) {
    fieldErrors[field] = Array.isArray(messages)
      ? messages.map((m) => (typeof m === 'string' ? (specMessageText(m) ?? m) : m))
      : messages;
  }
  return { ...d, fieldErrors };
}
