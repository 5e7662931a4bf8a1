import { AppError, msg, type NotificationType, type NotificationView } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { NotificationRow, NotificationsRepo } from './repo.ts';

export interface NotificationPayload {
  type: NotificationType;
  /** Who caused it (likes, comments, replies, follows). */
  actorId?: string;
  actorName?: string;
  sceneId?: string;
  sceneTitle?: string;
  commentId?: string;
  /** Event reminders: which event, to open its space. */
  eventId?: string;
  eventTitle?: string;
  /** District follows: which district, to open its home. */
  districtId?: string;
  districtTitle?: string;
  districtUrl?: string;
  /** Hosting and promotion requests: which kind, and (answered) whether it was accepted. */
  requestKind?: 'hosting' | 'promotion';
  accepted?: boolean;
  /** Group invitations: which group (and, through districtId/districtUrl, its district if any). */
  groupId?: string;
  groupTitle?: string;
}

export type NotificationListener = (userId: string, view: NotificationView) => void;

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
    case 'partyInvite':
      return msg.parties.invitedNotice(who);
    case 'greet':
      return msg.greet.notice(who);
    case 'eventReminder':
      return msg.events.reminderNotice(p.eventTitle ?? '', title);
    case 'districtFollow':
      return msg.social.notification.districtFollow(who, p.districtTitle ?? '');
    case 'districtRequest': {
      const asked = p.requestKind === 'promotion' ? msg.districtSpaces.promotionAsked : msg.districtSpaces.hostingAsked;
      return asked(who, title, p.districtTitle ?? '');
    }
    case 'districtRequestAnswered': {
      const d = msg.districtSpaces;
      const say = p.requestKind === 'promotion' ? (p.accepted ? d.promotionAccepted : d.promotionRefused) : p.accepted ? d.hostingAccepted : d.hostingRefused;
      return say(title, p.districtTitle ?? '');
    }
    case 'districtSlotLapsed':
      return msg.districtSpaces.slotLapsed(title, p.districtTitle ?? '');
    case 'groupInvite':
      return msg.groups.invitedNotice(who, p.groupTitle ?? '');
  }
}

const toView = (r: NotificationRow): NotificationView => {
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
  private readonly repo: NotificationsRepo;
  private readonly listeners = new Set<NotificationListener>();
  constructor(repo: NotificationsRepo) {
    this.repo = repo;
  }

  onCreated(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async notify(userId: string, payload: NotificationPayload): Promise<NotificationView> {
    const view = toView(await this.repo.insert(userId, payload.type, payload));
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
    const [rows, unread] = await Promise.all([this.repo.list(actor.userId, limit, before), this.repo.countUnread(actor.userId)]);
    return { items: rows.map(toView), unread };
  }

  async markRead(actor: Actor, id: string) {
    const row = await this.repo.markRead(actor.userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toView(row);
  }

  async markAllRead(actor: Actor) {
    await this.repo.markAllRead(actor.userId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored notifications; the Realtime work subscribes with `onCreated` to deliver them live. */
    notifications: NotificationsService;
  }
}
