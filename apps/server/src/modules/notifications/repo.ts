import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The notifications table: one user's rows only, through every method. */
export class NotificationsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(userId: string, type: string, payload: object): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values({ id: newId(), userId, type, payload }).returning();
    return row!;
  }

  /** Newest first; `before` (a notification id, time-ordered uuidv7) pages backwards. */
  list(userId: string, limit: number, before?: string): Promise<NotificationRow[]> {
    const mine = eq(notifications.userId, userId);
    return this.db
      .select()
      .from(notifications)
      .where(before ? and(mine, lt(notifications.id, before)) : mine)
      .orderBy(desc(notifications.id))
      .limit(limit);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  async markRead(userId: string, id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }
}
