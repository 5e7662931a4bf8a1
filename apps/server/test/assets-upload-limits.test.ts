import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { assets as assetsTable } from '../src/db/schema/index.ts';
import type { LocalStorage } from '../src/storage/index.ts';
import { startAssetApp, uploadParts } from './support/assetApp.ts';
import { cubeMtl, cubeObj, glb, picture, zip, type Part } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';
import { compressibleZip, zerosZip } from './support/zipFixtures.ts';

// Issue 13 item 7: what one model upload may unpack to, and how long it may hold the server.
describe.each(databases)('model upload limits on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let files: LocalStorage;
  let ada: { token: string; id: string };

  const upload = (parts: Part[], fields: Record<string, string> = {}) => uploadParts(app, '/api/model3d', ada.token, parts, fields);
  const rows = async () => (await db.db.select({ n: count() }).from(assetsTable))[0]!.n;
  const leftovers = () => fs.readdirSync(app.assets.uploads.dir);

  /**
   * A refused upload answers the coded error and leaves nothing in storage, the database or the temp
   * folder; /healthz, asked while it runs, still answers.
   */
  async function refused(parts: Part[], status: number, code: string, message: string) {
    await app.assets.jobs.idle();
    const [keys, n] = [await files.list('assets'), await rows()];
    const [res, health] = await Promise.all([upload(parts), app.inject({ method: 'GET', url: '/healthz' })]);
    expect(health.statusCode).toBe(200);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toMatchObject({ code, message });
    expect(await files.list('assets')).toEqual(keys);
    expect(await rows()).toBe(n);
    expect(leftovers()).toEqual([]);
  }

  beforeAll(async () => {
    db = await open();
    ({ app, files } = await startAssetApp(db));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('refuses several zips of zeros (300 MB from a few hundred KB) with a coded 400, answering /healthz meanwhile', async () => {
    // Each zip stays under the old per-zip 200 MB and every entry under the old 1 MB ratio floor.
    const bomb = zerosZip(100);
    const parts = [
      { name: 'model.glb', data: await glb() },
      ...[1, 2, 3].map((i) => ({ name: `zeros${i}.zip`, data: bomb })),
    ];
    expect(parts.reduce((n, p) => n + p.data.length, 0)).toBeLessThan(400 * 1024);
    await refused(parts, 400, 'VALIDATION_FAILED', msg.asset.zipRatio('pad/0.bin'));
  });

  it('checks the ratio of small entries too', async () => {
    const small = zip({ 'model.glb': await glb(), 'pad.bin': new Uint8Array(64 * 1024) });
    await refused(
      [{ name: 'small.zip', data: small }],
      400,
      'VALIDATION_FAILED',
      msg.asset.zipRatio('pad.bin'),
    );
  });

  it('caps what the whole upload unpacks to (200 MB), not each zip, before inflating anything', async () => {
    // Two zips of 110 MB, each entry about 25:1: every zip and entry passes on its own.
    const half = compressibleZip(110);
    await refused(
      [
        { name: 'a.zip', data: zip({ 'model.glb': await glb() }) },
        { name: 'b.zip', data: half },
        { name: 'c.zip', data: half },
      ],
      413,
      'PAYLOAD_TOO_LARGE',
      msg.asset.zipTooLarge('200 MB'),
    );
  });

  it('counts files across all zips of the upload (1,000 at most)', async () => {
    const many = (prefix: string) =>
      zip(
        Object.fromEntries(
          Array.from({ length: 600 }, (_, i) => [`${prefix}/${i}.txt`, new Uint8Array([i % 256])]),
        ),
      );
    await refused(
      [
        { name: 'model.glb', data: await glb() },
        { name: 'a.zip', data: many('a') },
        { name: 'b.zip', data: many('b') },
      ],
      400,
      'VALIDATION_FAILED',
      msg.asset.zipTooManyEntries(1000),
    );
  });

  it('keeps a multi-file upload as one valid zip of every file, tiny blank files included', async () => {
    const png = await picture(16, 16, 'png');
    const res = await upload([
      { name: 'cube.obj', data: Buffer.from(cubeObj) },
      {
        name: 'extras.zip',
        data: zip({ 'cube.mtl': Buffer.from(cubeMtl), 'blank.txt': new Uint8Array(1000) }),
      },
      { name: 'cube.png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(leftovers()).toEqual([]);
    await app.assets.jobs.idle();
    const a = (
      await app.inject({ method: 'GET', url: `/api/model3d/${res.json().id}`, headers: bearer(ada.token) })
    ).json();
    const original = await app.inject({ method: 'GET', url: a.originalUrl, headers: bearer(ada.token) });
    // unzipSync checks each entry's CRC and size against the data descriptor.
    const unpacked = unzipSync(new Uint8Array(original.rawPayload));
    expect(Object.keys(unpacked).sort()).toEqual(['blank.txt', 'cube.mtl', 'cube.obj', 'cube.png']);
    expect(Buffer.from(unpacked['cube.obj']!).toString()).toBe(cubeObj);
    expect(Buffer.from(unpacked['cube.png']!).equals(png)).toBe(true);
    expect(unpacked['blank.txt']!.length).toBe(1000);
  });
});
