import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { directMessageGroupMembers, directMessageGroups, directMessages, users } from '../../db/schema/index.ts';

export type GroupRow = typeof directMessageGroups.$inferSelect;
export type MessageRow = typeof directMessages.$inferSelect;

export class DirectMessagesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async createGroup(createdBy: string, memberIds: string[], title: string | null): Promise<GroupRow> {
    return this.db.transaction(async (tx) => {
      const [group] = await tx
        .insert(directMessageGroups)
        .values({ id: newId(), title, createdBy })
        .returning();
      await tx
        .insert(directMessageGroupMembers)
        .values(memberIds.map((userId) => ({ groupId: group!.id, userId })));
      return group!;
    });
  }

  group(id: string) {
    return this.db.query.directMessageGroups.findFirst({ where: eq(directMessageGroups.id, id) });
  }

  async memberIds(groupId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: directMessageGroupMembers.userId })
      .from(directMessageGroupMembers)
      .where(eq(directMessageGroupMembers.groupId, groupId));
    return rows.map((r) => r.userId);
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    const row = await this.db.query.directMessageGroupMembers.findFirst({
      where: and(eq(directMessageGroupMembers.groupId, groupId), eq(directMessageGroupMembers.userId, userId)),
    });
    return row !== undefined;
  }

  /** Members with their public name and picture, for many groups at once. */
  async members(groupIds: string[]) {
    if (groupIds.length === 0) return [];
    return this.db
      .select({
        groupId: directMessageGroupMembers.groupId,
        id: users.id,
        name: users.name,
        profilePicture: users.profilePicture,
      })
      .from(directMessageGroupMembers)
      .innerJoin(users, eq(users.id, directMessageGroupMembers.userId))
      .where(inArray(directMessageGroupMembers.groupId, groupIds));
  }

  /** The user's groups, most recently active first. */
  async groupsOf(userId: string): Promise<GroupRow[]> {
    const last = sql<Date>`coalesce((select max(${directMessages.createdAt}) from ${directMessages} where ${directMessages.groupId} = ${directMessageGroups.id}), ${directMessageGroups.createdAt})`;
    return this.db
      .select({
        id: directMessageGroups.id,
        title: directMessageGroups.title,
        createdBy: directMessageGroups.createdBy,
        createdAt: directMessageGroups.createdAt,
      })
      .from(directMessageGroups)
      .innerJoin(directMessageGroupMembers, eq(directMessageGroupMembers.groupId, directMessageGroups.id))
      .where(eq(directMessageGroupMembers.userId, userId))
      .orderBy(desc(last))
      .limit(200);
  }

  async leave(groupId: string, userId: string): Promise<void> {
    await this.db
      .delete(directMessageGroupMembers)
      .where(and(eq(directMessageGroupMembers.groupId, groupId), eq(directMessageGroupMembers.userId, userId)));
  }

  async addMessage(groupId: string, userId: string, text: string): Promise<MessageRow> {
    const [row] = await this.db.insert(directMessages).values({ id: newId(), groupId, userId, text }).returning();
    return row!;
  }

  /** Newest first, strictly older than `before` (a message id) when given. */
  messages(groupId: string, before: string | undefined, limit: number) {
    return this.db
      .select({
        id: directMessages.id,
        groupId: directMessages.groupId,
        text: directMessages.text,
        createdAt: directMessages.createdAt,
        userId: directMessages.userId,
        name: users.name,
        profilePicture: users.profilePicture,
      })
      .from(directMessages)
      .leftJoin(users, eq(users.id, directMessages.userId))
      .where(before ? and(eq(directMessages.groupId, groupId), lt(directMessages.id, before)) : eq(directMessages.groupId, groupId))
      .orderBy(desc(directMessages.id))
      .limit(limit);
  }

  async lastMessages(groupIds: string[]) {
    if (groupIds.length === 0) return [];
    return this.db
      .selectDistinctOn([directMessages.groupId], {
        id: directMessages.id,
        groupId: directMessages.groupId,
        text: directMessages.text,
        createdAt: directMessages.createdAt,
        userId: directMessages.userId,
        name: users.name,
        profilePicture: users.profilePicture,
      })
      .from(directMessages)
      .leftJoin(users, eq(users.id, directMessages.userId))
      .where(inArray(directMessages.groupId, groupIds))
      .orderBy(directMessages.groupId, desc(directMessages.id));
  }
}
