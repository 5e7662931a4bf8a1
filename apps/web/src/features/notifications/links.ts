import type { NotificationView } from '@atrium/shared/publishing/schema';
import type { Answer } from '../../api/wire.ts';

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** A page of the district named in the payload, on the district's own origin (its `districtUrl`). */
function districtPage(payload: Record<string, unknown>, path: string): string | null {
  const url = str(payload.districtUrl);
  if (!url) return null;
  try {
    return new URL(path, url).toString();
  } catch {
    return null;
  }
}

/**
 * Where a notification leads: a follow to the follower's profile; a like, comment or reply to the
 * space; an expired slot to the space in the editor (it is no longer published). Null when the
 * payload lacks the id (an older row), so the item shows without a link.
 */
export function notificationLink(n: Pick<NotificationView, 'type' | 'payload'>): string | null {
  const actorId = str(n.payload.actorId);
  const sceneId = str(n.payload.sceneId);
  switch (n.type) {
    case 'follow':
      return actorId ? `/user/${actorId}` : null;
    case 'like':
    case 'comment':
    case 'reply':
      return sceneId ? `/viewer/${sceneId}` : null;
    case 'slotExpired':
      return sceneId ? `/editor/${sceneId}` : null;
    // Invitations are answered in a space's Party sidebar; the inviter's profile says who asked.
    case 'partyInvite':
    case 'greet':
      return actorId ? `/user/${actorId}` : null;
    // An event about to start: its space, where the event happens.
    case 'eventReminder':
      return sceneId ? `/viewer/${sceneId}` : null;
    // A new follower of one's district: the follower's profile.
    case 'districtFollow':
      return actorId ? `/user/${actorId}` : null;
    // A hosting or promotion request: the district's page of such requests, on its own host.
    case 'districtRequest':
      return districtPage(n.payload, n.payload.requestKind === 'promotion' ? '/spaces/promotion-requests' : '/spaces/hosting-requests');
    // Its answer: where the space now shows when accepted, the requester's requests when refused.
    case 'districtRequestAnswered': {
      const promotion = n.payload.requestKind === 'promotion';
      if (n.payload.accepted === true) return districtPage(n.payload, promotion ? '/spaces/promoted' : '/spaces/published');
      return districtPage(n.payload, promotion ? '/spaces/promotion-requests' : '/spaces/hosting-requests');
    }
    // A district slot ran out with its Owner's Pro plan: the space, now a draft, in the editor.
    case 'districtSlotLapsed':
      return sceneId ? `/editor/${sceneId}` : null;
    // A group invitation: a district's group is answered on the district's Groups → Invitations
    // page, a person's own group on the invited person's Connections → Groups.
    case 'groupInvite':
      return districtPage(n.payload, '/groups/invitations') ?? '/user/me/connections/groups';
  }
}

export type NotificationList = Answer<'/api/notification/my', 'get'>;

/** A live notification on top of the list (once, even if the REST answer already had it). */
export function withArrived(list: NotificationList, n: NotificationView, max: number): NotificationList {
  if (list.items.some((i) => i.notificationId === n.notificationId)) return list;
  return { items: [n, ...list.items].slice(0, max), unread: list.unread + (n.readAt ? 0 : 1) };
}

export function withRead(list: NotificationList, id: string, at: string): NotificationList {
  const was = list.items.find((i) => i.notificationId === id);
  if (!was || was.readAt) return list;
  return {
    items: list.items.map((i) => (i.notificationId === id ? { ...i, readAt: at } : i)),
    unread: Math.max(0, list.unread - 1),
  };
}

export function withAllRead(list: NotificationList, at: string): NotificationList {
  return { items: list.items.map((i) => (i.readAt ? i : { ...i, readAt: at })), unread: 0 };
}
