import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../src/storage/index.ts';
import { makeTestApp } from './support/app.ts';
import { glb, media, multipart, picture } from './support/assetFixtures.ts';
import { openTestPglite, type TestDb } from './support/db.ts';
import { bearer, signIn } from './support/identity.ts';

// The whole upload pipeline with STORAGE_URL pointing at a local S3-compatible server (s3rver).
describe('content library on S3 storage', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-assets-'));
  let server: S3rver;
  let db: TestDb;
  let app: FastifyInstance;
  let s3: Storage;
  let token = '';

  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tmp, configureBuckets: [{ name: 'media', configs: [] }] });
    const { port } = await server.run();
    const url = `s3://media/atrium?endpoint=http://127.0.0.1:${port}`;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    s3 = createStorage(tmp, url);
    db = await openTestPglite();
    ({ app } = await makeTestApp(db, {}, { STORAGE_URL: url }));
    token = (await signIn(app, 'sam@example.org', 'password-123', { signUpName: 'Sam' })).access_token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const upload = (kind: string, files: { name: string; data: Buffer }[]) => {
    const form = multipart({}, files);
    return app.inject({ method: 'POST', url: `/api/${kind}`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  };

  it('stores, serves (with ranges) and deletes pictures, videos and optimised models in the bucket', async () => {
    const pic = (await upload('picture', [{ name: 'a.png', data: await picture(120, 80, 'png') }])).json();
    const vid = (await upload('video', [{ name: 'v.mp4', data: media('mp4') }])).json();
    const model = (await upload('model3d', [{ name: 'm.glb', data: await glb() }])).json();
    await app.assets.jobs.idle();
    const keys = await s3.list('assets');
    expect(keys.filter((k) => k.includes(pic.id))).toHaveLength(3);
    expect(keys.filter((k) => k.includes(model.id)).map((k) => k.split('/').pop()!.split('-')[0]).sort()).toEqual(['main', 'original', 'source', 'thumbnail']);

    const part = await app.inject({ url: vid.videoUrl, headers: { ...bearer(token), range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    const ready = (await app.inject({ url: `/api/model3d/${model.id}`, headers: bearer(token) })).json();
    expect(ready.status).toBe('ready');
    expect((await app.inject({ url: ready.modelUrl, headers: bearer(token) })).rawPayload.subarray(0, 4).toString()).toBe('glTF');

    for (const a of [pic, vid, model]) {
      expect((await app.inject({ method: 'DELETE', url: `/api/${a.kind}/${a.id}`, headers: bearer(token) })).statusCode).toBe(204);
    }
    expect(await s3.list('assets')).toEqual([]);
  });
});
