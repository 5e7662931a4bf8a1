import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { sceneComments, sceneFavourites, sceneLikes, scenes, sceneViews, users, visitHistory } from '../../db/schema/index.ts';

export type CommentRow = typeof sceneComments.$inferSelect;

/**
 * Likes, views, comments, favourites and visit history. Every counter moves in the same statement
 * or transaction as the row it counts, and only when a row was really added or removed.
 */
export class SocialRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Returns the new count and whether this call added the like. */
  async like(sceneId: string, userId: string): Promise<{ likes: number; added: boolean }> {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(sceneLikes).values({ sceneId, userId }).onConflictDoNothing().returning({ u: sceneLikes.userId });
      return { likes: await this.bump(tx, sceneId, 'likesCount', added.length), added: added.length > 0 };
    });
  }

  async unlike(sceneId: string, userId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(sceneLikes)
        .where(and(eq(sceneLikes.sceneId, sceneId), eq(sceneLikes.userId, userId)))
        .returning({ u: sceneLikes.userId });
      return this.bump(tx, sceneId, 'likesCount', -removed.length);
    });
  }

  async liked(sceneId: string, userId: string) {
    return (await this.db.query.sceneLikes.findFirst({ where: and(eq(sceneLikes.sceneId, sceneId), eq(sceneLikes.userId, userId)) })) !== undefined;
  }

  private async bump(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    sceneId: string,
    column: 'likesCount' | 'viewsCount' | 'commentsCount',
    by: number,
  ): Promise<number> {
    const col = scenes[column];
    // `col + by` is evaluated against the latest committed row after the row lock, so parallel bumps add up.
    const [row] = await tx
      .update(scenes)
      .set({ [column]: sql`${col} + ${by}` })
      .where(eq(scenes.id, sceneId))
      .returning({ n: col });
    return row?.n ?? 0;
  }

  /**
   * Counts a view unless this visitor was counted for this space within the window. The advisory lock
   * serialises one visitor's parallel requests so the window check and the insert are one step.
   */
  async recordView(sceneId: string, visitorKey: string, windowStart: Date): Promise<{ counted: boolean; views: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`view:${sceneId}:${visitorKey}`}))`);
      const recent = await tx
        .select({ id: sceneViews.id })
        .from(sceneViews)
        .where(and(eq(sceneViews.sceneId, sceneId), eq(sceneViews.visitorKey, visitorKey), gt(sceneViews.viewedAt, windowStart)))
        .limit(1);
      if (recent.length) {
        const [s] = await tx.select({ n: scenes.viewsCount }).from(scenes).where(eq(scenes.id, sceneId));
        return { counted: false, views: s?.n ?? 0 };
      }
      await tx.insert(sceneViews).values({ id: newId(), sceneId, visitorKey });
      return { counted: true, views: await this.bump(tx, sceneId, 'viewsCount', 1) };
    });
  }

  async recordVisit(sceneId: string, userId: string) {
    await this.db
      .insert(visitHistory)
      .values({ sceneId, userId })
      .onConflictDoUpdate({ target: [visitHistory.userId, visitHistory.sceneId], set: { visitedAt: new Date() } });
  }

  async favourite(sceneId: string, userId: string, on: boolean) {
    if (on) await this.db.insert(sceneFavourites).values({ sceneId, userId }).onConflictDoNothing();
    else await this.db.delete(sceneFavourites).where(and(eq(sceneFavourites.sceneId, sceneId), eq(sceneFavourites.userId, userId)));
  }

  async isFavourite(sceneId: string, userId: string) {
    return (
      (await this.db.query.sceneFavourites.findFirst({
        where: and(eq(sceneFavourites.sceneId, sceneId), eq(sceneFavourites.userId, userId)),
      })) !== undefined
    );
  }

  userSummary(id: string) {
    return this.db.query.users.findFirst({ where: eq(users.id, id), columns: { name: true, username: true, profilePicture: true } });
  }

  comment(id: string) {
    return this.db.query.sceneComments.findFirst({ where: eq(sceneComments.id, id) });
  }

  async addComment(row: { sceneId: string; userId: string; parentId: string | null; body: string }): Promise<CommentRow> {
    return this.db.transaction(async (tx) => {
      const [saved] = await tx.insert(sceneComments).values({ id: newId(), ...row }).returning();
      await this.bump(tx, row.sceneId, 'commentsCount', 1);
      return saved!;
    });
  }

  async editComment(id: string, body: string) {
    const [row] = await this.db
      .update(sceneComments)
      .set({ body, edited: true, updatedAt: new Date() })
      .where(eq(sceneComments.id, id))
      .returning();
    return row;
  }

  /** Deletes a comment with its replies and takes them all off the space's count. */
  async deleteComment(id: string, sceneId: string) {
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(sceneComments)
        .where(or(eq(sceneComments.id, id), eq(sceneComments.parentId, id)))
        .returning({ id: sceneComments.id });
      await this.bump(tx, sceneId, 'commentsCount', -gone.length);
    });
  }

  /** A page of top-level comments, newest first, each with all its replies (oldest first). */
  async listComments(sceneId: string, cp: number, ipp: number) {
    const cols = {
      c: sceneComments,
      user: { userId: users.id, name: users.name, username: users.username, profilePicture: users.profilePicture },
    };
    const top = await this.db
      .select(cols)
      .from(sceneComments)
      .innerJoin(users, eq(users.id, sceneComments.userId))
      .where(and(eq(sceneComments.sceneId, sceneId), isNull(sceneComments.parentId)))
      .orderBy(desc(sceneComments.createdAt), desc(sceneComments.id))
      .limit(ipp)
      .offset(cp * ipp);
    const replies = top.length
      ? await this.db
          .select(cols)
          .from(sceneComments)
          .innerJoin(users, eq(users.id, sceneComments.userId))
          .where(inArray(sceneComments.parentId, top.map((t) => t.c.id)))
          .orderBy(asc(sceneComments.createdAt), asc(sceneComments.id))
      : [];
    return { top, replies };
  }
}
