import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startApp, type RunningApp } from '../../../e2e/support/harness.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { tokenOverHttp } from './support/oidcHttp.ts';

// External-provider mode: a second process of Atrium's built-in provider plays the external issuer;
// this app (OIDC_ISSUER set) must verify its tokens through discovery + JWKS, the same code path.

describe.each(databases)('external OpenID issuer on %s', (_name, open) => {
  let issuer: RunningApp;
  let db: TestDb;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    // The issuer needs accounts only: no demo seed, so it starts in seconds even on a busy machine.
    issuer = await startApp({ env: { SEED: 'false' } });
    db = await open();
    ({ app } = await makeTestApp(
      db,
      {},
      { OIDC_ISSUER: `${issuer.baseURL}/auth`, OIDC_CLIENT_ID: 'atrium-web' },
    ));
    token = (
      await tokenOverHttp(issuer.baseURL, {
        email: 'ext@example.org',
        password: 'outside-in-42',
        signUpName: 'External Eve',
      })
    ).access_token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await issuer?.stop();
  });

  it('tells the web app to sign in at the external issuer', async () => {
    const cfg = (await app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(cfg).toMatchObject({ issuer: `${issuer.baseURL}/auth`, clientId: 'atrium-web', builtIn: false });
  });

  it("accepts the issuer's access token and creates the user on first sight", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'External Eve',
      email: 'ext@example.org',
      loginProvider: `oidc:${new URL(issuer.baseURL).host}`,
    });
    const again = await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(token) });
    expect(again.json().userId).toBe(res.json().userId);
  });

  it('refuses tokens of another issuer, for another audience, or tampered', async () => {
    const { app: other } = await makeTestApp(
      db,
      {},
      {
        OIDC_ISSUER: `${issuer.baseURL}/auth`,
        OIDC_CLIENT_ID: 'atrium-web',
        OIDC_AUDIENCE: 'https://api.elsewhere.example',
      },
    );
    expect(
      (await other.inject({ method: 'GET', url: '/api/user/my', headers: bearer(token) })).statusCode,
    ).toBe(401);
    await other.close();
    const strict = await makeTestApp(
      db,
      {},
      { OIDC_ISSUER: `${issuer.baseURL}/auth`, OIDC_AUDIENCE: `${issuer.baseURL}/api` },
    );
    expect(
      (await strict.app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await strict.app.close();
    const [h, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, roles: ['premium-user'] })).toString('base64url')}.${token.split('.')[2]}`;
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(tampered) })).statusCode,
    ).toBe(401);
    // The built-in provider is not mounted in this mode.
    expect((await app.inject({ method: 'POST', url: '/auth/token' })).statusCode).toBe(404);
  });
});
