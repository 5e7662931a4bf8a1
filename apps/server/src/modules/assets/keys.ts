import crypto from 'node:crypto';

/** A derived file ready to store: its role (main, webp, thumbnail …), bytes and type. */
export interface Output {
  variant: string;
  bytes: Buffer;
  ext: string;
  mime: string;
  /** The content hash, when it was already taken off the main thread (the model upload worker). */
  hash?: string;
}

/** The 20 hex digits of the bytes' SHA-256 that name a stored file. */
export const contentHash = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 20);

/**
 * Content-addressed storage key: the hash in the name means a key's bytes never change, so the file
 * service can let browsers cache it for a year.
 */
export function keyFor(ownerId: string, assetId: string, o: Pick<Output, 'variant' | 'bytes' | 'ext' | 'hash'>): string {
  const hash = o.hash ?? contentHash(o.bytes);
  return `assets/${ownerId}/${assetId}/${o.variant}-${hash}.${o.ext}`;
}

/** The hash part of a content-addressed key, used as the file's ETag. */
export const hashOfKey = (key: string) => /-([0-9a-f]{20})\.[a-z0-9]+$/.exec(key)?.[1] ?? null;
