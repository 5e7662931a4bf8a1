import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_COOKIE, msg } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp, type RecordingMailer } from './support/app.ts';
import { authorize, bearer, CookieJar, form, signIn } from './support/identity.ts';
import { oidcPayloads } from '../src/db/schema/index.ts';
import { loadProviderSecrets } from '../src/modules/auth/secrets.ts';
import { AccountsRepo } from '../src/modules/auth/accountsRepo.ts';

const ISS = 'http://localhost:3000/auth';
const AUD = 'http://localhost:3000/api';

describe.each(databases)('built-in sign-in and token checks on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let token: string;
  let sub: string;
  beforeAll(async () => {
    db = await open();
    ({ app, mailer } = await makeTestApp(db, {}, { SIGNIN_MAX_ATTEMPTS: '4' }));
    const t = await signIn(app, 'Ada@Example.org', 'analytical-engine', { signUpName: 'Ada Lovelace' });
    token = t.access_token;
    sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const my = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user/my', headers });

  it('issues an RS256 JWT access token with sub, name, roles for the API audience', async () => {
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: ISS,
      aud: AUD,
      name: 'Ada Lovelace',
      roles: ['free-user'],
      email: 'ada@example.org',
    });
    const res = await my(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      role: 'free-user',
      loginProvider: 'atrium',
    });
  });

  it('signs in again with the same email in any case, and stores provider state in oidc_payloads', async () => {
    const again = await signIn(app, 'ADA@example.org', 'analytical-engine');
    expect((await my(bearer(again.access_token))).json().userId).toBe(
      (await my(bearer(token))).json().userId,
    );
    const sessions = await db.db.select().from(oidcPayloads).where(eq(oidcPayloads.kind, 'Session'));
    expect(sessions.some((s) => s.accountId === sub)).toBe(true);
  });

  it('answers a wrong password and an unknown email with the same message (no enumeration)', async () => {
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const wrong = await form(
      app,
      jar,
      `/auth/interaction/${uid}/login`,
      { email: 'ada@example.org', password: 'nope-nope' },
      '10.0.0.1',
    );
    const unknown = await form(
      app,
      jar,
      `/auth/interaction/${uid}/login`,
      { email: 'ghost@example.org', password: 'nope-nope' },
      '10.0.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain(msg.user.invalidCredentials);
    expect(unknown.body).toContain(msg.user.invalidCredentials);
    // Hostile input is echoed escaped, never as markup.
    const xss = await form(
      app,
      jar,
      `/auth/interaction/${uid}/login`,
      { email: '"><script>alert(1)</script>', password: 'x' },
      '10.0.0.2',
    );
    expect(xss.body).not.toContain('<script>alert(1)</script>');
    expect(xss.body).toContain('&lt;script&gt;');
  });

  it('refuses the client that keeps failing on an account, never the owner signing in from elsewhere', async () => {
    await signIn(app, 'victim@example.org', 'the-real-secret', { signUpName: 'Victim' });
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await form(
        app,
        jar,
        `/auth/interaction/${uid}/login`,
        { email: 'victim@example.org', password: `guess-${i}` },
        '10.1.0.1',
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    // The stranger's failures count against the stranger: the owner, on another address, gets in.
    const owner = await form(
      app,
      jar,
      `/auth/interaction/${uid}/login`,
      { email: 'victim@example.org', password: 'the-real-secret' },
      '10.1.0.2',
    );
    expect(owner.statusCode).toBe(303);
  });

  it('refuses missing, malformed, forged, alg-none, wrong-audience and expired tokens with 401', async () => {
    const secrets = await loadProviderSecrets(db.db);
    const jwk = secrets.jwks.keys[0]!;
    const realKey = await importJWK(jwk, 'RS256');
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub, name: 'Ada', roles: ['premium-user'], client_id: 'atrium-web' };
    const sign = (
      key: CryptoKey | Uint8Array,
      opts: { alg?: string; aud?: string; exp?: number; iss?: string } = {},
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: jwk.kid! })
        .setIssuer(opts.iss ?? ISS)
        .setAudience(opts.aud ?? AUD)
        .setIssuedAt(now - 10)
        .setExpirationTime(opts.exp ?? now + 600)
        .sign(key);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: ISS, aud: AUD, iat: now, exp: now + 600 })}.`;
    const bad = [
      undefined,
      'Basic YWRhOnB3',
      'Bearer',
      'Bearer not.a.jwt',
      `Bearer ${algNone}`,
      `Bearer ${await sign(otherKey)}`,
      `Bearer ${await sign(new TextEncoder().encode('x'.repeat(64)), { alg: 'HS256' })}`,
      `Bearer ${await sign(realKey, { aud: 'http://evil.example/api' })}`,
      `Bearer ${await sign(realKey, { iss: 'http://evil.example/auth' })}`,
      `Bearer ${await sign(realKey, { exp: now - 60 })}`,
      `Bearer ${token.slice(0, -4)}AAAA`,
    ];
    for (const authorization of bad) {
      const res = await my(authorization === undefined ? {} : { authorization });
      expect(res.statusCode, String(authorization).slice(0, 40)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    // Control: a token signed with the real key and right claims is accepted, and its role wins.
    const good = await my({ authorization: `Bearer ${await sign(realKey)}` });
    expect(good.statusCode).toBe(200);
    expect(good.json().role).toBe('premium-user');
  });

  it('accepts the mirrored cookie for reads only: a cookie never authorises a write (CSRF)', async () => {
    const cookie = `${ACCESS_TOKEN_COOKIE}=${token}`;
    expect((await my({ cookie })).statusCode).toBe(200);
    const write = await app.inject({
      method: 'PATCH',
      url: '/api/user/my',
      headers: { cookie },
      payload: { bio: 'csrf' },
    });
    expect(write.statusCode).toBe(401);
    const keys = await app.inject({
      method: 'POST',
      url: '/api/apikeys',
      headers: { cookie },
      payload: { name: 'csrf' },
    });
    expect(keys.statusCode).toBe(401);
    expect((await my(bearer(token))).json().bio).toBeNull();
  });

  it('changes the password, revoking every session and earlier token', async () => {
    const other = await signIn(app, 'grace@example.org', 'cobol-forever', { signUpName: 'Grace' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/my/password',
      headers: bearer(other.access_token),
      payload: { currentPassword: 'nope', newPassword: 'compilers-rule' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(msg.user.incorrectPassword);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/my/password',
      headers: bearer(other.access_token),
      payload: { currentPassword: 'cobol-forever', newPassword: 'compilers-rule' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ revokedApiKeys: 0 });
    expect((await my(bearer(other.access_token))).statusCode).toBe(401);
    await expect(signIn(app, 'grace@example.org', 'cobol-forever')).rejects.toThrow(/401/);
    await new Promise((r) => setTimeout(r, 1100)); // tokens carry second-resolution iat
    const fresh = await signIn(app, 'grace@example.org', 'compilers-rule');
    expect((await my(bearer(fresh.access_token))).statusCode).toBe(200);
  });

  it('resets a forgotten password by a single-use mailed link, saying the same for unknown emails', async () => {
    const before = mailer.sent.length;
    const unknown = await app.inject({
      method: 'POST',
      url: '/auth/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nobody%40example.org',
    });
    const known = await app.inject({
      method: 'POST',
      url: '/auth/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40example.org',
    });
    expect(unknown.body).toContain(msg.user.resetSent.replace(/'/g, '&#39;'));
    expect(known.body).toContain(msg.user.resetSent.replace(/'/g, '&#39;'));
    expect(mailer.sent.length).toBe(before + 1);
    const link = /http\S+\/auth\/reset\?token=(\S+)/.exec(mailer.sent.at(-1)!.text)!;
    const resetToken = link[1]!;
    const post = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/reset',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: resetToken, password }).toString(),
      });
    expect((await post('short')).statusCode).toBe(400);
    expect((await post('a-brand-new-secret')).statusCode).toBe(200);
    expect((await post('another-secret-99')).statusCode).toBe(400); // single use
    await new Promise((r) => setTimeout(r, 1100));
    const t = await signIn(app, 'ada@example.org', 'a-brand-new-secret');
    expect((await my(bearer(t.access_token))).statusCode).toBe(200);
    expect((await my(bearer(token))).statusCode).toBe(401); // the reset ended older tokens
  });

  it('answers a sign-up for a taken email without saying so, mails the owner and keeps the account', async () => {
    const before = mailer.sent.length;
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const res = await form(app, jar, `/auth/interaction/${uid}/signup`, {
      email: 'ADA@example.org',
      password: 'whatever-123',
      name: 'Impostor',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(msg.user.signUpCheckEmail);
    expect(res.body).not.toContain(msg.user.emailTaken);
    expect(res.headers.location).toBeUndefined();
    await expect.poll(() => mailer.sent.length).toBe(before + 1);
    expect(mailer.sent.at(-1)).toMatchObject({ to: 'ada@example.org', subject: expect.stringMatching(/tried to create/) });
    await expect(signIn(app, 'ada@example.org', 'whatever-123')).rejects.toThrow(/401/);
    expect((await new AccountsRepo(db.db).byEmail('ada@example.org'))!.name).toBe('Ada Lovelace');
  });

  it('publishes discovery and the public JWKS without private parts, and keeps keys across restarts', async () => {
    const disco = await app.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
      headers: { host: 'localhost:3000' },
    });
    expect(disco.json()).toMatchObject({ issuer: ISS, code_challenge_methods_supported: ['S256'] });
    const jwks = (await app.inject({ method: 'GET', url: '/auth/jwks' })).json() as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const k of jwks.keys) expect(k.d).toBeUndefined();
    const { app: second } = await makeTestApp(db);
    const jwks2 = (await second.inject({ method: 'GET', url: '/auth/jwks' })).json() as {
      keys: { kid: string }[];
    };
    expect(jwks2.keys.map((k) => k.kid)).toEqual(jwks.keys.map((k) => k.kid));
    // A token from before the "restart" still works on the new instance (shared DB state).
    const t = await signIn(app, 'ada@example.org', 'a-brand-new-secret');
    expect(
      (await second.inject({ method: 'GET', url: '/api/user/my', headers: bearer(t.access_token) }))
        .statusCode,
    ).toBe(200);
    await second.close();
  });

  it('serves the sign-in page in the Atrium look with its font', async () => {
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    const page = await app.inject({
      method: 'GET',
      url: `/auth/interaction/${uid}`,
      headers: { host: 'localhost:3000', cookie: jar.header() },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/auth-ui/style.css');
    const css = await app.inject({ method: 'GET', url: '/auth-ui/style.css' });
    expect(css.body).toContain('#3DABFF');
    const font = await app.inject({ method: 'GET', url: '/auth-ui/fonts/600.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect((await app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toMatchObject({
      issuer: ISS,
      clientId: 'atrium-web',
      scope: 'openid profile email',
      builtIn: true,
    });
  });
});
