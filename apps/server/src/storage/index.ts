import path from 'node:path';
import { LocalStorage } from './localStorage.ts';
import { parseS3Url, S3Storage } from './s3Storage.ts';
import type { Storage } from './storage.ts';

export type { ByteRange, Storage } from './storage.ts';
export { LocalStorage } from './localStorage.ts';
export { S3Storage, parseS3Url } from './s3Storage.ts';

/** The storage the server uses: STORAGE_URL (s3://…) when set, else the folder DATA_DIR/files. */
export function createStorage(dataDir: string, storageUrl?: string): Storage {
  if (storageUrl?.startsWith('s3://')) return new S3Storage(parseS3Url(storageUrl));
  if (storageUrl?.startsWith('file:')) return new LocalStorage(new URL(storageUrl).pathname);
  return new LocalStorage(path.join(dataDir, 'files'));
}
