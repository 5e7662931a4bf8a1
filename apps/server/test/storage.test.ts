import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createStorage, LocalStorage, parseS3Url, S3Storage, type Storage } from '../src/storage/index.ts';

// One contract, two implementations: the local folder and S3 (against s3rver, a local S3-compatible server).
let s3server: S3rver;
let s3url = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-storage-'));

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'atrium-test', configs: [] }],
  });
  const addr = await s3server.run();
  s3url = `s3://atrium-test/install-a?endpoint=http://127.0.0.1:${addr.port}&region=us-east-1`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const impls: [string, () => Storage][] = [
  ['local', () => new LocalStorage(fs.mkdtempSync(path.join(tmp, 'local-')))],
  ['s3', () => createStorage(tmp, s3url)],
];

describe.each(impls)('%s storage', (name, make) => {
  it('puts buffers and streams and reads them back whole and by range', async () => {
    const s = make();
    const bytes = Buffer.from('0123456789abcdef');
    expect(await s.put('a/b/one.bin', bytes, 'application/octet-stream')).toEqual({ key: 'a/b/one.bin', size: 16 });
    await s.put('a/two.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    const whole = await s.get('a/b/one.bin');
    expect(whole!.size).toBe(16);
    expect((await buffer(whole!.stream)).toString()).toBe('0123456789abcdef');
    const part = await s.get('a/b/one.bin', { start: 4, end: 7 });
    expect(part!.size).toBe(16);
    expect((await buffer(part!.stream)).toString()).toBe('4567');
    expect((await buffer((await s.get('a/two.txt'))!.stream)).toString()).toBe('hello world');
    expect(await s.stat('a/two.txt')).toEqual({ size: 11 });
  });

  it('answers null for missing keys and deletes quietly', async () => {
    const s = make();
    expect(await s.get('nope/x')).toBeNull();
    expect(await s.stat('nope/x')).toBeNull();
    await s.delete('nope/x');
  });

  it('lists and deletes by prefix without touching neighbours', async () => {
    const s = make();
    await s.put('p/1/a', Buffer.from('a'));
    await s.put('p/1/sub/b', Buffer.from('b'));
    await s.put('p/10/c', Buffer.from('c'));
    expect(await s.list('p/1')).toEqual(['p/1/a', 'p/1/sub/b']);
    await s.deletePrefix('p/1/');
    expect(await s.list('p/1')).toEqual([]);
    expect(await s.list('p/10')).toEqual(['p/10/c']);
  });

  it('leaves nothing behind when the source stream fails midway', async () => {
    const s = make();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put('f/broken.bin', failing)).rejects.toThrow();
    expect(await s.list('f')).toEqual([]);
    expect(await s.get('f/broken.bin')).toBeNull();
  });

  it('refuses keys that could leave the root', async () => {
    const s = make();
    await expect(s.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(s.get('/abs')).rejects.toThrow(/unsafe/);
    expect(name).toBeTruthy();
  });
});

describe('STORAGE_URL', () => {
  it('parses bucket, prefix, endpoint and path style', () => {
    const o = parseS3Url('s3://media/atrium?endpoint=http://minio:9000&region=eu-west-1');
    expect(o).toEqual({
      bucket: 'media',
      prefix: 'atrium/',
      client: { region: 'eu-west-1', endpoint: 'http://minio:9000', forcePathStyle: true },
    });
    expect(createStorage('/tmp', 's3://b')).toBeInstanceOf(S3Storage);
    expect(createStorage('/tmp')).toBeInstanceOf(LocalStorage);
  });
});
