import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { msg } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer, signIn } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

/** A multipart body built by hand, so tests control every byte (names, types, sizes). */
function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; data: Buffer }[] = [],
) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databases)('user API on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let dataDir: string;
  let ada: { token: string; id: string };
  let bob: { token: string; id: string };
  let jpegWithExif: Buffer;

  const patch = (who: { token: string }, url: string, body: ReturnType<typeof multipart> | object) =>
    'payload' in body && Buffer.isBuffer((body as { payload: unknown }).payload)
      ? app.inject({
          method: 'PATCH',
          url,
          headers: { ...bearer(who.token), ...(body as ReturnType<typeof multipart>).headers },
          payload: (body as ReturnType<typeof multipart>).payload,
        })
      : app.inject({ method: 'PATCH', url, headers: bearer(who.token), payload: body });

  beforeAll(async () => {
    db = await open();
    ({ app, dataDir } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada Lovelace');
    bob = await signUpUser(app, db, 'bob@example.org', 'Bob Builder');
    jpegWithExif = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3DABFF' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Ada at home' } })
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('creates my user on first sign-in and reads it back', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(ada.token) });
    expect(res.json()).toMatchObject({
      userId: ada.id,
      name: 'Ada Lovelace',
      searchable: true,
      autoSave: true,
      numOfFollowers: 0,
    });
    expect((await app.inject({ method: 'GET', url: '/api/user/my' })).statusCode).toBe(401);
  });

  it('updates profile fields and settings as JSON or multipart, validating with the spec messages', async () => {
    const ok = await patch(
      ada,
      '/api/user/my',
      multipart({
        bio: 'Poetical science',
        city: 'London',
        website: 'https://ada.example.org',
        autoSave: 'false',
        socialMedia: JSON.stringify([{ name: 'X', url: 'https://x.com/ada' }]),
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      bio: 'Poetical science',
      city: 'London',
      autoSave: false,
      socialMedia: [{ name: 'X', url: 'https://x.com/ada' }],
    });
    const badSocial = await patch(ada, '/api/user/my', {
      socialMedia: [{ name: 'Instagram', url: 'https://facebook.com/ada' }],
    });
    expect(badSocial.statusCode).toBe(400);
    expect(badSocial.json().error.details.fieldErrors['socialMedia.0.url']).toContain(
      msg.user.socialUrl('Instagram'),
    );
    const badSite = await patch(ada, '/api/user/my', { website: 'javascript:alert(1)' });
    expect(badSite.json().error.details.fieldErrors.website).toContain(msg.user.invalidUrl);
    const unknown = await patch(ada, '/api/user/my', { role: 'premium-user' });
    expect(unknown.statusCode).toBe(400); // roles come from the provider, never from the profile
    const long = await patch(ada, '/api/user/my', { name: 'x'.repeat(101) });
    expect(long.json().error.details.fieldErrors.name).toContain(msg.maxChars(100));
  });

  it('stores hostile strings as plain text', async () => {
    const hostile = `<script>alert('x')</script><img src=x onerror=alert(1)>'; drop table users; --`;
    const res = await patch(ada, '/api/user/my', { bio: hostile, name: '<b>Ada</b>' });
    expect(res.statusCode).toBe(200);
    const seen = await app.inject({ method: 'GET', url: `/api/user/${ada.id}` });
    expect(seen.headers['content-type']).toContain('application/json');
    expect(seen.json()).toMatchObject({ bio: hostile, name: '<b>Ada</b>' });
    await patch(ada, '/api/user/my', { name: 'Ada Lovelace' });
  });

  it("refuses another user's id in PATCH and DELETE (IDOR) with 403, changing nothing", async () => {
    const p = await patch(bob, `/api/user/${ada.id}`, { bio: 'owned' });
    expect(p.statusCode).toBe(403);
    expect(p.json().error.message).toBe(msg.notAuthorized);
    const mp = await patch(
      bob,
      `/api/user/${ada.id}`,
      multipart({ bio: 'owned' }, [
        { name: 'profilePicture', filename: 'a.jpg', type: 'image/jpeg', data: jpegWithExif },
      ]),
    );
    expect(mp.statusCode).toBe(403);
    const d = await app.inject({
      method: 'DELETE',
      url: `/api/user/${ada.id}`,
      headers: bearer(bob.token),
      payload: { password: 'password-123' },
    });
    expect(d.statusCode).toBe(403);
    const still = await app.inject({ method: 'GET', url: `/api/user/${ada.id}` });
    expect(still.statusCode).toBe(200);
    expect(still.json().bio).not.toBe('owned');
    expect(still.json().profilePicture).toBeNull();
    // The owner may use the id form too.
    expect((await patch(ada, `/api/user/${ada.id}`, { occupation: 'Mathematician' })).json().occupation).toBe(
      'Mathematician',
    );
  });

  it('re-encodes pictures as JPEG without EXIF, serves them, and replaces old files', async () => {
    const res = await patch(
      ada,
      '/api/user/my',
      multipart({}, [
        { name: 'profilePicture', filename: 'me.jpg', type: 'image/jpeg', data: jpegWithExif },
        {
          name: 'coverPhoto',
          filename: 'cover.png',
          type: 'image/png',
          data: await sharp({ create: { width: 2400, height: 900, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.profilePicture).toMatch(new RegExp(`^/api/user/${ada.id}/picture\\?v=`));
    const pic = await app.inject({ method: 'GET', url: me.profilePicture });
    expect(pic.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(pic.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(pic.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const cover = await sharp(
      (await app.inject({ method: 'GET', url: me.coverPhoto })).rawPayload,
    ).metadata();
    expect(cover.width).toBe(1920);
    const dir = path.join(dataDir, 'files', 'users', ada.id);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('picture-'))).toHaveLength(1);
    await patch(
      ada,
      '/api/user/my',
      multipart({}, [{ name: 'profilePicture', filename: 'me.jpg', type: 'image/jpeg', data: jpegWithExif }]),
    );
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('picture-'))).toHaveLength(1);
    expect(fs.readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('answers 415 for a non-image (whatever its name says) and 413 for an oversized picture', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await patch(
      ada,
      '/api/user/my',
      multipart({}, [{ name: 'profilePicture', filename: 'cat.jpg', type: 'image/jpeg', data: html }]),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(msg.user.pictureType('.jpg .jpeg .png .webp'));
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    expect(
      (
        await patch(
          ada,
          '/api/user/my',
          multipart({}, [{ name: 'coverPhoto', filename: 'a.gif', type: 'image/gif', data: gif }]),
        )
      ).statusCode,
    ).toBe(415);
    const big = Buffer.concat([jpegWithExif, Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await patch(
      ada,
      '/api/user/my',
      multipart({}, [{ name: 'profilePicture', filename: 'big.jpg', type: 'image/jpeg', data: big }]),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(msg.user.pictureTooLarge('8 MB'));
  });

  it('lists many users in the asked order and searches only searchable users with paging and a total', async () => {
    const many = await app.inject({
      method: 'GET',
      url: `/api/user/many?ids=${bob.id},${ada.id},00000000-0000-7000-8000-000000000000`,
    });
    expect(many.json().map((u: { userId: string }) => u.userId)).toEqual([bob.id, ada.id]);
    expect((await app.inject({ method: 'GET', url: '/api/user/many?ids=not-a-uuid' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) await signUpUser(app, db, `crowd${i}@example.org`, `Crowd ${i}`);
    const page0 = await app.inject({ method: 'GET', url: '/api/user/search?q=crowd&ipp=2' });
    expect(page0.headers['x-total-count']).toBe('3');
    expect(page0.json()).toHaveLength(2);
    const page1 = await app.inject({ method: 'GET', url: '/api/user/search?q=crowd&ipp=2&cp=1' });
    expect(page1.json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/user/search?ipp=101' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/search?q=%25' })).headers['x-total-count'],
    ).toBe('0');
    // Settings are enforced: hidden from search once searchable is off, visible by id still.
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/settings/my',
      headers: bearer(bob.token),
      payload: { searchable: false, showGroups: false },
    });
    expect(off.json()).toMatchObject({ searchable: false, showGroups: false });
    const search = await app.inject({ method: 'GET', url: '/api/user/search?q=Bob' });
    expect(search.json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/user/${bob.id}` })).json()).toMatchObject({
      showGroups: false,
    });
  });

  it('deletes an account only with the right password, removing data, files, keys and tokens', async () => {
    const carol = await signUpUser(app, db, 'carol@example.org', 'Carol');
    await patch(
      carol,
      '/api/user/my',
      multipart({ bio: 'private' }, [
        { name: 'profilePicture', filename: 'c.jpg', type: 'image/jpeg', data: jpegWithExif },
      ]),
    );
    const key = (
      await app.inject({
        method: 'POST',
        url: '/api/apikeys',
        headers: bearer(carol.token),
        payload: { name: 'script' },
      })
    ).json().key as string;
    await app.inject({ method: 'POST', url: `/api/userFollow/${ada.id}`, headers: bearer(carol.token) });
    const adaBefore = (await app.inject({ method: 'GET', url: `/api/user/${ada.id}` })).json()
      .numOfFollowers as number;

    const wrong = await app.inject({
      method: 'DELETE',
      url: '/api/user/my',
      headers: bearer(carol.token),
      payload: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(msg.user.incorrectPassword);
    const viaKey = await app.inject({
      method: 'DELETE',
      url: '/api/user/my',
      headers: bearer(key),
      payload: { password: 'password-123' },
    });
    expect(viaKey.statusCode).toBe(403); // an API key cannot delete the account

    const ok = await app.inject({
      method: 'DELETE',
      url: '/api/user/my',
      headers: bearer(carol.token),
      payload: { password: 'password-123' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: `/api/user/${carol.id}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(carol.token) })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(key) })).statusCode).toBe(
      401,
    );
    expect(fs.existsSync(path.join(dataDir, 'files', 'users', carol.id))).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/user/${ada.id}` })).json().numOfFollowers).toBe(
      adaBefore - 1,
    );
    const rows = await db.queryRows<{ email: string | null; bio: string | null; name: string | null }>(
      `select email, bio, name from users where id = '${carol.id}'`,
    );
    expect(rows[0]).toEqual({ email: null, bio: null, name: null });
    expect(await db.queryRows(`select 1 from accounts where email = 'carol@example.org'`)).toEqual([]);
    // The email is free again for a new sign-up.
    await expect(
      signIn(app, 'carol@example.org', 'password-456', { signUpName: 'Carol again' }),
    ).resolves.toHaveProperty('access_token');
  });
});
