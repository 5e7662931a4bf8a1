import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, BackupArchiveError, restore } from '../src/backup/index.ts';
import { listTables, MIGRATIONS_TABLE } from '../src/backup/database.ts';
import { openPglite, openPostgres, type DbHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createStorage, type Storage } from '../src/storage/index.ts';
import { multipart, picture } from './support/assetFixtures.ts';
import { makeTestApp } from './support/app.ts';
import { cli, cliDataDir } from './support/cli.ts';
import { openTestPglite, TEST_DATABASE_URL } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { signUpUser } from './support/users.ts';

// `atrium backup` / `atrium restore` as operators run them: seed through the API, back up, wipe,
// restore, and compare every row and every stored file's bytes.

/** Every table's rows (as JSON text, sorted) and every stored file's SHA-256. */
async function snapshot(h: DbHandle, storage: Storage) {
  const tables: Record<string, string[]> = {};
  for (const t of await listTables(h.db)) {
    if (t === MIGRATIONS_TABLE) continue;
    tables[t] = (await h.queryRows<{ j: string }>(`select row_to_json(x)::text as j from "${t}" x`)).map((r) => r.j).sort();
  }
  const files: Record<string, string> = {};
  for (const key of await storage.list('')) {
    const got = await storage.get(key);
    files[key] = crypto.createHash('sha256').update(await buffer(got!.stream)).digest('hex');
  }
  return { tables, files };
}

/** A person, a picture upload (original + variants in storage) and a saved space. */
async function seed(h: DbHandle, dataDir: string) {
  const { app } = await makeTestApp(h, {}, { DATA_DIR: dataDir, SEED: 'false' });
  try {
    const ada = await signUpUser(app, h, `ada-${crypto.randomBytes(3).toString('hex')}@example.org`, 'Ada');
    const form = multipart({}, [{ name: 'a.png', data: await picture(90, 60, 'png') }]);
    const up = await app.inject({ method: 'POST', url: '/api/picture', headers: { ...bearer(ada.token), ...form.headers }, payload: form.payload });
    expect(up.statusCode).toBe(201);
    const made = await app.inject({ method: 'POST', url: '/api/scene/metadata', headers: bearer(ada.token), payload: { title: 'Backed up' } });
    expect(made.statusCode).toBeLessThan(300);
    const id = made.json().sceneId as string;
    const document = (await app.inject({ url: `/api/scene/content/${id}`, headers: bearer(ada.token) })).json();
    const payload = { baseVersion: made.json().contentVersion, document };
    const saved = await app.inject({ method: 'PUT', url: `/api/scene/content/${id}`, headers: bearer(ada.token), payload });
    expect(saved.statusCode).toBeLessThan(300);
  } finally {
    await app.close();
  }
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bk-test-'));

/** The archive rewritten with `change` applied to its unpacked entries (checksums left as they were unless `change` fixes them). */
async function tampered(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = tmp();
  await tar.extract({ file: archive, cwd: dir });
  change(dir);
  const out = path.join(tmp(), 'tampered.tar.gz');
  await tar.create({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
  return out;
}

describe('backup and restore', { timeout: 180_000 }, () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('round-trips the embedded database and local files through the CLI; bad archives change nothing', async () => {
    const dataDir = cliDataDir();
    const env = { DATA_DIR: dataDir };
    const storage = createStorage(dataDir);
    let h = await openPglite(path.join(dataDir, 'db'));
    await migrate(h);
    await seed(h, dataDir);
    const before = await snapshot(h, storage);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(2);
    expect(before.tables.users).toHaveLength(1);
    expect(before.tables.scenes).toHaveLength(1);
    await h.close();

    const archive = path.join(tmp(), 'atrium.tar.gz');
    const made = cli(['backup', '--out', archive], env);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/^backed up \d+ rows in \d+ tables and \d+ files/);

    fs.rmSync(path.join(dataDir, 'db'), { recursive: true });
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });
    const back = cli(['restore', '--in', archive], env);
    expect(back.code, back.err).toBe(0);
    h = await openPglite(path.join(dataDir, 'db'));
    expect(await snapshot(h, storage)).toEqual(before);
    await h.close();

    // A second restore over the restored data needs --replace.
    const again = cli(['restore', '--in', archive], env);
    expect(again.code).toBe(4);
    expect(again.err).toMatch(/already holds people or spaces; pass --replace/);

    const missing = cli(['restore', '--in', path.join(dataDir, 'nope.tar.gz'), '--replace'], env);
    expect(missing.code).toBe(4);
    expect(missing.err).toMatch(/no backup archive at/);

    const truncated = path.join(tmp(), 'cut.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 200));
    const cut = cli(['restore', '--in', truncated, '--replace'], env);
    expect(cut.code).toBe(4);
    expect(cut.err).toMatch(/not a readable backup archive|incomplete|not an Atrium backup/);

    // The rest in-process (the same restore the CLI runs), on the restored database.
    h = await openPglite(path.join(dataDir, 'db'));
    const notTar = path.join(tmp(), 'text.tar.gz');
    fs.writeFileSync(notTar, 'hello');
    await expect(restore(h, storage, notTar, { replace: true })).rejects.toThrow(BackupArchiveError);

    // One stored file's bytes changed inside an otherwise valid archive: refused by its checksum.
    const flipped = await tampered(archive, (dir) => {
      const key = Object.keys(before.files)[0]!;
      const f = path.join(dir, 'files', ...key.split('/'));
      const bytes = fs.readFileSync(f);
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
      fs.writeFileSync(f, bytes);
    });
    await expect(restore(h, storage, flipped, { replace: true })).rejects.toThrow(/is corrupt: files\/.* does not match its checksum/);

    // A row the database refuses, with checksums made to match: the load rolls back whole.
    const badRow = await tampered(archive, (dir) => {
      fs.appendFileSync(path.join(dir, 'db', 'scenes.jsonl'), '{"id":"not-a-uuid"}\n');
      const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      const t = m.tables.find((x: { name: string }) => x.name === 'scenes');
      t.sha256 = crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, 'db', 'scenes.jsonl'))).digest('hex');
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
    });
    await expect(restore(h, storage, badRow, { replace: true })).rejects.toThrow(/uuid/);

    expect(await snapshot(h, storage)).toEqual(before);
    await h.close();
  });

  it('round-trips PostgreSQL through the CLI, and its archive restores on the embedded database too', async () => {
    const schema = `bk_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    cleanup.push(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });
    await admin.query(`create schema ${schema}`);
    const dataDir = cliDataDir();
    const env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir };
    const storage = createStorage(dataDir);
    let h = await openPostgres(TEST_DATABASE_URL, schema);
    await migrate(h);
    await seed(h, dataDir);
    // A serial id (ledger entries) must continue after the restored rows.
    const before = await snapshot(h, storage);
    await h.close();

    const archive = path.join(tmp(), 'pg.tar.gz');
    expect(cli(['backup', '--out', archive], env).code).toBe(0);
    await admin.query(`drop schema ${schema} cascade; create schema ${schema}`);
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });
    const back = cli(['restore', '--in', archive], env);
    expect(back.code, back.err).toBe(0);
    h = await openPostgres(TEST_DATABASE_URL, schema);
    expect(await snapshot(h, storage)).toEqual(before);
    await h.close();

    const embedded = cliDataDir();
    const onPglite = cli(['restore', '--in', archive], { DATA_DIR: embedded });
    expect(onPglite.code, onPglite.err).toBe(0);
    h = await openPglite(path.join(embedded, 'db'));
    const there = await snapshot(h, createStorage(embedded));
    await h.close();
    expect(there.files).toEqual(before.files);
    expect(Object.keys(there.tables).sort()).toEqual(Object.keys(before.tables).sort());
    for (const t of Object.keys(before.tables)) expect(there.tables[t]!.length, t).toBe(before.tables[t]!.length);
  });

  it('backs up from and restores to S3 storage through the storage interface', async () => {
    const dir = tmp();
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'media', configs: [] }] });
    const { port } = await server.run();
    cleanup.push(() => server.close());
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    const source = createStorage(dir, `s3://media/one?endpoint=http://127.0.0.1:${port}`);
    const target = createStorage(dir, `s3://media/two?endpoint=http://127.0.0.1:${port}`);
    const files = { 'assets/a/original-1.png': crypto.randomBytes(5000), 'users/u/avatar-2.jpg': crypto.randomBytes(300) };
    for (const [k, v] of Object.entries(files)) await source.put(k, v);
    await target.put('assets/stale/old.bin', Buffer.from('stale'));

    const db = await openTestPglite();
    cleanup.push(() => db.close());
    const archive = path.join(tmp(), 's3.tar.gz');
    const made = await backup(db, source, archive);
    expect(made.files).toBe(2);
    const back = await restore(db, target, archive, { replace: true });
    expect(back).toMatchObject({ files: 2, removedFiles: 1 });
    expect(await target.list('')).toEqual(Object.keys(files).sort());
    for (const [k, v] of Object.entries(files)) expect((await buffer((await target.get(k))!.stream)).equals(v)).toBe(true);
  });
});
