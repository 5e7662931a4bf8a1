import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import {
  AppError,
  authConfig,
  changePasswordBody,
  changePasswordResult,
  type AuthConfig,
} from '@atrium/shared';
import { requestLanguage, type Language } from '@atrium/shared/i18n/languages';
import { requireActor } from '../../plugins/auth.ts';
import type { AccountService } from './accountService.ts';
import { errorPage, forgotPage, LOGOUT_JS, PAGE_CSS, resetPage, signInPage, signUpPage } from './pages.ts';
import { authMessages, authPageTexts } from './pageTexts.ts';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/urbanist/package.json')),
  'files',
);
const FONT_WEIGHTS = new Set(['400', '600', '800']);

type Form = Record<string, string | undefined>;

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** The page texts and spec messages of one language (issue 17: the sign-in pages read in the chosen language). */
const inLanguage = (lng: Language) => ({ lng, t: authPageTexts[lng], m: authMessages(lng) });
type InLanguage = ReturnType<typeof inLanguage>;

const messageOf = ({ m }: InLanguage, err: unknown) =>
  err instanceof AppError ? m.errorText(err.code, err.message) : m.somethingWentWrong;

/** Public settings the web app needs to start sign-in, for whichever provider is in use. */
export function authConfigRoute(app: FastifyInstance, config: AuthConfig) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/auth/config',
      { schema: { tags: ['auth'], response: { 200: authConfig } } },
      async () => config,
    );
}

/**
 * The built-in provider under /auth: oidc-provider's own endpoints (authorize, token, jwks, end
 * session …), our interaction pages (sign in, sign up), password reset, and the pages' CSS and fonts.
 */
export async function builtInAuthRoutes(
  app: FastifyInstance,
  deps: { provider: Provider; accounts: AccountService },
) {
  const { provider, accounts } = deps;
  const handler = provider.callback();

  // oidc-provider reads its own request bodies: this scope has no parser that would consume them.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // The provider's own OAuth endpoints answer in OAuth's error shape and are described by its discovery document.
    raw.all('/auth/*', { schema: { hide: true } }, async (req, reply) => {
      // A hijacked reply sends none of Fastify's headers: the security headers (plugins/security.ts) go on the raw response.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      const r = req.raw as IncomingMessage & { originalUrl?: string };
      // The provider routes relative to its mount point; originalUrl lets it build absolute URLs.
      r.originalUrl = r.url;
      r.url = r.url!.slice('/auth'.length) || '/';
      // The provider trusts X-Forwarded-* wholesale (it sits behind Fastify); hand it only what
      // Fastify's TRUST_PROXY rules let through, so a client talking directly cannot pose as a proxy.
      r.headers['x-forwarded-for'] = req.ip;
      r.headers['x-forwarded-proto'] = req.protocol;
      r.headers['x-forwarded-host'] = req.host;
      await handler(r, reply.raw);
    });
  });

  await app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const details = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        return null;
      }
    };
    /**
     * The request's language: the saved language of the person the provider already knows (a signed-in
     * session, or the owner of a reset link), else the web switcher's cookie, else Accept-Language.
     */
    const lang = async (req: FastifyRequest, who: { accountId?: string; resetToken?: string } = {}) => {
      const saved = who.accountId || who.resetToken ? await accounts.savedLanguage(who).catch(() => null) : null;
      return inLanguage(
        requestLanguage({ saved, cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] }),
      );
    };
    const expired = (l: InLanguage, reply: FastifyReply) => html(reply, errorPage(l.t, l.t.error.expired), 400);
    const finishLogin = async (req: FastifyRequest, reply: FastifyReply, accountId: string) => {
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    };

    forms.get<{ Params: { uid: string } }>('/auth/interaction/:uid', async (req, reply) => {
      const d = await details(req, reply);
      const l = await lang(req, { accountId: d?.session?.accountId });
      if (!d || d.uid !== req.params.uid) return expired(l, reply);
      const asked = (req.query as { screen?: string }).screen ?? d.params.screen;
      if (d.prompt.name === 'login' && asked === 'signup') return html(reply, signUpPage(l.t, { uid: d.uid }));
      if (d.prompt.name === 'login')
        return html(reply, signInPage(l.t, { uid: d.uid, email: String(d.params.login_hint ?? '') }));
      // The web app is first-party: any other prompt (consent) is granted without a screen.
      const grant = d.grantId
        ? await provider.Grant.find(d.grantId)
        : new provider.Grant({ accountId: d.session!.accountId, clientId: String(d.params.client_id) });
      grant!.addOIDCScope(String(d.params.scope ?? 'openid'));
      const grantId = await grant!.save();
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(to, 303);
    });

    forms.post<{ Params: { uid: string }; Body: Form }>(
      '/auth/interaction/:uid/login',
      async (req, reply) => {
        const d = await details(req, reply);
        const l = await lang(req, { accountId: d?.session?.accountId });
        if (!d || d.uid !== req.params.uid) return expired(l, reply);
        const email = String(req.body?.email ?? '');
        try {
          const account = await accounts.authenticate(email, String(req.body?.password ?? ''), req.ip);
          return await finishLogin(req, reply, account.id);
        } catch (err) {
          const status = err instanceof AppError && err.code === 'RATE_LIMITED' ? 429 : 401;
          const message = status === 429 ? l.m.tooManyAttempts : messageOf(l, err);
          return html(reply, signInPage(l.t, { uid: d.uid, email, error: message }), status);
        }
      },
    );

    forms.get<{ Params: { uid: string } }>('/auth/interaction/:uid/signup', async (req, reply) => {
      const d = await details(req, reply);
      const l = await lang(req, { accountId: d?.session?.accountId });
      if (!d || d.uid !== req.params.uid) return expired(l, reply);
      return html(reply, signUpPage(l.t, { uid: d.uid }));
    });

    forms.post<{ Params: { uid: string }; Body: Form }>(
      '/auth/interaction/:uid/signup',
      async (req, reply) => {
        const d = await details(req, reply);
        const l = await lang(req, { accountId: d?.session?.accountId });
        if (!d || d.uid !== req.params.uid) return expired(l, reply);
        const { email = '', name = '', password = '' } = req.body ?? {};
        const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && email.length <= 254;
        if (!valid)
          return html(reply, signUpPage(l.t, { uid: d.uid, email, name, error: l.m.emailInvalid }), 400);
        if (!name.trim() || name.length > 100)
          return html(reply, signUpPage(l.t, { uid: d.uid, email, name, error: l.m.fieldRequired }), 400);
        try {
          const result = await accounts.signUpFromForm({ email, name, password }, req.ip, l.lng);
          if ('checkEmail' in result)
            return html(reply, signUpPage(l.t, { uid: d.uid, email, name, ok: l.m.signUpCheckEmail }));
          return await finishLogin(req, reply, result.account.id);
        } catch (err) {
          return html(
            reply,
            signUpPage(l.t, {
              uid: d.uid,
              email,
              name,
              error:
                (err instanceof AppError && err.code === 'VALIDATION_FAILED' && l.m.passwordProblem(password)) ||
                messageOf(l, err),
            }),
            err instanceof AppError ? err.status : 500,
          );
        }
      },
    );

    forms.get<{ Params: { uid: string } }>('/auth/interaction/:uid/abort', async (req, reply) => {
      const d = await details(req, reply);
      if (!d || d.uid !== req.params.uid) return expired(await lang(req), reply);
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'Sign-in was cancelled' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });

    forms.get<{ Querystring: { uid?: string } }>('/auth/forgot', async (req, reply) =>
      html(reply, forgotPage((await lang(req)).t, { uid: req.query.uid })),
    );
    forms.post<{ Body: Form }>(
      '/auth/forgot',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (req, reply) => {
        // Same answer for every address: no account enumeration (so no saved language either). The mail
        // itself goes out in the owner's saved language, else this page's.
        const l = await lang(req);
        await accounts.requestReset(String(req.body?.email ?? ''), l.lng);
        return html(reply, forgotPage(l.t, { uid: req.body?.uid, ok: l.m.resetSent }));
      },
    );
    forms.get<{ Querystring: { token?: string } }>('/auth/reset', async (req, reply) => {
      const token = req.query.token ?? '';
      return html(reply, resetPage((await lang(req, { resetToken: token || undefined })).t, { token }));
    });
    forms.post<{ Body: Form }>(
      '/auth/reset',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const token = String(req.body?.token ?? '');
        // Before the reset: it uses the token up, and with it the way to the person's saved language.
        const l = await lang(req, { resetToken: token || undefined });
        try {
          const { revokedApiKeys } = await accounts.resetPassword(token, String(req.body?.password ?? ''));
          const ok = revokedApiKeys
            ? `${l.m.passwordChanged}. ${l.m.apiKeysRevoked(revokedApiKeys)}`
            : l.m.passwordChanged;
          return html(reply, resetPage(l.t, { token: '', ok }));
        } catch (err) {
          const message =
            err instanceof AppError && err.code === 'VALIDATION_FAILED'
              ? (l.m.passwordProblem(String(req.body?.password ?? '')) ?? messageOf(l, err))
              : l.m.resetInvalid;
          return html(reply, resetPage(l.t, { token, error: message }), 400);
        }
      },
    );
  });

  app.get('/auth-ui/style.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGE_CSS),
  );
  app.get('/auth-ui/logout.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGOUT_JS),
  );
  app.get<{ Params: { weight: string } }>('/auth-ui/fonts/:weight', async (req, reply) => {
    const weight = req.params.weight.replace(/\.woff2$/, '');
    if (!FONT_WEIGHTS.has(weight)) throw new AppError('NOT_FOUND');
    const file = path.join(fontDir, `urbanist-latin-${weight}-normal.woff2`);
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });

  // Change password from the profile management modal; all other sessions, tokens and API keys end.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/user/my/password',
      { schema: { tags: ['auth'], body: changePasswordBody, response: { 200: changePasswordResult }, errors: ['FORBIDDEN', 'INCORRECT_PASSWORD'] } },
      async (req) => {
        const actor = requireActor(req);
        if (actor.via !== 'bearer') throw new AppError('FORBIDDEN');
        return accounts.changePassword(actor.subject, req.body.currentPassword, req.body.newPassword);
      },
    );
}
