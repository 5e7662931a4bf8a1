import { and, desc, eq, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';

export class ApiKeysRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: { userId: string; name: string; prefix: string; keyHash: string }) {
    const [saved] = await this.db
      .insert(apiKeys)
      .values({ id: newId(), ...row })
      .returning();
    return saved!;
  }

  list(userId: string) {
    return this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  }

  async byHash(keyHash: string) {
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
    return row;
  }

  /** Only the owner's key matches; someone else's id deletes nothing. */
  async delete(userId: string, id: string) {
    const rows = await this.db
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }

  async touch(id: string) {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, id));
  }
}
