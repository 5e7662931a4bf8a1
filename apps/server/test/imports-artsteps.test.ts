import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ARTSTEPS_IMPORT_LIMITS, msg, premiumTemplateItemId, sceneDocumentV1 } from '@atrium/shared';
import { getTemplate } from '@atrium/assets';
import { startAssetApp, uploadParts } from './support/assetApp.ts';
import { multipart, picture, zip } from './support/assetFixtures.ts';
import { databases } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { injectAs, signUpUser } from './support/users.ts';
import { emptyRoom } from '../src/modules/imports/layout.ts';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../src/modules/marketplace/service.ts';

const URL = '/api/imports/artsteps';
const HOSTILE = '<img src=x onerror=alert(1)><script>alert("t")</script>\u0000"; DROP TABLE scenes; --';

// Issue 17, Home and links: /artsteps-migration imports a gallery export into a new draft.
describe.each(databases)('artsteps import on %s', (_name, open) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ada: { token: string; id: string };
  let signUp: (email: string) => Promise<{ token: string; id: string }>;
  let ledger: MarketplaceService;
  /** Ada buys the premium large gallery (the room a full import needs) with granted credits. */
  const buyLargeGallery = async () => {
    const large = getTemplate('gallery-l')!;
    expect(large.tier).toBe('Premium');
    await ledger.grant(ada.id, large.districtPrice, 'test');
    const body = { totalCoin: large.districtPrice, transactionItems: [{ itemId: premiumTemplateItemId(large.spaceTemplateId), quantity: 1 }] };
    const res = await injectAs(app, ada, 'POST', '/api/internaltransaction', body, { 'idempotency-key': `buy-large-${ada.id}` });
    expect(res.statusCode, res.body).toBe(201);
  };

  const send = (data: Buffer, fields: Record<string, string> = {}, name = 'export.zip') =>
    uploadParts(app, URL, ada.token, [{ name, data }], fields);
  const draft = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/scene/content/${id}`, headers: bearer(ada.token) });
    expect(res.statusCode, res.body).toBe(200);
    return sceneDocumentV1.parse(res.json());
  };
  const leftovers = () => fs.readdirSync(app.assets.uploads.dir);

  beforeAll(async () => {
    const db = await open();
    ({ app } = await startAssetApp(db));
    close = async () => {
      await app.close();
      await db.close();
    };
    signUp = (email) => signUpUser(app, db, email, 'Ada');
    ledger = new MarketplaceService({ db: db.db, repo: new MarketplaceRepo(db.db) });
  });
  // A free account holds two drafts; each test imports as a new person.
  let n = 0;
  beforeEach(async () => {
    ada = await signUp(`ada${n++}@example.org`);
  });
  afterAll(() => close());

  it('imports a zip with JSON metadata into a draft, pictures hung on walls facing in, without overlaps', async () => {
    const json = JSON.stringify([
      { file: 'images/sunrise.jpg', title: 'Sunrise', description: 'Oil on canvas, 1921' },
      { file: 'images/tall.png', title: 'Tall one', description: 'Portrait format' },
      { file: 'images/gone.jpg', title: 'Missing', description: '' },
    ]);
    const body = zip({
      'gallery.json': new TextEncoder().encode(json),
      'images/sunrise.jpg': await picture(800, 600),
      'images/tall.png': await picture(300, 600, 'png'),
      'images/extra.jpg': await picture(400, 400),
      'images/notes.txt': new TextEncoder().encode('not a picture'),
      'images/broken.jpg': (await picture(800, 600)).subarray(0, 200),
    });
    const res = await send(body, { title: 'My old gallery' });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.imported).toBe(3);
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        { file: 'images/gone.jpg', reason: 'missingImage' },
        { file: 'images/notes.txt', reason: 'unsupportedType' },
        { file: 'images/broken.jpg', reason: 'corruptImage' },
      ]),
    );
    expect(report.skipped).toHaveLength(3);

    const meta = await app.inject({ method: 'GET', url: `/api/scene/metadata/${report.spaceId}`, headers: bearer(ada.token) });
    expect(meta.json()).toMatchObject({ title: 'My old gallery', state: 'Draft' });
    const doc = await draft(report.spaceId);
    expect(doc.customSpace?.levels[0]?.walls.length).toBeGreaterThanOrEqual(4);
    expect(doc.pictures.map((p) => p.title)).toEqual(['Sunrise', 'Tall one', 'extra']);
    expect(doc.pictures[0]!.description).toBe('Oil on canvas, 1921');
    // Portrait keeps its aspect.
    expect(doc.pictures[1]!.height / doc.pictures[1]!.width).toBeCloseTo(2, 1);
    const walls = doc.customSpace!.levels[0]!.walls;
    for (const p of doc.pictures) {
      // On some wall's inner face: within 0.2 m of its line, facing away from it into the room.
      const onWall = walls.some((w) => {
        const [ax, az] = w.start;
        const [bx, bz] = w.end;
        const len = Math.hypot(bx - ax, bz - az);
        const t = ((p.position[0] - ax) * (bx - ax) + (p.position[2] - az) * (bz - az)) / (len * len);
        const dist = Math.abs((p.position[0] - ax) * (bz - az) - (p.position[2] - az) * (bx - ax)) / len;
        const facing = [Math.sin(p.rotation[1]), Math.cos(p.rotation[1])];
        const towardCentre = -p.position[0] * facing[0]! - p.position[2] * facing[1]!;
        return t > 0 && t < 1 && dist < 0.2 && towardCentre > 0;
      });
      expect(onWall, `${p.title} at ${p.position}`).toBe(true);
      const img = await app.inject({ method: 'GET', url: p.imageUri, headers: bearer(ada.token) });
      expect(img.statusCode).toBe(200);
    }
    for (const [i, a] of doc.pictures.entries()) {
      for (const b of doc.pictures.slice(i + 1)) {
        const apart = Math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2]);
        expect(apart).toBeGreaterThan((a.width + b.width) / 2);
      }
    }
    expect(leftovers()).toEqual([]);
  });

  it('reads CSV metadata with quoted commas and line breaks, and keeps hostile titles as inert text', async () => {
    const csv = `file,title,description\r\nrose.jpg,"${HOSTILE.replace(/"/g, '""')}","Line one,\nline two"\r\n`;
    const res = await send(zip({ 'meta.csv': new TextEncoder().encode(csv), 'Rose.JPG': await picture(500, 500) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 1, skipped: [] });
    const [pic] = (await draft(res.json().spaceId)).pictures;
    expect(pic!.title).toBe(HOSTILE.replace('\u0000', '').slice(0, 100));
    expect(pic!.description).toBe('Line one,\nline two');
  });

  it('skips pictures over the per-import cap and names them', async () => {
    await buyLargeGallery();
    const one = await picture(64, 64);
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < ARTSTEPS_IMPORT_LIMITS.maxImages + 2; i++) files[`p${String(i).padStart(2, '0')}.jpg`] = one;
    const res = await send(zip(files));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.imported).toBe(ARTSTEPS_IMPORT_LIMITS.maxImages);
    expect(report.skipped).toEqual([
      { file: `p${ARTSTEPS_IMPORT_LIMITS.maxImages}.jpg`, reason: 'overCap' },
      { file: `p${ARTSTEPS_IMPORT_LIMITS.maxImages + 1}.jpg`, reason: 'overCap' },
    ]);
    const doc = await draft(report.spaceId);
    expect(doc.pictures).toHaveLength(ARTSTEPS_IMPORT_LIMITS.maxImages);
    expect(doc.spaceTemplate?.spaceTemplateId).toBe('gallery-l');
  });

  it('never hands out the premium room: without it a full import fills the largest standard room and names the rest', async () => {
    const one = await picture(64, 64);
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < ARTSTEPS_IMPORT_LIMITS.maxImages; i++) files[`p${String(i).padStart(2, '0')}.jpg`] = one;
    const res = await send(zip(files));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    const fits = emptyRoom(ARTSTEPS_IMPORT_LIMITS.maxImages, ['gallery-s', 'gallery-m']);
    expect(fits.spaceTemplateId).toBe('gallery-m');
    expect(fits.slots.length).toBeLessThan(ARTSTEPS_IMPORT_LIMITS.maxImages);
    expect(report.imported).toBe(fits.slots.length);
    expect(report.skipped).toHaveLength(ARTSTEPS_IMPORT_LIMITS.maxImages - fits.slots.length);
    expect(new Set(report.skipped.map((s: { reason: string }) => s.reason))).toEqual(new Set(['overCap']));
    expect((await draft(report.spaceId)).spaceTemplate?.spaceTemplateId).toBe('gallery-m');
  });

  it('answers 400 for a file that is not a zip, and 400 for bad JSON metadata', async () => {
    const notZip = await send(Buffer.from('PK\u0003\u0004 this is not really a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: msg.asset.zipUnreadable });
    const badJson = await send(zip({ 'a.json': new TextEncoder().encode('{ nope'), 'a.jpg': await picture(10, 10) }));
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toBe('The metadata file a.json is not valid JSON');
    expect(leftovers()).toEqual([]);
  });

  it('refuses a zip bomb with a 400 naming the entry, and an oversized upload with a 413', async () => {
    const bomb = await send(zip({ 'a.jpg': await picture(10, 10), 'zeros.bin': new Uint8Array(4 * 1024 * 1024) }));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.message).toBe(msg.asset.zipRatio('zeros.bin'));
    const big = await send(Buffer.alloc(ARTSTEPS_IMPORT_LIMITS.maxZipBytes + 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(leftovers()).toEqual([]);
  });

  it('refuses path traversal and absolute names in the zip, and treats them in the metadata as missing images', async () => {
    const traversal = Buffer.from(zipSync({ '../evil.jpg': await picture(10, 10) }));
    const res = await send(traversal);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(msg.asset.zipUnsafePath('../evil.jpg'));
    const named = await send(
      zip({ 'm.json': new TextEncoder().encode(JSON.stringify([{ file: '../../etc/passwd', title: 'x' }])), 'ok.jpg': await picture(20, 20) }),
    );
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().skipped).toEqual([{ file: '../../etc/passwd', reason: 'missingImage' }]);
  });

  it('answers the drafts limit before storing any picture', async () => {
    const body = zip({ 'a.jpg': await picture(20, 20) });
    expect((await send(body)).statusCode).toBe(201);
    expect((await send(body)).statusCode).toBe(201);
    const third = await send(body);
    expect(third.statusCode).toBe(403);
    expect(third.json().error.code).toBe('DRAFTS_LIMIT_REACHED');
    const library = await app.inject({ method: 'GET', url: '/api/picture', headers: bearer(ada.token) });
    expect(library.json()).toHaveLength(2);
  });

  it('answers 401 signed out, before reading the body', async () => {
    const form = multipart({}, [{ name: 'export.zip', data: zip({ 'a.jpg': await picture(10, 10) }) }]);
    const res = await app.inject({ method: 'POST', url: URL, headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(401);
  });
});
