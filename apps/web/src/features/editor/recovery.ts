import type { SceneDocument } from '@atrium/shared';

// The working document is mirrored to IndexedDB while editing, so a crash or a closed tab loses
// nothing: the next visit offers the copy back. A dozen lines over the raw API instead of a
// dependency: one object store, get/put/delete by key.

export interface RecoveryCopy {
  document: SceneDocument;
  title: string;
  /** The server contentVersion this copy was based on (0 for a space never saved). */
  baseVersion: number;
  savedAt: string;
  /** Who was editing (their e-mail or account id): a copy is only ever offered back to them. */
  owner: string;
}

const DB = 'atrium-editor';
const STORE = 'drafts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = fn(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** One slot per space; never-saved spaces share the "new" slot. */
export const recoveryKey = (sceneId: string | null) => `scene:${sceneId ?? 'new'}`;

export const readRecovery = (key: string) => run<RecoveryCopy | undefined>('readonly', (s) => s.get(key) as IDBRequest<RecoveryCopy | undefined>);
export const writeRecovery = (key: string, copy: RecoveryCopy) => run('readwrite', (s) => s.put(copy, key));
export const clearRecovery = (key: string) => run('readwrite', (s) => s.delete(key));
