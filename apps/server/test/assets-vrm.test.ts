import sharp from 'sharp';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, msg } from '@atrium/shared';
import { buildVrmFixture } from '@atrium/engine/avatars/vrm/fixture';
import { assets as assetsTable } from '../src/db/schema/index.ts';
import type { LocalStorage } from '../src/storage/index.ts';
import { startAssetApp, uploadParts } from './support/assetApp.ts';
import { glb, picture, type Part } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

// VRM avatars through the asset pipeline (POST /api/avatar) and as the stored avatar choice.

const vrm = (opts: Parameters<typeof buildVrmFixture>[0] = {}) => Buffer.from(buildVrmFixture(opts));

describe.each(databases)('VRM avatars on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let files: LocalStorage;
  let ada: { token: string; id: string };
  let bob: { token: string; id: string };

  const upload = (parts: Part[], who = ada, fields: Record<string, string> = {}) => uploadParts(app, '/api/avatar', who.token, parts, fields);
  const get = (url: string, who: { token: string } | null = ada) =>
    app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  const putAvatar = (body: unknown, who = ada) =>
    app.inject({ method: 'PUT', url: '/api/user/my/avatar', headers: bearer(who.token), payload: body as object });
  const rows = async () => (await db.db.select({ n: count() }).from(assetsTable))[0]!.n;

  async function rejected(parts: Part[], status: number, code: string, message: string | RegExp) {
    const beforeKeys = await files.list('assets');
    const beforeRows = await rows();
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message);
    expect(await files.list('assets')).toEqual(beforeKeys);
    expect(await rows()).toBe(beforeRows);
  }

  beforeAll(async () => {
    db = await open();
    ({ app, files } = await startAssetApp(db));
    ada = await signUpUser(app, db, 'ada.vrm@example.org', 'Ada');
    bob = await signUpUser(app, db, 'bob.vrm@example.org', 'Bob');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('stores a VRM 1.0 as uploaded, with a thumbnail, its counts and version, ready at once', async () => {
    const bytes = vrm({ name: 'Robo' });
    const res = await upload([{ name: 'robo.vrm', data: bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ kind: 'avatar', status: 'ready', title: 'Robo', mime: 'model/gltf-binary', sizeBytes: bytes.length });
    expect(a.fields.vrmVersion).toBe('1.0');
    expect(a.stats.triangles).toBe(17 * 12);
    expect(a.modelUrl).toMatch(new RegExp(`^/api/file/${a.id}\\?v=[0-9a-f]{20}$`));
    // Byte for byte: the VRM extension survives (the model optimiser would strip it).
    const file = await get(a.modelUrl);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    const thumb = await get(a.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    // The figure is drawn in its colour on the light background, not left blank.
    const { data, info } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    let figure = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > data[i + 2]! + 60) figure++;
    expect(figure / (info.width * info.height)).toBeGreaterThan(0.03);

    const list = await get('/api/avatar');
    expect(list.json().map((x: { id: string }) => x.id)).toContain(a.id);
  });

  it('accepts VRM 0.x', async () => {
    const res = await upload([{ name: 'old.vrm', data: vrm({ version: '0' }) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fields.vrmVersion).toBe('0.x');
  });

  it('stores the choice on the user with the server-made URL, and the file is readable by others while chosen', async () => {
    const a = (await upload([{ name: 'mine.vrm', data: vrm() }], bob)).json();
    await app.inject({ method: 'PATCH', url: '/api/settings/my', headers: bearer(bob.token), payload: { showContentLibrary: false } });
    expect((await get(a.modelUrl, ada)).statusCode).toBe(403);

    const choice = { model: 'kai', body: '#3DABFF', skin: '#C68863', clothes: '#2E3A59', vrm: { assetId: a.id, url: `/api/file/${a.id}` } };
    const saved = await putAvatar(choice, bob);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().vrm).toEqual({ assetId: a.id, url: a.modelUrl });
    expect((await get('/api/user/my/avatar', bob)).json().vrm.url).toBe(a.modelUrl);
    expect((await get(a.modelUrl, ada)).statusCode).toBe(200);

    // Back to a built-in avatar: the file is private again.
    const { vrm: _v, ...builtIn } = choice;
    expect((await putAvatar(builtIn, bob)).statusCode).toBe(200);
    expect((await get(a.modelUrl, ada)).statusCode).toBe(403);

    // Deleting the chosen VRM leaves the built-in choice, colours kept.
    expect((await putAvatar(choice, bob)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/avatar/${a.id}`, headers: bearer(bob.token) })).statusCode).toBe(204);
    expect((await get('/api/user/my/avatar', bob)).json()).toEqual(builtIn);
    expect((await get(a.modelUrl, bob)).statusCode).toBe(404);
  });

  it("refuses someone else's VRM, a non-avatar asset, an unknown id and a foreign URL as the choice", async () => {
    const bobs = (await upload([{ name: 'b.vrm', data: vrm() }], bob)).json();
    const base = { model: 'kai', body: '#3DABFF', skin: '#C68863', clothes: '#2E3A59' };
    const res = await putAvatar({ ...base, vrm: { assetId: bobs.id, url: `/api/file/${bobs.id}` } });
    expect(res.statusCode).toBe(403);
    const text = (await app.inject({ method: 'POST', url: '/api/text3d', headers: bearer(ada.token), payload: { text: 'hi' } })).json();
    expect((await putAvatar({ ...base, vrm: { assetId: text.id, url: `/api/file/${text.id}` } })).statusCode).toBe(404);
    const unknown = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect((await putAvatar({ ...base, vrm: { assetId: unknown, url: `/api/file/${unknown}` } })).statusCode).toBe(404);
    const foreign = await putAvatar({ ...base, vrm: { assetId: bobs.id, url: 'https://evil.example/x.vrm' } });
    expect(foreign.statusCode).toBe(400);
    expect((await get('/api/user/my/avatar')).json().vrm).toBeUndefined();
  });

  describe('bad input leaves nothing behind', () => {
    it('a plain glTF binary (no VRM extension): 415 NOT_A_VRM', async () => {
      await rejected([{ name: 'plain.vrm', data: vrm({ version: 'none' }) }], 415, 'NOT_A_VRM', msg.asset.notVrm('plain.vrm'));
      await rejected([{ name: 'ball.vrm', data: await glb() }], 415, 'NOT_A_VRM', /not a VRM avatar/);
    });
    it('a VRM without the required humanoid bones', async () => {
      await rejected([{ name: 'handless.vrm', data: vrm({ unmapped: ['leftHand', 'rightFoot'] }) }], 400, 'VALIDATION_FAILED', msg.asset.vrmNoHumanoid('handless.vrm', 'leftHand, rightFoot'));
    });
    it('a truncated VRM', async () => {
      const whole = vrm();
      await rejected([{ name: 'cut.vrm', data: whole.subarray(0, Math.floor(whole.length / 2)) }], 400, 'VALIDATION_FAILED', /truncated/);
    });
    it('the wrong type (a picture named .vrm)', async () => {
      await rejected([{ name: 'face.vrm', data: await picture(16, 16, 'png') }], 415, 'UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType('.vrm'));
    });
    it('over 30 MB (413 with the formatted limit)', async () => {
      expect(UPLOAD_LIMITS.avatar).toBe(30 * 1024 * 1024);
      await rejected([{ name: 'huge.vrm', data: Buffer.alloc(UPLOAD_LIMITS.avatar + 1, 1) }], 413, 'PAYLOAD_TOO_LARGE', msg.asset.tooLarge('30 MB'));
    });
    it('two files, or none', async () => {
      await rejected([{ name: 'a.vrm', data: vrm() }, { name: 'b.vrm', data: vrm() }], 400, 'VALIDATION_FAILED', /only one/);
      await rejected([], 400, 'VALIDATION_FAILED', /./);
    });
  });
});
