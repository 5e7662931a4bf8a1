import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { msg, msgFr } from '@atrium/shared';
import { LANGUAGE_COOKIE } from '@atrium/shared/i18n/languages';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp, type RecordingMailer } from './support/app.ts';
import { authorize, bearer, CookieJar, signIn } from './support/identity.ts';
import { esc } from '../src/modules/auth/pages.ts';

// Issue 17: the sign-in pages the server renders read in the person's language: saved on the account,
// else the web switcher's cookie, else Accept-Language.

const FR_BROWSER = 'fr-FR,fr;q=0.9,en;q=0.5';

describe.each(databases)('sign-in pages in the chosen language on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    db = await open();
    ({ app, mailer } = await makeTestApp(db));
    const t = await signIn(app, 'camille@example.org', 'ma-phrase-secrete', { signUpName: 'Camille' });
    // Camille saved French on her account (Settings / profile menu).
    const saved = await app.inject({ method: 'PATCH', url: '/api/settings/my', headers: bearer(t.access_token), payload: { language: 'fr' } });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const signInPage = async (headers: Record<string, string>) => {
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const cookie = [jar.header(), headers.cookie].filter(Boolean).join('; ');
    return app.inject({ method: 'GET', url: `/auth/interaction/${uid}`, headers: { host: 'localhost:3000', ...headers, cookie } });
  };
  const formPost = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
    });

  it('a French Accept-Language gets the sign-in page in French', async () => {
    const res = await signInPage({ 'accept-language': FR_BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>Connexion | Atrium</title>');
    expect(res.body).toContain('Bon retour parmi nous');
    expect(res.body).toContain('>Mot de passe</label>');
    expect(res.body).toContain('Mot de passe oublié ?');
    expect(res.body).not.toContain('Welcome back');
    expect(res.body).not.toContain('Password');
  });

  it('without a language anywhere the page stays English', async () => {
    const res = await signInPage({});
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Welcome back');
  });

  it('the switcher’s cookie wins over Accept-Language, both ways; an unknown language in it is ignored', async () => {
    const en = await signInPage({ 'accept-language': FR_BROWSER, cookie: `${LANGUAGE_COOKIE}=en` });
    expect(en.body).toContain('Welcome back');
    const fr = await signInPage({ 'accept-language': 'en-GB,en', cookie: `${LANGUAGE_COOKIE}=fr` });
    expect(fr.body).toContain('Bon retour parmi nous');
    const bogus = await signInPage({ 'accept-language': FR_BROWSER, cookie: `${LANGUAGE_COOKIE}=xx` });
    expect(bogus.body).toContain('Bon retour parmi nous');
  });

  it('sign-up, forgot-password and their spec messages read in French', async () => {
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const signUp = await app.inject({
      method: 'GET',
      url: `/auth/interaction/${uid}/signup`,
      headers: { host: 'localhost:3000', cookie: jar.header(), 'accept-language': FR_BROWSER },
    });
    expect(signUp.body).toContain('Créez votre compte');
    const badEmail = await app.inject({
      method: 'POST',
      url: `/auth/interaction/${uid}/signup`,
      headers: { host: 'localhost:3000', cookie: jar.header(), 'accept-language': FR_BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'not-an-email', name: 'X', password: 'whatever-long' }).toString(),
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain(esc(msgFr.contact.emailInvalid));

    const wrong = await app.inject({
      method: 'POST',
      url: `/auth/interaction/${uid}/login`,
      headers: { host: 'localhost:3000', cookie: jar.header(), 'accept-language': FR_BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'camille@example.org', password: 'pas-le-bon' }).toString(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(esc(msgFr.user.invalidCredentials));
    expect(wrong.body).not.toContain(esc(msg.user.invalidCredentials));

    const forgot = await formPost('/auth/forgot', { email: 'nobody@example.org' }, { 'accept-language': FR_BROWSER });
    expect(forgot.body).toContain('Mot de passe oublié');
    expect(forgot.body).toContain(esc(msgFr.user.resetSent));
  });

  it('the saved language of the reset link’s owner wins over the cookie and the browser', async () => {
    await formPost('/auth/forgot', { email: 'camille@example.org' });
    const token = /\/auth\/reset\?token=(\S+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    const english = { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=en` };
    const page = await app.inject({ method: 'GET', url: `/auth/reset?token=${token}`, headers: english });
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Choisissez un nouveau mot de passe');
    const short = await formPost('/auth/reset', { token, password: 'court' }, english);
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Ce champ doit contenir au moins 8 caractères');
    const done = await formPost('/auth/reset', { token, password: 'une-nouvelle-phrase' }, english);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(esc(msgFr.user.passwordChanged));
    // A used or unknown token names nobody: the cookie decides again.
    const unknown = await app.inject({ method: 'GET', url: '/auth/reset?token=nope', headers: english });
    expect(unknown.body).toContain('Choose a new password');
  });

  it('sign-in mails go out in the owner’s saved language, else in the language of the page they came from', async () => {
    // Camille saved French: her reset mail is French even when asked for from an English page.
    await formPost('/auth/forgot', { email: 'camille@example.org' }, { 'accept-language': 'en' });
    expect(mailer.sent.at(-1)!.subject).toBe('Réinitialisez votre mot de passe Atrium');
    expect(mailer.sent.at(-1)!.text).toMatch(/^Bonjour Camille,\n\nOuvrez ce lien dans l'heure/);
    expect(mailer.sent.at(-1)!.text).toMatch(/\/auth\/reset\?token=\S+/);
    // Bob chose nothing: the page's language (here French from Accept-Language) decides.
    await signIn(app, 'bob@example.org', 'bobs-long-secret', { signUpName: 'Bob' });
    await formPost('/auth/forgot', { email: 'bob@example.org' }, { 'accept-language': FR_BROWSER });
    expect(mailer.sent.at(-1)!.subject).toBe('Réinitialisez votre mot de passe Atrium');
    await formPost('/auth/forgot', { email: 'bob@example.org' }, { 'accept-language': 'en-GB' });
    expect(mailer.sent.at(-1)!.subject).toBe('Reset your Atrium password');
    expect(mailer.sent.at(-1)!.text).toMatch(/^Hello Bob,/);
  });

  it('an expired sign-in page explains itself in French', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth/interaction/not-a-real-uid', headers: { 'accept-language': FR_BROWSER } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Cette page de connexion a expiré');
  });
});
