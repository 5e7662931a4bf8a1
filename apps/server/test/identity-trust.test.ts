import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE, HUB_EVENTS, msg } from '@atrium/shared';
import { migrate } from '../src/db/migrate.ts';
import { loadProviderSecrets } from '../src/modules/auth/secrets.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp, type RecordingMailer } from './support/app.ts';
import { migrateToBefore } from './support/migrations.ts';
import { bearer, CookieJar, exchange, form, signIn } from './support/identity.ts';
import { connected, hub, listen, next } from './support/realtime.ts';

// Issue 13 (Trust): personal API keys end with the password (#16), tokens must carry `exp` and a past
// `iat` (#18), userinfo answers the tokens the provider issues (#23), `sub` is the user id (#24).

const HOST = 'localhost:3000';
const ORIGIN = `http://${HOST}`;
const ISS = `${ORIGIN}/auth`;
const AUD = `${ORIGIN}/api`;
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const my = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(token) });

/** Follows the provider's same-origin redirects, as a browser would, until the client's callback URL. */
async function toCallback(app: FastifyInstance, jar: CookieJar, location: string): Promise<URL> {
  for (let i = 0; i < 6; i++) {
    const u = new URL(location, ORIGIN);
    if (u.pathname === AUTH_CALLBACK_PATH) return u;
    const res = await app.inject({
      method: 'GET',
      url: u.pathname + u.search,
      headers: { host: HOST, cookie: jar.header() },
    });
    jar.take(res);
    if (!res.headers.location) throw new Error(`redirects stopped at ${u.pathname} (${res.statusCode})`);
    location = String(res.headers.location);
  }
  throw new Error('too many redirects');
}

/** openid-client's HTTP goes through `inject`: a real relying party, no listening socket. */
const injectFetch =
  (app: FastifyInstance): oidc.CustomFetch =>
  async (url, options) => {
    const u = new URL(url);
    const res = await app.inject({
      method: options.method as InjectOptions['method'],
      url: u.pathname + u.search,
      headers: { ...options.headers, host: u.host },
      ...(options.body == null ? {} : { payload: options.body.toString() }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };

describe.each(databases)('trust: tokens, userinfo, subjects and API keys on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    db = await open();
    ({ app, mailer } = await makeTestApp(db));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('#23 userinfo: a standard relying party does discovery, code flow with PKCE, then userinfo with the access token', async () => {
    await signIn(app, 'rp@example.org', 'relying-party-1', { signUpName: 'Rita Party' });
    const config = await oidc.discovery(new URL(ISS), 'atrium-web', undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: injectFetch(app),
    });
    config[oidc.customFetch] = injectFetch(app);
    expect(config.serverMetadata().userinfo_endpoint).toBe(`${ISS}/me`);

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${ORIGIN}${AUTH_CALLBACK_PATH}`,
      scope: AUTH_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const jar = new CookieJar();
    const start = await app.inject({
      method: 'GET',
      url: authUrl.pathname + authUrl.search,
      headers: { host: HOST },
    });
    jar.take(start);
    const uid = /\/auth\/interaction\/([^/?]+)/.exec(String(start.headers.location))![1]!;
    const login = await form(app, jar, `/auth/interaction/${uid}/login`, {
      email: 'rp@example.org',
      password: 'relying-party-1',
    });
    expect(login.statusCode).toBe(303);
    const callback = await toCallback(app, jar, String(login.headers.location));

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const idClaims = tokens.claims()!;
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    expect(info).toMatchObject({
      sub: idClaims.sub,
      name: 'Rita Party',
      email: 'rp@example.org',
      roles: ['free-user'],
    });

    // RFC 6750 §2.2: the token may come in a POST form body instead.
    const posted = await app.inject({
      method: 'POST',
      url: '/auth/me',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ access_token: tokens.access_token }).toString(),
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().sub).toBe(idClaims.sub);
    expect(posted.headers['cache-control']).toBe('no-store');

    // What the API refuses, userinfo refuses: no token, a tampered one, one issued before a revocation.
    const none = await app.inject({ method: 'GET', url: '/auth/me', headers: { host: HOST } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const tampered = await app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { host: HOST, ...bearer(`${tokens.access_token.slice(0, -4)}AAAA`) },
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    expect(tampered.json().error.code).toBe('UNAUTHENTICATED');
    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/my/password',
      headers: bearer(tokens.access_token),
      payload: { currentPassword: 'relying-party-1', newPassword: 'relying-party-2' },
    });
    expect(changed.statusCode).toBe(200);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)).rejects.toThrow();
  });

  it('#24 sub: the ID and access tokens of a new user carry the user id the API (and the hubs) use', async () => {
    const t = await signIn(app, 'new@example.org', 'brand-new-123', { signUpName: 'New Person' });
    const me = await my(app, t.access_token);
    expect(me.statusCode).toBe(200);
    const userId = me.json().userId as string;
    expect(claimsOf(t.id_token).sub).toBe(userId);
    expect(claimsOf(t.access_token).sub).toBe(userId);
    // Signing in again, the subject stays the same.
    const again = await signIn(app, 'new@example.org', 'brand-new-123');
    expect(claimsOf(again.id_token).sub).toBe(userId);
    // A hub connection with the access token names the same user.
    const socket = hub(await listen(app), 'liveUser', again.access_token);
    try {
      const me = next<{ userId: string }>(socket, HUB_EVENTS.myUserId);
      await connected(socket);
      expect((await me).userId).toBe(claimsOf(again.access_token).sub);
    } finally {
      socket.close();
    }
  });

  it('#18 exp/iat: refuses access tokens without exp or iat, or issued in the future, with 401 UNAUTHENTICATED', async () => {
    const t = await signIn(app, 'clock@example.org', 'clock-skew-123', { signUpName: 'Clock' });
    const sub = claimsOf(t.access_token).sub as string;
    const jwk = (await loadProviderSecrets(db.db)).jwks.keys[0]!;
    const key = await importJWK(jwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const mint = (o: { iat?: number | null; exp?: number | null }) => {
      const jwt = new SignJWT({ sub, name: 'Clock', roles: ['free-user'], client_id: 'atrium-web' })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setIssuer(ISS)
        .setAudience(AUD);
      if (o.iat !== null) jwt.setIssuedAt(o.iat ?? now - 10);
      if (o.exp !== null) jwt.setExpirationTime(o.exp ?? now + 600);
      return jwt.sign(key);
    };
    const refused = [
      await mint({ exp: null }),
      await mint({ iat: null }),
      await mint({ iat: now + 3600, exp: now + 7200 }),
      await mint({ iat: now + 60 }),
    ];
    for (const token of refused) {
      const res = await my(app, token);
      expect(res.statusCode, JSON.stringify(claimsOf(token))).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    }
    // A couple of seconds of clock difference is tolerated; real tokens and API keys (not JWTs) still work.
    expect((await my(app, await mint({ iat: now + 2 }))).statusCode).toBe(200);
    expect((await my(app, t.access_token)).statusCode).toBe(200);
    const key2 = await app.inject({
      method: 'POST',
      url: '/api/apikeys',
      headers: bearer(t.access_token),
      payload: { name: 'script' },
    });
    expect((await my(app, key2.json().key as string)).statusCode).toBe(200);
  });

  it('#16 API keys: a password change revokes the personal API keys and says how many; so does a reset', async () => {
    const t = await signIn(app, 'keys@example.org', 'keys-before-1', { signUpName: 'Key Holder' });
    const mint = async (token: string, name: string) =>
      (
        await app.inject({ method: 'POST', url: '/api/apikeys', headers: bearer(token), payload: { name } })
      ).json().key as string;
    const k1 = await mint(t.access_token, 'one');
    const k2 = await mint(t.access_token, 'two');
    const bystander = await signIn(app, 'bystander@example.org', 'not-involved-1', {
      signUpName: 'Bystander',
    });
    const theirs = await mint(bystander.access_token, 'theirs');
    expect((await my(app, k1)).statusCode).toBe(200);

    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/my/password',
      headers: bearer(t.access_token),
      payload: { currentPassword: 'keys-before-1', newPassword: 'keys-after-22' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ revokedApiKeys: 2 });
    for (const k of [k1, k2]) expect((await my(app, k)).statusCode).toBe(401);
    expect((await my(app, theirs)).statusCode).toBe(200); // only the owner's keys go

    await new Promise((r) => setTimeout(r, 1100)); // tokens carry second-resolution iat
    const fresh = await signIn(app, 'keys@example.org', 'keys-after-22');
    const list = await app.inject({
      method: 'GET',
      url: '/api/apikeys',
      headers: bearer(fresh.access_token),
    });
    expect(list.json()).toEqual([]);

    // A reset by mailed link ends the keys too: it is the same "someone else knew my password" moment.
    const k3 = await mint(fresh.access_token, 'three');
    await app.inject({
      method: 'POST',
      url: '/auth/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=keys%40example.org',
    });
    const resetToken = /\/auth\/reset\?token=(\S+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    const reset = await app.inject({
      method: 'POST',
      url: '/auth/reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: resetToken, password: 'keys-reset-333' }).toString(),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain(msg.user.apiKeysRevoked(1));
    expect((await my(app, k3)).statusCode).toBe(401);
  });
});

describe.each(databases)('trust: accounts from before migration 0012 on %s', (_name, open) => {
  it('#24 sub: existing accounts take their user id; their sessions carry on, their old access tokens end', async () => {
    const db = await open();
    // The schema as it was before 0012 (with the later, unrelated tables today's app reads per request).
    await migrateToBefore(db, 12, { laterToo: true });
    const { app } = await makeTestApp(db);
    try {
      // A person signed up, then their rows are put the way the earlier code stored them: the account
      // (and with it the provider session and the token subject) has an id of its own.
      const jar = new CookieJar();
      const first = await signIn(app, 'old@example.org', 'from-before-1', { signUpName: 'Old Timer', jar });
      const userId = (await my(app, first.access_token)).json().userId as string;
      const accountId = (
        await db.queryRows<{ id: string }>(`select id from accounts where email = 'old@example.org'`)
      )[0]!.id;
      const legacy = '01800000-0000-7000-8000-00000000abcd';
      await db.exec(`update accounts set id = '${legacy}' where id = '${accountId}'`);
      await db.exec(`update users set subject = '${legacy}' where id = '${userId}'`);
      await db.exec(
        `update oidc_payloads set account_id = '${legacy}', payload = jsonb_set(payload, '{accountId}', '"${legacy}"') where account_id = '${accountId}'`,
      );
      const authorizeWithSession = async () => {
        const q = new URLSearchParams({
          client_id: 'atrium-web',
          response_type: 'code',
          scope: AUTH_SCOPE,
          redirect_uri: `${ORIGIN}${AUTH_CALLBACK_PATH}`,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          state: 's',
          nonce: 'n',
        });
        const res = await app.inject({
          method: 'GET',
          url: `/auth/auth?${q}`,
          headers: { host: HOST, cookie: jar.header() },
        });
        jar.take(res);
        const code = (await toCallback(app, jar, String(res.headers.location))).searchParams.get('code')!;
        return exchange(app, code, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
      };
      const old = await authorizeWithSession();
      expect(claimsOf(old.access_token).sub).toBe(legacy);
      expect((await my(app, old.access_token)).json().userId).toBe(userId);
      const apiKey = (
        await app.inject({
          method: 'POST',
          url: '/api/apikeys',
          headers: bearer(old.access_token),
          payload: { name: 'kept' },
        })
      ).json().key as string;

      expect(await migrate(db)).toContain('0012_subject_is_user_id');

      const rows = await db.queryRows<{ id: string; subject: string }>(
        `select a.id, u.subject from accounts a join users u on u.id = a.id where a.email = 'old@example.org'`,
      );
      expect(rows).toEqual([{ id: userId, subject: userId }]);
      // The provider session survives: no password needed, and the new tokens carry the user id.
      const renewed = await authorizeWithSession();
      expect(claimsOf(renewed.id_token).sub).toBe(userId);
      expect(claimsOf(renewed.access_token).sub).toBe(userId);
      expect((await my(app, renewed.access_token)).json().userId).toBe(userId);
      // Access tokens issued before name an account id that is gone: refused, and no stray user appears.
      expect((await my(app, old.access_token)).statusCode).toBe(401);
      expect(
        (
          await db.queryRows<{ n: number }>(
            `select count(*)::int as n from users where subject = '${legacy}'`,
          )
        )[0]!.n,
      ).toBe(0);
      // API keys belong to the user id, which did not change.
      expect((await my(app, apiKey)).json().userId).toBe(userId);
      const again = await signIn(app, 'old@example.org', 'from-before-1');
      expect(claimsOf(again.access_token).sub).toBe(userId);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
