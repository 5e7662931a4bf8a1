import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema/index.ts';

/** The block list (migration 0022): one row per blocker and blocked person. */
export class BlocksRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Adds the block; blocking twice (or twice at once) leaves the one row. */
  async block(blockerId: string, blockedId: string): Promise<void> {
    await this.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  }

  list(blockerId: string) {
    return this.db
      .select({ userId: userBlocks.blockedId, blockedAt: userBlocks.createdAt, name: users.name, picture: users.profilePicture })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, blockerId))
      .orderBy(desc(userBlocks.createdAt));
  }

  async count(blockerId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
    return Number(row?.n ?? 0);
  }

  /** The blocks between two people, either way. */
  async between(a: string, b: string): Promise<{ blockerId: string; blockedId: string }[]> {
    return this.db
      .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
          and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
        ),
      );
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
  }
}
