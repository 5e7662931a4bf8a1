// Storage that never throws. Inside another site's page with third-party storage blocked (the embed
// viewer), merely reading `window.localStorage` throws a SecurityError; a page that touched it
// unguarded fell over with "Something went wrong". There the visit gets an in-memory store instead:
// settings, volume and sign-in last for the visit only.

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

function usable(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind];
    const probe = '__atrium_storage_probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

let local: Storage | undefined;
let session: Storage | undefined;

/** The browser's localStorage, or an in-memory stand-in where it is blocked or full. */
export const localStore = (): Storage => (local ??= usable('localStorage') ?? new MemoryStorage());
/** The browser's sessionStorage, or an in-memory stand-in where it is blocked. */
export const sessionStore = (): Storage => (session ??= usable('sessionStorage') ?? new MemoryStorage());
/** False in a frame whose storage the browser blocks: what is kept lasts for this visit only. */
export const storagePersists = (): boolean => localStore() instanceof MemoryStorage === false;
