import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Collect from '../src/modules/assets/models/collect.ts';
import type * as Keys from '../src/modules/assets/keys.ts';
import { makeTestApp } from './support/app.ts';
import { glb, gltfWithFiles, multipart, sphereDocument, sphereTriangles, type Part } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

// Issue 13 item 7: the validator and glTF-Transform held the server's event loop for hundreds of ms
// per model upload. These mocks exist only in the server thread (a worker loads the real modules), so
// an upload that still collects the model, or hashes what it stores, on the server thread is caught
// here without timing anything; the stall itself is measured by `npm run bench upload`.
const keyCalls = vi.hoisted(() => [] as { variant: string; hash?: string; bytes: Buffer }[]);
vi.mock('../src/modules/assets/models/collect.ts', async (original) => ({
  ...(await original<typeof Collect>()),
  collectModel: () => {
    throw new Error('the model was collected on the server thread');
  },
}));
vi.mock('../src/modules/assets/keys.ts', async (original) => {
  const real = await original<typeof Keys>();
  return {
    ...real,
    keyFor: (...args: Parameters<typeof Keys.keyFor>) => {
      keyCalls.push(args[2]);
      return real.keyFor(...args);
    },
  };
});

const sha20 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex').slice(0, 20);

describe.each(databases)('model upload work off the event loop on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: { token: string; id: string };

  const upload = (parts: Part[]) => {
    const form = multipart({}, parts);
    return app.inject({ method: 'POST', url: '/api/model3d', headers: { ...bearer(ada.token), ...form.headers }, payload: form.payload });
  };
  const stored = (variant: string) => keyCalls.filter((c) => c.variant === variant);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
  });
  beforeEach(async () => {
    // The previous upload's optimisation job stores its own files; only this upload's count.
    await app.assets.jobs.idle();
    keyCalls.length = 0;
  });
  afterAll(async () => {
    await app.assets.jobs.idle();
    await app.close();
    await db.close();
  });

  it('validates and converts a GLB in a worker and stores it under hashes taken there', async () => {
    const data = await glb(sphereDocument(128, 64));
    const res = await upload([{ name: 'ball.glb', data }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().stats.triangles).toBe(sphereTriangles(128, 64));
    for (const variant of ['source', 'original']) {
      const [call] = stored(variant);
      // A hash handed in means the server thread did not hash the bytes; it must still be theirs.
      expect(call?.hash).toBe(sha20(call!.bytes));
    }
    expect(stored('original')[0]!.bytes.equals(data)).toBe(true);
  });

  it('zips a multi-file upload back in the worker', async () => {
    const { gltf, bin, png } = await gltfWithFiles();
    const res = await upload([
      { name: 'scene.gltf', data: gltf },
      { name: 'scene.bin', data: bin },
      { name: 'albedo.png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [original] = stored('original');
    expect(original?.hash).toBe(sha20(original!.bytes));
    expect(original!.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('keeps the coded answer for a model the worker refuses', async () => {
    const res = await upload([{ name: 'broken.glb', data: Buffer.from('glTF not really a model at all') }]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toMatch(/VALIDATION_FAILED|UNSUPPORTED_MEDIA_TYPE/);
    expect(keyCalls.filter((c) => ['source', 'original'].includes(c.variant))).toEqual([]);
  });
});
