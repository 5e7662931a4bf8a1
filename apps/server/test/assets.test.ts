import path from 'node:path';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, msg } from '@atrium/shared';
import { assets as assetsTable } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { LocalStorage } from '../src/storage/index.ts';
import { makeTestApp } from './support/app.ts';
import {
  cubeMtl,
  cubeObj,
  elfExecutable,
  glb,
  gltfWithExternalUri,
  gltfWithFiles,
  hugePngHeader,
  media,
  multipart,
  picture,
  sphereTriangles,
  zip,
  zipWithSymlink,
  type Part,
} from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

describe.each(databases)('content library on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let files: LocalStorage;
  let ada: { token: string; id: string };
  let bob: { token: string; id: string };

  const upload = (kind: string, fields: Record<string, string>, parts: Part[] = [], who = ada) => {
    const form = multipart(fields, parts);
    return app.inject({ method: 'POST', url: `/api/${kind}`, headers: { ...bearer(who.token), ...form.headers }, payload: form.payload });
  };
  const get = (url: string, who: { token: string } | null = ada, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(who ? bearer(who.token) : {}), ...headers } });
  const rows = async () => (await db.db.select({ n: count() }).from(assetsTable))[0]!.n;

  /** Runs a rejected upload and proves it left nothing in storage or the database. */
  async function rejected(kind: string, parts: Part[], status: number, message: string | RegExp, fields: Record<string, string> = {}) {
    await app.assets.jobs.idle();
    const beforeKeys = await files.list('assets');
    const beforeRows = await rows();
    const res = await upload(kind, fields, parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toMatch(message);
    await app.assets.jobs.idle();
    expect(await files.list('assets')).toEqual(beforeKeys);
    expect(await rows()).toBe(beforeRows);
    return res;
  }

  beforeAll(async () => {
    db = await open();
    let dataDir: string;
    ({ app, dataDir } = await makeTestApp(db, {}, process.env.DBG ? { LOG_LEVEL: 'error' } : {}));
    await seed(db.db);
    files = new LocalStorage(path.join(dataDir, 'files'));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
    bob = await signUpUser(app, db, 'bob@example.org', 'Bob');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lists the seeded licences', async () => {
    const res = await get('/api/license', null);
    expect(res.json().map((l: { title: string }) => l.title)).toEqual(['CC0', 'CC BY', 'CC BY-SA', 'CC BY-NC', 'All rights reserved']);
  });

  it('stores a picture without its EXIF, with WebP and thumbnail variants and cache headers', async () => {
    const res = await upload('picture', { title: 'Sunset', licenseId: 'cc-by', tags: 'sky,evening' }, [
      { name: 'sunset.jpg', data: await picture(640, 480, 'jpeg', true), type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ kind: 'picture', title: 'Sunset', width: 640, height: 480, licenseId: 'cc-by', tags: ['sky', 'evening'], collisions: 'Precise', status: 'ready' });
    expect(a.fields.popUp).toBe(true);
    const file = await get(a.imageUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const etag = file.headers.etag as string;
    expect((await get(a.imageUrl, ada, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(`/api/file/${a.id}`)).headers['cache-control']).toBe('private, no-cache');
    const thumb = await get(a.thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
    expect((await get(a.webpUrl)).headers['content-type']).toBe('image/webp');
  });

  it('probes a video, makes a poster and serves byte ranges', async () => {
    const res = await upload('video', { autoplay: 'true' }, [{ name: 'clip.mp4', data: media('mp4'), type: 'video/mp4' }]);
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ kind: 'video', width: 320, height: 240, title: 'clip' });
    expect(v.duration).toBeGreaterThan(0.9);
    expect(v.fields).toMatchObject({ provider: 'Source', autoplay: true, videoLoop: true });
    expect((await get(v.thumbnailUrl)).statusCode).toBe(200);
    const part = await get(v.videoUrl, ada, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${v.sizeBytes}`);
    expect(part.rawPayload.length).toBe(100);
    expect((await get(v.videoUrl, ada, { range: `bytes=${v.sizeBytes + 10}-` })).statusCode).toBe(416);
  });

  it('stores a YouTube video as its id with a derived thumbnail, fetching nothing', async () => {
    const res = await upload('video', { provider: 'Youtube', youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', thumbnailUrl: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg', fileUrl: null });
    await rejected('video', [], 400, msg.asset.youtubeInvalid, { provider: 'Youtube', youtubeUrl: 'https://example.org/x' });
  });

  it('measures audio and names a non-audio file in the spec words', async () => {
    const res = await upload('audio', {}, [{ name: 'tone.wav', data: media('wav') }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().duration).toBeCloseTo(1, 1);
    await rejected('audio', [{ name: 'song.mp3', data: await picture(32, 32, 'png') }], 415, msg.asset.notAudio('song.mp3', '.mp3 .wav .ogg'));
  });

  it('optimises a GLB in the background: stats, thumbnail, original kept', async () => {
    const res = await upload('model3d', { title: 'Ball' }, [{ name: 'ball.glb', data: await glb() }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'processing', progress: 0 });
    await app.assets.jobs.idle();
    const m = (await get(`/api/model3d/${res.json().id}`)).json();
    expect(m.status).toBe('ready');
    expect(m.progress).toBe(100);
    expect(m.stats).toMatchObject({ triangles: sphereTriangles(), trianglesBefore: sphereTriangles(), meshes: 1, materials: 1, textures: 0, animationClips: 0 });
    // The optimised file is smaller than the upload.
    expect(m.stats.outputBytes).toBeLessThan(m.stats.inputBytes);
    expect(m.stats.bounds.min[1]).toBeCloseTo(-1, 3);
    expect(m.stats.bounds.max[1]).toBeCloseTo(1, 3);
    expect(m.warnings).toEqual([]);
    const model = await get(m.modelUrl);
    expect(model.rawPayload.subarray(0, 4).toString()).toBe('glTF');
    expect(model.rawPayload.includes(Buffer.from('EXT_meshopt_compression'))).toBe(true);
    // Normals were generated (the upload had none), positions stay float for the engine's collider.
    expect(model.rawPayload.includes(Buffer.from('"NORMAL"'))).toBe(true);
    expect(model.rawPayload.includes(Buffer.from('KHR_mesh_quantization'))).toBe(false);
    expect((await get(m.originalUrl)).rawPayload.equals(await glb())).toBe(true);
    const thumb = await sharp((await get(m.thumbnailUrl)).rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The render is not blank: the red sphere covers part of the light background.
    let red = 0;
    for (let i = 0; i < thumb.data.length; i += thumb.info.channels) if (thumb.data[i]! > thumb.data[i + 2]! + 60) red++;
    expect(red).toBeGreaterThan(5000);
  });

  it('resumes models left processing when the server stopped', async () => {
    const res = await upload('model3d', {}, [{ name: 'again.glb', data: await glb() }]);
    await app.assets.jobs.idle();
    const id = res.json().id as string;
    // As a crash mid-job would leave it: still processing, only the source and original stored.
    const row = (await db.db.select().from(assetsTable).where(eq(assetsTable.id, id)))[0]!;
    const { source, original } = row.files;
    await db.db.update(assetsTable).set({ status: 'processing', progress: 40, files: { source: source!, original: original! } }).where(eq(assetsTable.id, id));
    expect((await get(`/api/model3d/${id}`)).json()).toMatchObject({ status: 'processing', progress: 40 });
    await app.assets.jobs.resume();
    await app.assets.jobs.idle();
    const m = (await get(`/api/model3d/${id}`)).json();
    expect(m).toMatchObject({ status: 'ready', progress: 100 });
    expect(m.modelUrl).toContain('/api/file/');
  });

  it('reads a zipped glTF with its .bin and texture, and an OBJ with MTL and texture', async () => {
    const { gltf, bin, png } = await gltfWithFiles();
    const z = zip({ 'chair/scene.gltf': gltf, 'chair/scene.bin': bin, 'chair/textures/albedo.png': png, 'chair/readme.txt': Buffer.from('hi') });
    const a = await upload('model3d', {}, [{ name: 'chair.zip', data: z }]);
    expect(a.statusCode, a.body).toBe(201);
    const b = await upload('model3d', {}, [
      { name: 'cube.obj', data: Buffer.from(cubeObj) },
      { name: 'cube.mtl', data: Buffer.from(cubeMtl) },
      { name: 'cube.png', data: await picture(32, 32, 'png') },
    ]);
    expect(b.statusCode, b.body).toBe(201);
    await app.assets.jobs.idle();
    const ma = (await get(`/api/model3d/${a.json().id}`)).json();
    expect(ma).toMatchObject({ status: 'ready', title: 'chair', fields: { format: 'gltf', modelName: 'chair/scene.gltf' } });
    expect(ma.stats).toMatchObject({ triangles: sphereTriangles(16, 8), textures: 1 });
    const mb = (await get(`/api/model3d/${b.json().id}`)).json();
    expect(mb).toMatchObject({ status: 'ready', fields: { format: 'obj' } });
    expect(mb.stats).toMatchObject({ triangles: 12, materials: 1, textures: 1 });
    // Several files are kept as one zip.
    expect((await get(mb.originalUrl)).rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('describes texts and web views with their defaults and rules', async () => {
    const t = await upload('text3d', { text: 'Welcome' });
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json()).toMatchObject({ collisions: 'None', fields: { fontSize: 60, colorTint: '#000000', verticalAlignment: 'middle', horizontalAlignment: 'center', outlineWidth: 0, dropShadow: false } });
    await rejected('text3d', [], 400, /not supported in 3D text: U\+0007/, { text: 'bell\u0007' });
    const h = await upload('hyperText', { text: 'Docs', hyperlink: 'https://example.org/docs' });
    expect(h.statusCode, h.body).toBe(201);
    const listed = (await get(`/api/text3d?myLibrary=true`)).json();
    expect(listed.map((x: { id: string }) => x.id)).toEqual([h.json().id]);
    await rejected('webView3d', [], 400, msg.asset.webViewHttps, { url: 'http://example.org' });
    await rejected('webView3d', [], 400, msg.asset.webViewHttps, { url: 'javascript:alert(1)' });
    const w = await upload('webView3d', { url: 'https://example.org/page' });
    expect(w.statusCode, w.body).toBe(201);
  });

  it('pages and sorts the library, and hides it when the owner turns it off', async () => {
    // Libraries are private until their owner shows them.
    await app.inject({ method: 'PATCH', url: '/api/settings/my', headers: bearer(bob.token), payload: { showContentLibrary: true } });
    for (const title of ['c', 'a', 'b']) {
      await upload('picture', { title }, [{ name: 'p.png', data: await picture(40, 30, 'png') }], bob);
    }
    const page = await get(`/api/picture?userId=${bob.id}&cp=0&ipp=2&sort=title&order=asc`, ada);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((x: { title: string }) => x.title)).toEqual(['a', 'b']);
    expect(page.json()[0].creator).toMatchObject({ userId: bob.id, name: 'Bob' });
    const next = await get(`/api/picture?userId=${bob.id}&cp=1&ipp=2&sort=title&order=asc`, ada);
    expect(next.json().map((x: { title: string }) => x.title)).toEqual(['c']);
    const one = next.json()[0];
    expect((await get(one.thumbnailUrl, ada)).statusCode).toBe(200);

    await app.inject({ method: 'PATCH', url: '/api/settings/my', headers: bearer(bob.token), payload: { showContentLibrary: false } });
    const hidden = await get(`/api/picture?userId=${bob.id}`, ada);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.message).toBe(msg.asset.libraryHidden);
    expect((await get(`/api/picture/${one.id}`, ada)).statusCode).toBe(403);
    expect((await get(one.thumbnailUrl, ada)).statusCode).toBe(403);
    expect((await get(one.thumbnailUrl, null)).statusCode).toBe(403);
    // An asset used only in a draft stays private; once a public published space uses it, its files are public.
    const content = (uri: string) => ({ version: 1, pictures: [{ id: 'p1', position: [0, 1, 0], imageUri: uri }] });
    const scenes = new ScenesRepo(db.db);
    await scenes.insert({ ownerId: bob.id, creatorId: bob.id, title: 'Draft', content: content(one.imageUrl) });
    expect((await get(one.imageUrl, null)).statusCode).toBe(403);
    await scenes.insert({
      ownerId: bob.id,
      creatorId: bob.id,
      title: 'Live',
      state: 'Published',
      publishedPublic: true,
      content: content(one.imageUrl),
      publishedContent: content(one.imageUrl),
      publishedAt: new Date(),
    });
    expect((await get(one.imageUrl, null)).statusCode).toBe(200);
    expect((await get(`/api/picture/${one.id}`, ada)).statusCode).toBe(200);
    // The library listing itself stays hidden.
    expect((await get(`/api/picture?userId=${bob.id}`, ada)).statusCode).toBe(403);

    // The owner still sees everything.
    expect((await get(`/api/picture?userId=${bob.id}`, bob)).json()).toHaveLength(3);
    expect((await get(one.thumbnailUrl, bob)).statusCode).toBe(200);
  });

  it('lets only the owner edit and delete, and delete removes the files', async () => {
    const res = await upload('picture', {}, [{ name: 'mine.png', data: await picture(50, 50, 'png') }]);
    const a = res.json();
    expect(a.title).toBe('mine');
    const patched = await app.inject({ method: 'PATCH', url: `/api/picture/${a.id}`, headers: bearer(ada.token), payload: { title: 'Renamed', collisions: 'Simple', popUp: false } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Renamed', collisions: 'Simple', fields: { popUp: false } });
    const before = await files.list(`assets/${ada.id}/${a.id}`);
    expect(before.length).toBe(3);

    const theirs = await app.inject({ method: 'PATCH', url: `/api/picture/${a.id}`, headers: bearer(bob.token), payload: { title: 'Mine now' } });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe(msg.notAuthorized);
    expect((await app.inject({ method: 'DELETE', url: `/api/picture/${a.id}`, headers: bearer(bob.token) })).statusCode).toBe(403);
    expect(await files.list(`assets/${ada.id}/${a.id}`)).toEqual(before);
    expect((await get(`/api/picture/${a.id}`)).json().title).toBe('Renamed');

    expect((await app.inject({ method: 'DELETE', url: `/api/picture/${a.id}`, headers: bearer(ada.token) })).statusCode).toBe(204);
    expect(await files.list(`assets/${ada.id}/${a.id}`)).toEqual([]);
    expect((await get(`/api/picture/${a.id}`)).statusCode).toBe(404);
  });

  describe('bad input leaves nothing behind', () => {
    it('zip bomb', async () => {
      await rejected('model3d', [{ name: 'bomb.zip', data: zip({ 'model.glb': new Uint8Array(20 * 1024 * 1024) }) }], 400, /compressed suspiciously well/);
    });
    it('zip with ../ paths', async () => {
      await rejected('model3d', [{ name: 'evil.zip', data: zip({ '../../evil.glb': await glb() }) }], 400, /unsafe path: \.\.\/\.\.\/evil\.glb/);
    });
    it('zip with a symlink', async () => {
      await rejected('model3d', [{ name: 'link.zip', data: zipWithSymlink() }], 400, /unsafe path: model\.glb/);
    });
    it('zip with more than 1,000 entries', async () => {
      const entries: Record<string, Uint8Array> = {};
      for (let i = 0; i < 1001; i++) entries[`f${i}.png`] = new Uint8Array([i % 256]);
      await rejected('model3d', [{ name: 'many.zip', data: zip(entries) }], 400, /more than 1000 files/);
    });
    it('a .png that is really an executable', async () => {
      await rejected('picture', [{ name: 'cat.png', data: elfExecutable(), type: 'image/png' }], 415, msg.asset.unsupportedType('.jpg .jpeg .png .webp'));
      await rejected('model3d', [{ name: 'ball.glb', data: elfExecutable() }], 415, /Supported formats/);
    });
    it('a 60,000 × 60,000 PNG header', async () => {
      await rejected('picture', [{ name: 'huge.png', data: hugePngHeader() }], 413, msg.asset.tooManyPixels(50));
    });
    it('truncated glb', async () => {
      const whole = await glb();
      await rejected('model3d', [{ name: 'cut.glb', data: whole.subarray(0, Math.floor(whole.length / 2)) }], 400, /truncated/);
    });
    it('glTF with external http and file URIs (never fetched)', async () => {
      for (const uri of ['http://127.0.0.1:9/steal.bin', 'https://example.org/x.bin', 'file:///etc/passwd', '/etc/passwd', '../outside.bin']) {
        await rejected('model3d', [{ name: 'remote.gltf', data: await gltfWithExternalUri(uri) }, { name: 'albedo.png', data: await picture(8, 8, 'png') }], 400, msg.asset.externalUri(uri));
      }
    });
    it('two models in one upload', async () => {
      await rejected('model3d', [{ name: 'a.glb', data: await glb() }, { name: 'b.obj', data: Buffer.from(cubeObj) }], 400, msg.asset.onlyOne('3D model'));
      await rejected('model3d', [{ name: 'both.zip', data: zip({ 'a.glb': await glb(), 'sub/b.glb': await glb() }) }], 400, msg.asset.onlyOne('3D model'));
    });
    it('oversize by one byte (413 with the formatted limit)', async () => {
      const data = Buffer.alloc(UPLOAD_LIMITS.picture + 1, 1);
      await rejected('picture', [{ name: 'big.jpg', data }], 413, msg.asset.tooLarge('8 MB'));
      await rejected('text3d', [], 400, /no more than 5000 characters/, { text: 'x'.repeat(5001) });
    });
    it('unsupported type (415 with the supported formats)', async () => {
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer();
      await rejected('picture', [{ name: 'anim.gif', data: gif }], 415, msg.asset.unsupportedType('.jpg .jpeg .png .webp'));
      await rejected('model3d', [{ name: 'model.fbx', data: Buffer.from('Kaydara FBX Binary') }], 415, /Supported formats: \.glb \.gltf \.obj \.zip/);
      await rejected('video', [{ name: 'clip.mp4', data: await picture(16, 16) }], 415, /Supported formats: \.mp4 \.webm \.ogg \.mov/);
    });
    it('no sign-in (401 before the body is read)', async () => {
      await app.assets.jobs.idle();
      const [keys, n] = [await files.list('assets'), await rows()];
      const form = multipart({}, [{ name: 'a.png', data: await picture(20, 20, 'png') }]);
      const res = await app.inject({ method: 'POST', url: '/api/picture', headers: form.headers, payload: form.payload });
      expect(res.statusCode).toBe(401);
      expect(await files.list('assets')).toEqual(keys);
      expect(await rows()).toBe(n);
    });
    it("someone else's asset id (403)", async () => {
      const mine = (await upload('text3d', { text: 'private' }, [], bob)).json();
      const before = await rows();
      expect((await app.inject({ method: 'PATCH', url: `/api/text3d/${mine.id}`, headers: bearer(ada.token), payload: { text: 'hacked' } })).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `/api/text3d/${mine.id}`, headers: bearer(ada.token) })).statusCode).toBe(403);
      expect(await rows()).toBe(before);
      expect((await get(`/api/text3d/${mine.id}`, bob)).json().fields.text).toBe('private');
    });
  });
});
