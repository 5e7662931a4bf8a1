import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { msg, PUBLISH_LIMITS, USER_LIMITS, type MySceneMetadata } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, injectAs, type TestUser as User } from './support/users.ts';

interface FilePart { field: string; data: Buffer; type?: string }

/** Multipart with text fields and files under any field name (photoGalleryFiles, coverPhoto). */
function form(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----atrium${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  files.forEach((f, i) =>
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="p${i}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    ),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (format: 'jpeg' | 'png' | 'webp', background = '#3dabff') =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })[format]().toBuffer();
const gallery = (data: Buffer) => ({ field: 'photoGalleryFiles', data });

describe.each(databases)('space photo gallery on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: User;
  let bob: User;

  const patch = (who: User, id: string, f: ReturnType<typeof form>) =>
    app.inject({ method: 'PATCH', url: `/api/scene/metadata/${id}`, headers: { ...bearer(who.token), ...f.headers }, payload: f.payload });
  const get = (who: User | null, url: string) => injectAs(app, who, 'GET', url);
  const newDraft = async (who: User) =>
    (await app.inject({ method: 'POST', url: '/api/scene/metadata', headers: bearer(who.token), payload: { title: 'Photo hall', tags: ['photo', 'gallery', 'hall'] } })).json()
      .sceneId as string;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada', 'premium-user');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob');
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('uploads, reorders and removes photos; the list travels with the metadata and follows the space’s privacy', async () => {
    const id = await newDraft(ada);
    const up = await patch(ada, id, form({}, [gallery(await photo('jpeg')), gallery(await photo('png', '#ff8800')), gallery(await photo('webp', '#22aa44'))]));
    expect(up.statusCode, up.body).toBe(200);
    const uris = (up.json() as MySceneMetadata).photoGallery;
    expect(uris).toHaveLength(3);
    for (const uri of uris) {
      expect(uri).toMatch(new RegExp(`^/api/scene/metadata/${id}/gallery/[0-9a-f-]{36}$`));
      const res = await get(ada, uri);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      // Stored as JPEG whatever came in.
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
      // A draft's photos are the owner's only.
      expect((await get(bob, uri)).statusCode).toBe(404);
    }

    // Reorder and drop the middle one; then add a new one in front.
    const reordered = await patch(ada, id, form({ photoGallery: JSON.stringify([uris[2], uris[0]]) }));
    expect(reordered.json().photoGallery).toEqual([uris[2], uris[0]]);
    expect((await get(ada, uris[1]!)).statusCode).toBe(404);
    const added = await patch(ada, id, form({ photoGallery: JSON.stringify(['new:0', uris[0]]) }, [gallery(await photo('png'))]));
    expect(added.statusCode, added.body).toBe(200);
    const now = added.json().photoGallery as string[];
    expect(now).toHaveLength(2);
    expect(now[1]).toBe(uris[0]);
    expect((await get(ada, uris[2]!)).statusCode).toBe(404);
    // A plain metadata save leaves the gallery alone.
    expect((await patch(ada, id, form({ title: 'Renamed hall' }))).json().photoGallery).toEqual(now);

    // Published: everyone reads the list and the photos; hidden again: nobody but the owner.
    const slotId = (await get(ada, '/api/slot/available')).json()[0].slotId as string;
    expect((await app.inject({ method: 'POST', url: `/api/sceneactions/${id}/publish`, headers: bearer(ada.token), payload: { slotId } })).statusCode).toBe(200);
    expect((await get(null, `/api/publishedscene/metadata/${id}`)).json().photoGallery).toEqual(now);
    expect((await get(bob, now[0]!)).statusCode).toBe(200);
    await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${id}/visibility`, headers: bearer(ada.token), payload: { visible: false } });
    expect((await get(bob, now[0]!)).statusCode).toBe(404);
    expect((await get(ada, now[0]!)).statusCode).toBe(200);
  });

  it('a private space’s photos refuse visitors who are not listed', async () => {
    const id = await newDraft(ada);
    const uri = (await patch(ada, id, form({}, [gallery(await photo('jpeg'))]))).json().photoGallery[0] as string;
    const slotId = (await get(ada, '/api/slot/available')).json()[0].slotId as string;
    const res = await app.inject({ method: 'POST', url: `/api/sceneactions/${id}/publish`, headers: bearer(ada.token), payload: { slotId, publishedPublic: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(bob, uri)).json().error.code).toBe('SPACE_ACCESS_DENIED');
    expect((await get(null, uri)).json().error.code).toBe('SPACE_ACCESS_DENIED');
  });

  it('refuses wrong types, oversize files, too many photos, unknown entries and other people’s spaces', async () => {
    const id = await newDraft(ada);
    const text = await patch(ada, id, form({}, [{ field: 'photoGalleryFiles', data: Buffer.from('<script>alert(1)</script>'.repeat(20)), type: 'image/jpeg' }]));
    expect(text.statusCode).toBe(415);
    const big = Buffer.concat([await photo('jpeg'), crypto.randomBytes(USER_LIMITS.pictureBytes)]);
    const oversize = await patch(ada, id, form({}, [gallery(big)]));
    expect(oversize.statusCode).toBe(413);
    expect((await get(ada, `/api/scene/metadata/${id}`)).json().photoGallery).toEqual([]);

    const one = await photo('jpeg');
    const full = await patch(ada, id, form({}, Array.from({ length: PUBLISH_LIMITS.galleryMax }, () => gallery(one))));
    expect(full.statusCode, full.body).toBe(200);
    const more = await patch(ada, id, form({}, [gallery(one)]));
    expect(more.statusCode).toBe(400);
    expect(more.json().error.message).toBe(msg.publishing.galleryTooMany(PUBLISH_LIMITS.galleryMax));
    // More files than the cap in one request are refused while reading (413).
    const flood = await patch(ada, id, form({}, Array.from({ length: PUBLISH_LIMITS.galleryMax + 2 }, () => gallery(one))));
    expect(flood.statusCode).toBe(413);

    const current = (await get(ada, `/api/scene/metadata/${id}`)).json().photoGallery as string[];
    expect(current).toHaveLength(PUBLISH_LIMITS.galleryMax);
    for (const order of [
      ['/api/scene/metadata/00000000-0000-4000-8000-000000000000/gallery/00000000-0000-4000-8000-000000000000'],
      ['new:0'],
      [current[0], current[0]],
      'not json',
    ]) {
      const res = await patch(ada, id, form({ photoGallery: typeof order === 'string' ? order : JSON.stringify(order) }));
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
    }
    // An upload the order does not place is refused too.
    expect((await patch(ada, id, form({ photoGallery: JSON.stringify([current[0]]) }, [gallery(one)]))).statusCode).toBe(400);
    expect((await get(ada, `/api/scene/metadata/${id}`)).json().photoGallery).toEqual(current);

    expect((await patch(bob, id, form({}, [gallery(one)]))).statusCode).toBe(404);
    expect((await get(ada, `/api/scene/metadata/${id}/gallery/not-a-uuid`)).statusCode).toBe(400);
  });
});
