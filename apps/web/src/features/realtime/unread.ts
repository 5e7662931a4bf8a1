import type { RealtimeSession, RealtimeSnapshot } from './session.ts';
import { useRealtime, useRealtimeSession } from './store.ts';

// Messages from other people that arrived while the Chat sidebar was closed: the toolbar's unread
// badge. What a session holds when first looked at (history loaded on joining) counts as read.

const seen = new WeakMap<RealtimeSession, Set<string>>();

const fromOthers = (rt: RealtimeSnapshot) =>
  [...rt.publicMessages, ...Object.values(rt.direct).flat()].filter((m) => m.user.id !== rt.myUserId).map((m) => m.id);

/** Unread chat messages; everything counts as read while `open` (the Chat sidebar shows them). */
export function useUnreadChat(open: boolean): number {
  const session = useRealtimeSession();
  const rt = useRealtime();
  if (!session || !rt) return 0;
  const ids = fromOthers(rt);
  let read = seen.get(session);
  if (!read) seen.set(session, (read = new Set(ids)));
  if (open) {
    for (const id of ids) read.add(id);
    return 0;
  }
  return ids.filter((id) => !read.has(id)).length;
}
