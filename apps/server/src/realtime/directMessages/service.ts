import {
  AppError,
  chatText,
  REALTIME_LIMITS,
  type CreateDirectMessageGroupBody,
  type DirectMessage,
  type DirectMessageGroup,
  type DirectMessagePage,
} from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { UsersRepo } from '../../modules/users/repo.ts';
import type { DirectMessagesRepo, GroupRow } from './repo.ts';

interface MessageLike {
  id: string;
  groupId: string;
  text: string;
  createdAt: Date;
  userId: string | null;
  name: string | null;
  profilePicture: string | null;
}

const toMessage = (m: MessageLike): DirectMessage => ({
  id: m.id,
  groupId: m.groupId,
  text: m.text,
  time: m.createdAt.toISOString(),
  user: { id: m.userId ?? '', name: m.name ?? 'Deleted user', profilePicture: m.profilePicture },
});

/** Listeners for the direct-message hub; the service persists first and only then announces. */
export interface DirectMessageEvents {
  groupCreated(group: DirectMessageGroup, memberIds: string[]): void;
  message(message: DirectMessage, memberIds: string[]): void;
  left(groupId: string, userId: string, remainingIds: string[]): void;
}

export class DirectMessagesService {
  private readonly repo: DirectMessagesRepo;
  private readonly users: UsersRepo;
  events: DirectMessageEvents | null = null;
  private readonly assertCanReach: (fromId: string, toId: string) => Promise<void>;
  constructor(deps: {
    repo: DirectMessagesRepo;
    users: UsersRepo;
    /** 403 BLOCKED between people who blocked each other either way (the blocks module, issue 20). */
    assertCanReach?: (fromId: string, toId: string) => Promise<void>;
  }) {
    this.repo = deps.repo;
    this.users = deps.users;
    this.assertCanReach = deps.assertCanReach ?? (async () => undefined);
  }

  private async describe(rows: GroupRow[]): Promise<DirectMessageGroup[]> {
    const ids = rows.map((r) => r.id);
    const [members, last] = await Promise.all([this.repo.members(ids), this.repo.lastMessages(ids)]);
    return rows.map((g) => {
      const lm = last.find((m) => m.groupId === g.id);
      return {
        id: g.id,
        title: g.title,
        createdAt: g.createdAt.toISOString(),
        members: members
          .filter((m) => m.groupId === g.id)
          .map((m) => ({ id: m.id, name: m.name ?? '', profilePicture: m.profilePicture })),
        lastMessage: lm ? toMessage(lm) : null,
      };
    });
  }

  private async memberGroup(actor: Actor, groupId: string): Promise<GroupRow> {
    const group = await this.repo.group(groupId);
    // Not a member and missing look the same, so group ids cannot be probed.
    if (!group || !(await this.repo.isMember(groupId, actor.userId))) throw new AppError('NOT_FOUND');
    return group;
  }

  async create(actor: Actor, body: CreateDirectMessageGroupBody): Promise<DirectMessageGroup> {
    const others = [...new Set(body.memberIds)].filter((id) => id !== actor.userId);
    if (others.length === 0) throw new AppError('BAD_REQUEST', 'Add at least one other person');
    const found = await this.users.many(others);
    if (found.length !== others.length) throw new AppError('NOT_FOUND', 'Some of these people do not exist');
    // No conversation is started with someone either side has blocked.
    for (const id of others) await this.assertCanReach(actor.userId, id);
    const memberIds = [actor.userId, ...others];
    const row = await this.repo.createGroup(actor.userId, memberIds, body.title || null);
    const [group] = await this.describe([row]);
    this.events?.groupCreated(group!, memberIds);
    return group!;
  }

  async list(actor: Actor): Promise<DirectMessageGroup[]> {
    return this.describe(await this.repo.groupsOf(actor.userId));
  }

  async get(actor: Actor, groupId: string): Promise<DirectMessageGroup> {
    const [group] = await this.describe([await this.memberGroup(actor, groupId)]);
    return group!;
  }

  async history(actor: Actor, groupId: string, before: string | undefined, limit?: number): Promise<DirectMessagePage> {
    await this.memberGroup(actor, groupId);
    const size = Math.min(Math.max(limit ?? REALTIME_LIMITS.directMessagePageSize, 1), 100);
    const rows = await this.repo.messages(groupId, before, size + 1);
    const page = rows.slice(0, size);
    return {
      // Oldest first, the order a chat shows them in.
      messages: page.map(toMessage).reverse(),
      nextBefore: rows.length > size ? page[page.length - 1]!.id : null,
    };
  }

  /** Persists, then announces; the returned message is what the sender's ack carries. */
  async send(actor: Actor, groupId: string, rawText: string): Promise<DirectMessage> {
    const text = chatText.safeParse(rawText);
    if (!text.success) throw new AppError('VALIDATION_FAILED');
    await this.memberGroup(actor, groupId);
    // A one-to-one conversation stops when either blocks the other (a group with others goes on).
    const others = (await this.repo.memberIds(groupId)).filter((id) => id !== actor.userId);
    if (others.length === 1) await this.assertCanReach(actor.userId, others[0]!);
    const row = await this.repo.addMessage(groupId, actor.userId, text.data);
    const user = await this.users.byId(actor.userId);
    const message = toMessage({ ...row, name: user?.name ?? actor.name, profilePicture: user?.profilePicture ?? null });
    this.events?.message(message, await this.repo.memberIds(groupId));
    return message;
  }

  async leave(actor: Actor, groupId: string): Promise<void> {
    await this.memberGroup(actor, groupId);
    await this.repo.leave(groupId, actor.userId);
    this.events?.left(groupId, actor.userId, await this.repo.memberIds(groupId));
  }
}
