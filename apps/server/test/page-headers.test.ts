import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { authorize, CookieJar } from './support/identity.ts';

function fakeWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div></body></html>');
  return dir;
}

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe.each(databases)('page headers and injected meta on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, { webDist: fakeWebDist() }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lets any site frame the embed viewer, and only Atrium itself frame every other page', async () => {
    const id = crypto.randomUUID();
    for (const url of [`/viewer/embed/${id}`, `/viewer/embed/${id}?showSignIn=1&showCommunications=0`]) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('*');
    }
    const jar = new CookieJar();
    const signIn = await authorize(app, jar);
    expect(signIn.uid).toBeTruthy();
    for (const url of ['/', '/login', `/viewer/${id}`, `/editor/${id}`, '/curate', `/viewer/embed/${id}/extra`, '/auth/forgot', signIn.location]) {
      const res = await app.inject({ url, headers: { host: 'localhost:3000', cookie: jar.header() } });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'self'");
    }
  });

  it("sends the security headers on the sign-in provider's own endpoints too (their replies bypass Fastify's)", async () => {
    for (const url of ['/auth/jwks', '/auth/.well-known/openid-configuration']) {
      const res = await app.inject({ url, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('puts a path with $& or $` into og:url literally, without duplicating the head', async () => {
    for (const p of ['/explore/a$&b', "/explore/a$`b", "/explore/a$'b"]) {
      const res = await app.inject(p);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/<\/head>/g), p).toHaveLength(1);
      expect(res.body.match(/<title>/g), p).toHaveLength(1);
      const og = /<meta property="og:url" content="([^"]*)"/.exec(res.body)?.[1];
      const expected = new URL(p, 'http://localhost:3000').toString().replace('&', '&amp;').replace("'", '&#39;');
      expect(og, p).toBe(expected);
      expect(expected).toContain('$');
    }
  });
});
