import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets as assetsTable } from '../src/db/schema/index.ts';
import type { LocalStorage } from '../src/storage/index.ts';
import { startAssetApp, uploadParts } from './support/assetApp.ts';
import { sphereTriangles, zip, type Part } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { cubeObjZeroNormals, dracoGlb, dracoGltfFiles, gltfWithBareKtx2, validateServed } from './support/modelFixtures.ts';
import { signUpUser } from './support/users.ts';

/** Hue spread of the model's pixels (the background is near-white and left out). */
async function colourfulness(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const hues = new Set<number>();
  let model = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    const max = Math.max(r, g, b), min = Math.min(r, g, b);
    if (min > 225) continue;
    model++;
    if (max - min < 40) continue;
    const h = max === r ? ((g - b) / (max - min) + 6) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
    hues.add(Math.floor(h)); // six 60° sectors
  }
  return { model, hues: hues.size };
}

describe.each(databases)('model pipeline trust on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let files: LocalStorage;
  let ada: { token: string; id: string };

  const upload = (parts: Part[], fields: Record<string, string> = {}) => uploadParts(app, '/api/model3d', ada.token, parts, fields);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(ada.token) });
  const rows = async () => (await db.db.select({ n: count() }).from(assetsTable))[0]!.n;

  /** Uploads, waits for the optimiser and returns the asset as the API describes it. */
  async function processed(parts: Part[]) {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(201);
    await app.assets.jobs.idle();
    const m = (await get(`/api/model3d/${res.json().id}`)).json();
    expect(m.error ?? null).toBeNull();
    expect(m.status).toBe('ready');
    return m;
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

  it('accepts a Draco GLB and serves a meshopt model that validates with 0 errors', async () => {
    const m = await processed([{ name: 'draco.glb', data: await dracoGlb() }]);
    expect(m.stats.triangles).toBeGreaterThan(sphereTriangles() * 0.9);
    const served = (await get(m.modelUrl)).rawPayload;
    expect(served.includes(Buffer.from('KHR_draco_mesh_compression'))).toBe(false);
    expect(served.includes(Buffer.from('EXT_meshopt_compression'))).toBe(true);
    const check = await validateServed(served);
    expect(check.served).toEqual([]);
    expect(check.decoded).toEqual([]);
    expect(check.triangles).toBe(m.stats.triangles);
  });

  it('accepts a Draco glTF with its .bin and texture, as separate files and zipped', async () => {
    const { gltf, bin, png } = await dracoGltfFiles();
    for (const parts of [
      [{ name: 'scene.gltf', data: gltf }, { name: 'scene.bin', data: bin }, { name: 'albedo.png', data: png }],
      [{ name: 'chair.zip', data: zip({ 'chair/scene.gltf': gltf, 'chair/scene.bin': bin, 'chair/albedo.png': png }) }],
    ]) {
      const m = await processed(parts);
      expect(m.fields.format).toBe('gltf');
      expect(m.stats).toMatchObject({ textures: 1, materials: 1 });
      expect(m.stats.triangles).toBeGreaterThan(sphereTriangles(16, 8) * 0.9);
      const check = await validateServed((await get(m.modelUrl)).rawPayload);
      expect(check.served).toEqual([]);
      expect(check.decoded).toEqual([]);
    }
  });

  it('repairs OBJ `vn 0 0 0` normals so the served model validates with 0 errors', async () => {
    const m = await processed([{ name: 'cube.obj', data: Buffer.from(cubeObjZeroNormals) }]);
    expect(m.stats.triangles).toBe(12);
    const check = await validateServed((await get(m.modelUrl)).rawPayload);
    expect(check.served).toEqual([]);
    expect(check.decoded).toEqual([]);
  });

  it('refuses a KTX2 texture without KHR_texture_basisu with the reason, leaving nothing behind', async () => {
    await app.assets.jobs.idle();
    const [keys, n] = [await files.list('assets'), await rows()];
    const { gltf, bin, ktx2 } = await gltfWithBareKtx2();
    // Zipped: a zip is the one way a .ktx2 file reaches the model reader.
    const res = await upload([{ name: 'scene.zip', data: zip({ 'scene.gltf': gltf, 'scene.bin': bin, 'albedo.ktx2': ktx2 }) }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/scene\.gltf is not valid: .*KTX2.*KHR_texture_basisu/);
    await app.assets.jobs.idle();
    expect(await files.list('assets')).toEqual(keys);
    expect(await rows()).toBe(n);
  });

  it('renders library thumbnails with the model texture (a checker sphere is not one grey or one colour)', async () => {
    const m = await processed([{ name: 'draco.glb', data: await dracoGlb() }]);
    const thumb = await colourfulness((await get(m.thumbnailUrl)).rawPayload);
    expect(thumb.model).toBeGreaterThan(20_000);
    // The checker's red, green, blue and yellow land in at least four hue sectors; the old
    // renderer drew the white base colour factor only (grey: no hue at all).
    expect(thumb.hues).toBeGreaterThanOrEqual(4);
  });

  it('makes no LOD file nobody loads', async () => {
    const m = await processed([{ name: 'draco.glb', data: await dracoGlb() }]);
    expect(m.lodUrl).toBeUndefined();
    expect(m.stats.lodTriangles).toBeUndefined();
    expect((await get(`/api/file/${m.id}/lod`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await files.list(`assets/${ada.id}/${m.id}`)).some((k) => k.includes('lod'))).toBe(false);
  });
});
