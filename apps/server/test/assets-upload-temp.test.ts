import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './support/app.ts';
import { glb, multipart, type Part } from './support/assetFixtures.ts';
import { databases, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

// Issue 13 item 14: upload temp folders never outlive their upload, nor a crashed server.
describe.each(databases)('upload temp folders on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: { token: string; id: string };

  const upload = (parts: Part[]) => {
    const form = multipart({}, parts);
    return app.inject({
      method: 'POST',
      url: '/api/model3d',
      headers: { ...bearer(ada.token), ...form.headers },
      payload: form.payload,
    });
  };
  const leftovers = () => fs.readdirSync(app.assets.uploads.dir);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('removes every upload folder after the upload, accepted, refused or cut off', async () => {
    expect((await upload([{ name: 'ball.glb', data: await glb() }])).statusCode).toBe(201);
    expect(leftovers()).toEqual([]);
    expect((await upload([{ name: 'bad.zip', data: Buffer.from('PK not really') }])).statusCode).toBe(415);
    expect(leftovers()).toEqual([]);
    const oversize = await upload([{ name: 'big.glb', data: Buffer.alloc(30 * 1024 * 1024 + 1) }]);
    expect(oversize.statusCode).toBe(413);
    expect(leftovers()).toEqual([]);
    const form = multipart({}, [{ name: 'ball.glb', data: await glb() }]);
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/model3d',
      headers: { ...bearer(ada.token), ...form.headers },
      payload: form.payload.subarray(0, form.payload.length - 40),
    });
    expect(truncated.statusCode).toBe(400);
    expect(leftovers()).toEqual([]);
  });

  it("at start removes the folders of runs that are gone and keeps a live server's", async () => {
    const tmp = os.tmpdir();
    // A process that has exited: its id names a folder no running server owns.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const crashed = fs.mkdtempSync(path.join(tmp, `atrium-upload-${gone}-`));
    fs.mkdirSync(path.join(crashed, 'upload-x'));
    fs.writeFileSync(path.join(crashed, 'upload-x', '0-model.glb'), 'half an upload');
    // From a version that did not name the owner: stale once older than any upload can last.
    const unnamed = fs.mkdtempSync(path.join(tmp, 'atrium-upload-'));
    fs.writeFileSync(path.join(unnamed, '0-model.glb'), 'half an upload');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(unnamed, twoHoursAgo, twoHoursAgo);
    // The test runner's parent process is alive: its folder must survive.
    const live = fs.mkdtempSync(path.join(tmp, `atrium-upload-${process.ppid}-`));
    const second = await makeTestApp(db);
    try {
      expect(fs.existsSync(crashed)).toBe(false);
      expect(fs.existsSync(unnamed)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      expect(fs.existsSync(second.app.assets.uploads.dir)).toBe(true);
      expect(path.basename(second.app.assets.uploads.dir)).toMatch(
        new RegExp(`^atrium-upload-${process.pid}-`),
      );
    } finally {
      await second.app.close();
      fs.rmSync(live, { recursive: true, force: true });
    }
    // Closing removes the server's own folder.
    expect(fs.existsSync(second.app.assets.uploads.dir)).toBe(false);
  });
});
