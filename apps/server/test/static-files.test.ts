import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { openTestPglite, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { DEMO_SPACES, thumbnailUri } from '@atrium/assets/demo-spaces';
import { THUMBNAILS_DIR } from '../src/plugins/staticFiles.ts';

// Static files only: one database engine is enough.
describe('static files: KTX2 transcoder and rendered thumbnails', () => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestPglite();
    ({ app } = await makeTestApp(db));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves the Basis transcoder (JS and WASM) at /engine/basis/ with a long cache', async () => {
    const js = await app.inject('/engine/basis/basis_transcoder.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('BASIS');
    expect(js.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    const wasm = await app.inject('/engine/basis/basis_transcoder.wasm');
    expect(wasm.statusCode).toBe(200);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.rawPayload.subarray(0, 4).toString('hex')).toBe('0061736d'); // "\0asm"
  });

  it('answers 404 for files that are not there and never escapes the folder', async () => {
    expect((await app.inject('/engine/basis/nope.js')).statusCode).toBe(404);
    const escape = await app.inject('/static/thumbnails/..%2f..%2fpackage.json');
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain('"workspaces"');
  });

  it('has a committed WebP thumbnail for every template and demo space, served as image/webp', async () => {
    const names = [...listTemplates().map((t) => t.spaceTemplateId), ...DEMO_SPACES.map((s) => s.demoKey)];
    for (const name of names) expect(fs.existsSync(`${THUMBNAILS_DIR}/${name}.webp`), name).toBe(true);
    const res = await app.inject(thumbnailUri(DEMO_SPACES[0]!.demoKey));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
  });
});
