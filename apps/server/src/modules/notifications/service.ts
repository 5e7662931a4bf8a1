import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { AppError, msg, type NotificationType, type NotificationView } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Actor } from '../users/actor.ts';

export interface NotificationPayload {
  type: NotificationType;
  /** Who caused it (likes, comments, replies, follows). */
  actorId?: string;
  actorName?: string;
  sceneId?: string;
  sceneTitle?: string;
  commentId?: string;
}

export type NotificationListener = (userId: string, view: NotificationView) => void;

type Row = typeof notifications.$inferSelect;

function textOf(p: NotificationPayload): string {
  const who = p.actorName || 'Someone';
  const title = p.sceneTitle ?? '';
  switch (p.type) {
    case 'like':
      return msg.social.notification.like(who, title);
    case 'comment':
      return msg.social.notification.comment(who, title);
    case 'reply':
      return msg.social.notification.reply(who, title);
    case 'follow':
      return msg.social.notification.follow(who);
    case 'slotExpired':
      return msg.publishing.slotExpiredNotice(title);
  }
}

const toView = (r: Row): NotificationView => {
  const payload = r.payload as NotificationPayload;
  return {
    notificationId: r.id,
    type: payload.type,
    text: textOf(payload),
    payload: payload as unknown as Record<string, unknown>,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
};

/**
 * Stored notifications (likes, comments, replies, follows, slot expiry). `notify` is what other
 * modules call; live delivery subscribes with `onCreated` (the Realtime work's notification hub).
 */
export class NotificationsService {
  private readonly db: Db;
  private readonly listeners = new Set<NotificationListener>();
  constructor(db: Db) {
    this.db = db;
  }

  onCreated(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async notify(userId: string, payload: NotificationPayload): Promise<NotificationView> {
    const [row] = await this.db.insert(notifications).values({ id: uuidv7(), userId, type: payload.type, payload }).returning();
    const view = toView(row!);
    for (const l of this.listeners) {
      try {
        l(userId, view);
      } catch {
        // A failing live delivery must not undo the stored notification.
      }
    }
    return view;
  }

  /** Newest first; `before` (a notification id) pages backwards. */
  async list(actor: Actor, limit: number, before?: string) {
    const mine = eq(notifications.userId, actor.userId);
    const rows = await this.db
      .select()
      .from(notifications)
      .where(before ? and(mine, lt(notifications.id, before)) : mine)
      .orderBy(desc(notifications.id))
      .limit(limit);
    const [unread] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt)));
    return { items: rows.map(toView), unread: unread?.n ?? 0 };
  }

  async markRead(actor: Actor, id: string) {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return toView(row);
  }

  async markAllRead(actor: Actor) {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored notifications; the Realtime work subscribes with `onCreated` to deliver them live. */
    notifications: NotificationsService;
  }
}
