import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userFollows, users } from '../../db/schema/index.ts';

/**
 * Follow edges. The primary key (follower, followee) makes a repeat follow a no-op, and the counters
 * move in the same transaction only when an edge was really added or removed — exact under concurrency.
 */
export class FollowsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async follow(followerId: string, followeeId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(userFollows)
        .values({ followerId, followeeId })
        .onConflictDoNothing()
        .returning({ f: userFollows.followerId });
      if (added.length) {
        await tx
          .update(users)
          .set({ numOfFollowing: sql`${users.numOfFollowing} + 1` })
          .where(eq(users.id, followerId));
        const [row] = await tx
          .update(users)
          .set({ numOfFollowers: sql`${users.numOfFollowers} + 1` })
          .where(eq(users.id, followeeId))
          .returning({ n: users.numOfFollowers });
        return row!.n;
      }
      const [row] = await tx.select({ n: users.numOfFollowers }).from(users).where(eq(users.id, followeeId));
      return row!.n;
    });
  }

  async unfollow(followerId: string, followeeId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(userFollows)
        .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
        .returning({ f: userFollows.followerId });
      if (removed.length) {
        await tx
          .update(users)
          .set({ numOfFollowing: sql`${users.numOfFollowing} - 1` })
          .where(eq(users.id, followerId));
        const [row] = await tx
          .update(users)
          .set({ numOfFollowers: sql`${users.numOfFollowers} - 1` })
          .where(eq(users.id, followeeId))
          .returning({ n: users.numOfFollowers });
        return row!.n;
      }
      const [row] = await tx.select({ n: users.numOfFollowers }).from(users).where(eq(users.id, followeeId));
      return row!.n;
    });
  }

  async isFollowing(followerId: string, followeeId: string) {
    const n = await this.db.$count(
      userFollows,
      and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)),
    );
    return n > 0;
  }

  /** The people following `userId` (side 'followers') or followed by them ('following'), newest first. */
  async list(userId: string, side: 'followers' | 'following', cp: number, ipp: number) {
    const own = side === 'followers' ? userFollows.followeeId : userFollows.followerId;
    const other = side === 'followers' ? userFollows.followerId : userFollows.followeeId;
    const where = and(eq(own, userId), isNull(users.deletedAt));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ user: users })
        .from(userFollows)
        .innerJoin(users, eq(users.id, other))
        .where(where)
        .orderBy(desc(userFollows.createdAt))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ n: count() }).from(userFollows).innerJoin(users, eq(users.id, other)).where(where),
    ]);
    return { rows: rows.map((r) => r.user), total: Number(total?.n ?? 0) };
  }

  /** Exact counts from the edges, to check the stored counters. */
  async countEdges(userId: string) {
    const [followers, following] = await Promise.all([
      this.db.$count(userFollows, eq(userFollows.followeeId, userId)),
      this.db.$count(userFollows, eq(userFollows.followerId, userId)),
    ]);
    return { followers, following };
  }
}
