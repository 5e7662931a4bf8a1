import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { authorize, CookieJar, form } from './support/identity.ts';
import { injectAs, signUpUser } from './support/users.ts';
import { loadConfig } from '../src/config.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';

const get = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
  app.inject({ method: 'GET', url: '/api/auth/config', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

describe('TRUST_PROXY configuration', () => {
  const parse = (v: string | undefined) => loadConfig({ NODE_ENV: 'test', ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustProxy;
  it('trusts nobody by default and takes addresses, CIDR ranges and named ranges', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('10.0.0.5, 192.168.0.0/16,loopback, fd00::/8')).toEqual(['10.0.0.5', '192.168.0.0/16', 'loopback', 'fd00::/8']);
  });
  it('refuses "trust everyone" and malformed entries', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2'])
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe.each(databases)('X-Forwarded-For and per-IP limits on %s', (_name, open) => {
  let db: TestDb;
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    ({ app: direct } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '3', SIGNIN_MAX_ATTEMPTS: '2' }));
    ({ app: proxied } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '3', TRUST_PROXY: '10.9.0.0/24' }));
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await db.close();
  });

  it('ignores a client’s own X-Forwarded-For by default: the global per-IP limit holds', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await get(direct, '10.20.0.1', `203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('ignores it for sign-in attempts too', async () => {
    const jar = new CookieJar();
    const { uid } = await authorize(direct, jar);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await direct.inject({
        method: 'POST',
        url: `/auth/interaction/${uid}/login`,
        remoteAddress: '10.21.0.1',
        headers: {
          host: 'localhost:3000',
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i}`,
        },
        payload: new URLSearchParams({ email: 'someone@example.org', password: `guess-${i}` }).toString(),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 429]);
    // The helper's own address is a different client.
    expect((await form(direct, jar, `/auth/interaction/${uid}/login`, { email: 'someone@example.org', password: 'x' }, '10.21.0.2')).statusCode).toBe(401);
  });

  it('counts a view once per visitor, whatever X-Forwarded-For the visitor sends', async () => {
    // Default limits here: signing up and publishing take more than three requests.
    const { app: plain } = await makeTestApp(db);
    const ada = await signUpUser(plain, db, 'ada@example.com', 'Ada Lovelace');
    const draft = await injectAs(plain, ada, 'POST', '/api/scene/metadata', { title: 'Forwarded Fair', tags: ['gallery', 'painting', 'museum'], description: '' });
    const id = draft.json().sceneId as string;
    const slot = (await injectAs(plain, ada, 'GET', '/api/slot/available')).json()[0].slotId;
    expect((await injectAs(plain, ada, 'POST', `/api/sceneactions/${id}/publish`, { slotId: slot })).statusCode).toBeLessThan(300);
    const counted: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await plain.inject({
        method: 'POST',
        url: `/api/sceneview/${id}`,
        remoteAddress: '10.24.0.1',
        headers: { 'user-agent': BROWSER, 'x-forwarded-for': `192.0.2.${i}` },
      });
      counted.push(res.json().counted);
    }
    await plain.close();
    expect(counted).toEqual([true, false, false]);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const viaProxy: number[] = [];
    for (let i = 0; i < 4; i++) viaProxy.push((await get(proxied, '10.9.0.7', `203.0.113.${i}`)).statusCode);
    expect(viaProxy).toEqual([200, 200, 200, 200]); // four different clients behind the proxy
    const stranger: number[] = [];
    for (let i = 0; i < 4; i++) stranger.push((await get(proxied, '10.22.0.1', `203.0.113.${i + 10}`)).statusCode);
    expect(stranger).toEqual([200, 200, 200, 429]);
  });

  it('does not let a direct client choose the host the sign-in provider builds its URLs on', async () => {
    const res = await direct.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      remoteAddress: '10.23.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
  });
});
