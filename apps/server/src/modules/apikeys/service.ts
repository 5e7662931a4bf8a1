import crypto from 'node:crypto';
import { API_KEY_PREFIX, AppError } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { ApiKeysRepo } from './repo.ts';
import { sha256Hex } from '../../sha256.ts';

export const hashApiKey = sha256Hex;

const LAST_USED_RESOLUTION_MS = 60_000;

type KeyRow = Awaited<ReturnType<ApiKeysRepo['list']>>[number];
const info = (k: KeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API keys for scripts. The key is 32 random bytes, shown once; only its SHA-256 is stored
 * (a key has full entropy, so a slow hash adds nothing and would slow every request).
 */
export class ApiKeysService {
  private readonly repo: ApiKeysRepo;
  constructor(repo: ApiKeysRepo) {
    this.repo = repo;
  }

  /** A key cannot mint more keys: creating one needs a signed-in session (bearer token). */
  async create(actor: Actor, name: string) {
    if (actor.via !== 'bearer') throw new AppError('FORBIDDEN');
    return this.createFor(actor.userId, name);
  }

  /** Used by the admin CLI as well. */
  async createFor(userId: string, name: string) {
    const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    const row = await this.repo.insert({
      userId,
      name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: hashApiKey(key),
    });
    return { ...info(row), key };
  }

  async list(actor: Actor) {
    return (await this.repo.list(actor.userId)).map(info);
  }

  async revoke(actor: Actor, id: string) {
    if (!(await this.repo.delete(actor.userId, id))) throw new AppError('NOT_FOUND');
  }

  /** The user id behind a presented key, or null. */
  async resolve(key: string): Promise<string | null> {
    const row = await this.repo.byHash(hashApiKey(key));
    if (!row) return null;
    // "Last used" is shown to the minute; writing it on every request would make each scripted call a write.
    const stale = !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
    if (stale) void this.repo.touch(row.id).catch(() => undefined);
    return row.userId;
  }
}
