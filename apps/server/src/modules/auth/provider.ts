import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE, AUTH_SILENT_CALLBACK_PATH } from '@atrium/shared';
import { DEFAULT_LANGUAGE, requestLanguage } from '@atrium/shared/i18n/languages';
import type { Db } from '../../db/client.ts';
import { DrizzleAdapter } from './adapter.ts';
import { allowDistrictRedirects, isDistrictOrigin } from './districtOrigins.ts';
import type { AccountsRepo } from './accountsRepo.ts';
import { errorPage, logoutPage } from './pages.ts';
import { authPageTexts } from './pageTexts.ts';
import type { ProviderSecrets } from './secrets.ts';

export const WEB_CLIENT_ID = 'atrium-web';
export const API_SCOPE = 'api';

export interface ProviderOptions {
  db: Db;
  accounts: AccountsRepo;
  secrets: ProviderSecrets;
  publicUrl: string;
  /** The audience of access tokens: the API resource indicator. */
  apiResource: string;
  /** Other apps' redirect URIs allowed for the first-party client (e.g. a second Atrium using this one as its issuer). */
  extraRedirectUris: string[];
  accessTokenTtl: number;
}

export const issuerFor = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/auth`;

/** Where the first-party client may be sent back to after sign-in. */
export function clientRedirectUris(publicUrl: string, extraRedirectUris: string[]) {
  const base = publicUrl.replace(/\/+$/, '');
  return [`${base}${AUTH_CALLBACK_PATH}`, `${base}${AUTH_SILENT_CALLBACK_PATH}`, ...extraRedirectUris];
}

/** Origins of the first-party client's apps: they may read the provider's answers cross-origin. */
export const clientOrigins = (publicUrl: string, extraRedirectUris: string[]) =>
  new Set(clientRedirectUris(publicUrl, extraRedirectUris).map((u) => new URL(u).origin));

/**
 * The built-in OpenID Connect provider. The web app is its one first-party client: public, code + PKCE,
 * no consent screen. Access tokens are RS256 JWTs for the API resource, carrying `name` and `roles`.
 */
export function createProvider(o: ProviderOptions): Provider {
  const base = o.publicUrl.replace(/\/+$/, '');
  const redirectUris = clientRedirectUris(base, o.extraRedirectUris);
  const allowedOrigins = clientOrigins(base, o.extraRedirectUris);
  const postLogout = [...new Set(redirectUris.map((u) => `${new URL(u).origin}/`))];

  const claimsFor = async (accountId: string) => {
    const a = await o.accounts.byId(accountId);
    return a ? { name: a.name, email: a.email, roles: [a.role] } : undefined;
  };

  const config: Configuration = {
    adapter: class extends DrizzleAdapter {
      constructor(name: string) {
        super(name, o.db);
      }
    },
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogout,
      },
    ],
    pkce: { required: () => true },
    // `screen=signup` opens the sign-up form instead of sign-in (the app's "Create" for newcomers).
    extraParams: ['screen'],
    async findAccount(_ctx, sub) {
      const claims = await claimsFor(sub);
      if (!claims) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: claims.name,
          email: claims.email,
          email_verified: false,
          roles: claims.roles,
        }),
      };
    },
    claims: { openid: ['sub'], profile: ['name', 'roles'], email: ['email', 'email_verified'] },
    // The web app reads name and roles from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    jwks: o.secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: o.secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          // oidc-provider has validated the hint by now; only our own web app holds such a token.
          const fromApp = Boolean(ctx.oidc.entities.IdTokenHint) && ctx.oidc.client?.clientId === WEB_CLIENT_ID;
          const accountId = ctx.oidc.session?.accountId;
          const saved = accountId ? await o.accounts.languageOf(accountId).catch(() => null) : null;
          ctx.body = logoutPage(authPageTexts[languageOf(ctx, saved)], form, fromApp);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => o.apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== o.apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: o.apiResource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: o.accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const claims = await claimsFor(token.accountId);
      return claims ? { name: claims.name, email: claims.email, roles: claims.roles } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}` },
    // First-party client: the grant is created without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== WEB_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope(AUTH_SCOPE);
      grant.addResourceScope(o.apiResource, API_SCOPE);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin) || isDistrictOrigin(origin, base),
    ttl: {
      AccessToken: o.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: o.accessTokenTtl,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      // oidc-provider describes the problem in English; another language gets our own sentence instead.
      const lng = languageOf(ctx);
      const t = authPageTexts[lng];
      const detail = out.error_description ?? out.error;
      ctx.body = errorPage(t, lng === DEFAULT_LANGUAGE && detail ? String(detail) : t.error.invalidRequest);
    },
  };
  const provider = new Provider(issuerFor(base), config);
  // Behind the server's trustProxy: X-Forwarded-* decide the scheme and host of generated URLs.
  provider.proxy = true;
  allowDistrictRedirects(provider, base, WEB_CLIENT_ID);
  return provider;
}

/** The language of a provider-rendered page: saved on the account, else the switcher's cookie, else Accept-Language. */
function languageOf(ctx: KoaContextWithOIDC, saved?: string | null) {
  return requestLanguage({ saved, cookie: ctx.get('cookie') || undefined, acceptLanguage: ctx.get('accept-language') || undefined });
}
