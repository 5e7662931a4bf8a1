import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlEncoding, webPlugin } from '../src/plugins/web.ts';

// The built web app as the server hands it out (issue 17 performance): the build's .br/.gz copies of
// hashed assets sent as they are with a year of immutable caching, and the page HTML compressed too.
// No database is involved, so no second engine.
describe('web assets: precompressed files, caching and compressed pages', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    const file = path.join(dir, 'assets', 'app-abc123.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
    app = Fastify();
    // As app.ts registers them: dynamic compression first, then the web app.
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(webPlugin, { webDist: dir, publicUrl: 'http://localhost:3000' });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that takes brotli, the gzip one otherwise, the plain file last', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('compresses the page HTML the server writes for each address', async () => {
    const page = await app.inject({ url: '/explore', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<title>');
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('chooses the page encoding from Accept-Encoding, honouring a refusal', () => {
    expect(htmlEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(htmlEncoding('gzip, br;q=0')).toBe('gzip');
    expect(htmlEncoding('GZIP')).toBe('gzip');
    expect(htmlEncoding('deflate')).toBeNull();
    expect(htmlEncoding(undefined)).toBeNull();
  });

  it('still answers 404 for a missing asset, never the page', async () => {
    const missing = await app.inject({ url: '/assets/nope-000.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
  });
});
