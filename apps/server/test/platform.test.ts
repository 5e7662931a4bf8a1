import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { msg } from '@atrium/shared';
import { openTestPglite, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';

function fakeWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('platform: health, docs, errors, SPA serving', () => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestPglite();
    ({ app } = await makeTestApp(db, { webDist: fakeWebDist() }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('healthz is up and readyz checks the database', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('serves an OpenAPI document generated from the zod schemas', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const send = doc.paths['/api/contactus/send'].post;
    expect(Object.keys(send.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'inquiryType', 'country', 'message', 'company']),
    );
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers unknown API routes with a JSON 404, never the SPA', async () => {
    for (const url of ['/api/nope', '/api', '/api/contactus/send/extra']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('serves index.html with per-route meta for client routes', async () => {
    const res = await app.inject({ url: '/contact', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toMatch(/<title>[^<]*Contact[^<]*<\/title>/);
    expect(res.body).toContain('property="og:title"');
    expect((await app.inject('/learning')).body).toContain('name="robots" content="noindex"');
  });

  it('escapes hostile paths in injected meta', async () => {
    const res = await app.inject('/user/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('serves hashed assets as immutable and missing files as 404', async () => {
    const res = await app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('worker-src');
    expect(csp).toContain('blob:');
    expect((await app.inject('/')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('readyz answers 503 in the coded shape when the database is gone', async () => {
    await db.close();
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UNAVAILABLE');
  });

  it('uses the spec message for 403s', () => {
    expect(msg.notAuthorized).toBe('You are not authorized to perform this action');
  });
});

describe('global rate limit', () => {
  it('answers 429 with the coded shape', async () => {
    const db = await openTestPglite();
    const { app } = await makeTestApp(db, { rateLimit: { max: 2, contactMax: 2 } });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject('/api/faqs')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect((await app.inject('/api/faqs')).json().error.code).toBe('RATE_LIMITED');
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await app.close();
    await db.close();
  });
});
