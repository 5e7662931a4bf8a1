import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type ByteRange, type Storage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** Key prefix inside the bucket ("atrium/"), so one bucket can hold several installations. */
  prefix?: string;
  client: S3ClientConfig;
}

/**
 * `s3://bucket/optional/prefix?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true`.
 * Credentials come from the usual AWS environment (AWS_ACCESS_KEY_ID …) unless the test passes them.
 */
export function parseS3Url(url: string): S3Options {
  const u = new URL(url);
  if (u.protocol !== 's3:' || !u.hostname) throw new Error('STORAGE_URL must look like s3://bucket?endpoint=…');
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  const prefix = u.pathname.replace(/^\/+|\/+$/g, '');
  return {
    bucket: u.hostname,
    ...(prefix ? { prefix: `${prefix}/` } : {}),
    client: {
      region: u.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      // Most self-hosted S3-compatible stores only answer path-style requests.
      forcePathStyle: (u.searchParams.get('forcePathStyle') ?? (endpoint ? 'true' : 'false')) === 'true',
    },
  };
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Objects in one bucket. An S3 object becomes visible only when its upload completes, so writes are atomic. */
export class S3Storage implements Storage {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  constructor(opts: S3Options) {
    this.s3 = new S3Client(opts.client);
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
  }

  private k(key: string) {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Readable | Buffer, contentType?: string) {
    // Uploads are capped at tens of megabytes, so one buffered PUT is simpler than multipart upload
    // and gives S3 the Content-Length it requires.
    const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.k(key),
        Body: bytes,
        ContentLength: bytes.length,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
    return { key, size: bytes.length };
  }

  async get(key: string, range?: ByteRange) {
    try {
      const res = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.k(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
      return { stream: res.Body as Readable, size: total };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string) {
    try {
      const res = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.k(key) }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.k(key) }));
  }

  async list(prefix: string) {
    const clean = prefix.replace(/\/+$/, '');
    const full = clean ? `${this.k(clean)}/` : this.prefix;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: full, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key.slice(this.prefix.length));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async deletePrefix(prefix: string) {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: this.prefix + key })), Quiet: true },
        }),
      );
    }
  }
}
