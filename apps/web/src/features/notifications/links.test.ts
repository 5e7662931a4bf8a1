import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@atrium/shared/publishing/schema';
import { notificationLink, withAllRead, withArrived, withRead } from './links.ts';

const note = (id: string, extra: Partial<NotificationView> = {}): NotificationView => ({
  notificationId: id,
  type: 'like',
  text: `n${id}`,
  payload: { sceneId: 's1', actorId: 'u1' },
  readAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('notification links', () => {
  it('leads follows to the follower, likes/comments/replies to the space, an expired slot to the editor', () => {
    expect(notificationLink(note('1', { type: 'follow' }))).toBe('/user/u1');
    for (const type of ['like', 'comment', 'reply'] as const) expect(notificationLink(note('1', { type }))).toBe('/viewer/s1');
    expect(notificationLink(note('1', { type: 'slotExpired' }))).toBe('/editor/s1');
    expect(notificationLink(note('1', { type: 'follow', payload: {} }))).toBeNull();
    expect(notificationLink(note('1', { payload: { sceneId: 42 } }))).toBeNull();
  });

  it('leads a greeting to the person who waved, an event reminder to the event\'s space', () => {
    expect(notificationLink(note('1', { type: 'greet' }))).toBe('/user/u1');
    expect(notificationLink(note('1', { type: 'eventReminder', payload: { sceneId: 's1', eventId: 'e1' } }))).toBe('/viewer/s1');
    expect(notificationLink(note('1', { type: 'eventReminder', payload: { eventId: 'e1' } }))).toBeNull();
  });

  it('leads district requests to the district’s own pages, a lapsed district slot to the editor', () => {
    const d = { districtUrl: 'http://harbour.localhost:3000/', sceneId: 's1' };
    expect(notificationLink(note('1', { type: 'districtRequest', payload: { ...d, requestKind: 'hosting' } }))).toBe('http://harbour.localhost:3000/spaces/hosting-requests');
    expect(notificationLink(note('1', { type: 'districtRequest', payload: { ...d, requestKind: 'promotion' } }))).toBe('http://harbour.localhost:3000/spaces/promotion-requests');
    const answered = (requestKind: string, accepted: boolean) => notificationLink(note('1', { type: 'districtRequestAnswered', payload: { ...d, requestKind, accepted } }));
    expect(answered('hosting', true)).toBe('http://harbour.localhost:3000/spaces/published');
    expect(answered('promotion', true)).toBe('http://harbour.localhost:3000/spaces/promoted');
    expect(answered('hosting', false)).toBe('http://harbour.localhost:3000/spaces/hosting-requests');
    expect(notificationLink(note('1', { type: 'districtRequest', payload: { districtUrl: 'not a url' } }))).toBeNull();
    expect(notificationLink(note('1', { type: 'districtRequest', payload: {} }))).toBeNull();
    expect(notificationLink(note('1', { type: 'districtSlotLapsed' }))).toBe('/editor/s1');
  });

  it('leads a district group’s invitation to the district’s Groups → Invitations, a personal group’s to the invited person’s Connections → Groups', () => {
    expect(notificationLink(note('1', { type: 'groupInvite', payload: { actorId: 'u1', districtUrl: 'http://harbour.localhost:3000/' } }))).toBe(
      'http://harbour.localhost:3000/groups/invitations',
    );
    expect(notificationLink(note('1', { type: 'groupInvite', payload: { actorId: 'u1' } }))).toBe('/user/me/connections/groups');
    expect(notificationLink(note('1', { type: 'groupInvite', payload: {} }))).toBe('/user/me/connections/groups');
  });
});

describe('notification list updates', () => {
  const list = { items: [note('2'), note('1', { readAt: '2026-01-02T00:00:00.000Z' })], unread: 1 };

  it('puts a live arrival on top once, counts it unread and keeps the menu size', () => {
    const next = withArrived(list, note('3'), 2);
    expect(next.items.map((i) => i.notificationId)).toEqual(['3', '2']);
    expect(next.unread).toBe(2);
    expect(withArrived(next, note('3'), 2)).toBe(next);
  });

  it('marks one read only once and all read at once', () => {
    const one = withRead(list, '2', '2026-01-03T00:00:00.000Z');
    expect(one.unread).toBe(0);
    expect(one.items[0]!.readAt).toBe('2026-01-03T00:00:00.000Z');
    expect(withRead(one, '2', 'later')).toBe(one);
    expect(withRead(list, 'missing', 'x')).toBe(list);
    const all = withAllRead({ items: [note('5'), note('4')], unread: 2 }, 'now');
    expect(all.unread).toBe(0);
    expect(all.items.every((i) => i.readAt === 'now')).toBe(true);
  });
});
