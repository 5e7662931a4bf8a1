import path from 'node:path';
import { LocalStorage } from './localStorage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { LocalStorage } from './localStorage.ts';

/** The storage the server uses: DATA_DIR/files until an S3 implementation is selected by STORAGE_URL. */
export function createStorage(dataDir: string): Storage {
  return new LocalStorage(path.join(dataDir, 'files'));
}
