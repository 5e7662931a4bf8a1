import { REALTIME_LIMITS } from './limits.ts';

// Chat presentation rules of spec §3 and §9, kept pure so web tests cover them without a browser.

export interface ChatItem {
  id: string;
  text: string;
  time: string;
  user: { id: string; name: string; profilePicture: string | null };
}

export interface ChatGroup<T extends ChatItem = ChatItem> {
  key: string;
  user: T['user'];
  alignment: 'left' | 'right';
  messages: T[];
}

/** Consecutive messages of one user within 10 minutes of the previous one form a group; mine sit right. */
export function groupChatMessages<T extends ChatItem>(messages: readonly T[], myUserId: string | null): ChatGroup<T>[] {
  const groups: ChatGroup<T>[] = [];
  let last: ChatGroup<T> | undefined;
  for (const m of messages) {
    const prev = last?.messages[last.messages.length - 1];
    if (
      last &&
      prev &&
      last.user.id === m.user.id &&
      Date.parse(m.time) - Date.parse(prev.time) <= REALTIME_LIMITS.chatGroupingMs
    ) {
      last.messages.push(m);
      continue;
    }
    last = { key: m.id, user: m.user, alignment: m.user.id === myUserId ? 'right' : 'left', messages: [m] };
    groups.push(last);
  }
  return groups;
}

/** Spec §9 relative time, written once in publishing/format; re-exported for chat lists. */
export { relativeTime } from '../publishing/format.ts';
