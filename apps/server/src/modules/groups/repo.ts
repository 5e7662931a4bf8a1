import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { districtMembers, districts, sceneAcl, userGroupMembers, userGroups, users } from '../../db/schema/index.ts';

export type GroupRow = typeof userGroups.$inferSelect & { memberCount: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const memberCount = sql<number>`(select count(*)::int from ${userGroupMembers} where ${userGroupMembers.groupId} = ${userGroups.id})`;

/** User groups and their members; a group's access-list entries go with it. */
export class GroupsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private select(db: Db | Tx = this.db) {
    return db
      .select({
        id: userGroups.id,
        ownerId: userGroups.ownerId,
        title: userGroups.title,
        description: userGroups.description,
        districtId: userGroups.districtId,
        photo: userGroups.photo,
        createdAt: userGroups.createdAt,
        updatedAt: userGroups.updatedAt,
        memberCount,
      })
      .from(userGroups)
      .$dynamic();
  }

  async find(id: string): Promise<GroupRow | undefined> {
    return (await this.select().where(eq(userGroups.id, id)))[0];
  }

  owned(ownerId: string): Promise<GroupRow[]> {
    return this.select().where(eq(userGroups.ownerId, ownerId)).orderBy(asc(sql`lower(${userGroups.title})`));
  }

  /** The user's Settings choice to show their groups on their profile; undefined for no such user. */
  async showsGroups(userId: string): Promise<boolean | undefined> {
    return (await this.db.select({ show: users.showGroups }).from(users).where(eq(users.id, userId)))[0]?.show;
  }

  /** Groups other owners put `userId` in. */
  memberOf(userId: string): Promise<GroupRow[]> {
    return this.select()
      .innerJoin(userGroupMembers, and(eq(userGroupMembers.groupId, userGroups.id), eq(userGroupMembers.userId, userId)))
      .orderBy(asc(sql`lower(${userGroups.title})`));
  }

  byIds(ids: string[]): Promise<GroupRow[]> {
    return this.select().where(inArray(userGroups.id, ids));
  }

  /**
   * Which of `ids` `userId` may name in a space's access lists: their own groups, and the groups of
   * districts where they are the Owner or a Creator (the people who publish there).
   */
  async usableAmong(userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(
        and(
          inArray(userGroups.id, ids),
          or(
            eq(userGroups.ownerId, userId),
            sql`${userGroups.districtId} in (select ${districtMembers.districtId} from ${districtMembers}
              where ${districtMembers.userId} = ${userId} and ${districtMembers.role} in ('Owner', 'Creator'))`,
          ),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** The district columns its visit rule reads, for a district group's image. */
  async districtRow(districtId: string) {
    const [d] = await this.db.select({ id: districts.id, ownerId: districts.ownerId, public: districts.public }).from(districts).where(eq(districts.id, districtId));
    return d;
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: userGroupMembers.userId })
      .from(userGroupMembers)
      .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)));
    return rows.length > 0;
  }

  /** Stores the image's new key and answers the one it replaced. */
  async setPhoto(groupId: string, key: string | null): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select({ photo: userGroups.photo }).from(userGroups).where(eq(userGroups.id, groupId)).for('update');
      await tx.update(userGroups).set({ photo: key, updatedAt: new Date() }).where(eq(userGroups.id, groupId));
      return old?.photo ?? null;
    });
  }

  /**
   * Creates a group unless the owner already has `max` groups or one with the same title (compared
   * case-insensitively). One owner's creations are serialised by an advisory lock.
   */
  async create(ownerId: string, title: string, description: string, max: number): Promise<GroupRow | 'limit' | 'taken'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups:${ownerId}`}))`);
      const [n] = await tx.select({ n: count() }).from(userGroups).where(eq(userGroups.ownerId, ownerId));
      if ((n?.n ?? 0) >= max) return 'limit';
      if (await this.titleTaken(tx, ownerId, title)) return 'taken';
      const id = newId();
      await tx.insert(userGroups).values({ id, ownerId, title, description });
      return (await this.select(tx).where(eq(userGroups.id, id)))[0]!;
    });
  }

  async update(id: string, ownerId: string, patch: { title?: string | undefined; description?: string | undefined }): Promise<GroupRow | 'taken'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups:${ownerId}`}))`);
      if (patch.title !== undefined && (await this.titleTaken(tx, ownerId, patch.title, id))) return 'taken';
      await tx
        .update(userGroups)
        .set({
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          updatedAt: new Date(),
        })
        .where(eq(userGroups.id, id));
      return (await this.select(tx).where(eq(userGroups.id, id)))[0]!;
    });
  }

  private async titleTaken(tx: Tx, ownerId: string, title: string, exceptId?: string) {
    const rows = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.ownerId, ownerId), sql`lower(${userGroups.title}) = lower(${title})`));
    return rows.some((r) => r.id !== exceptId);
  }

  /** Deletes the group and every access-list entry naming it. */
  async delete(id: string) {
    await this.db.transaction(async (tx) => {
      await tx.delete(sceneAcl).where(and(eq(sceneAcl.principalType, 'group'), eq(sceneAcl.principalId, id)));
      await tx.delete(userGroups).where(eq(userGroups.id, id));
    });
  }

  members(groupId: string) {
    return this.db
      .select({ userId: users.id, name: users.name, picture: users.profilePicture, addedAt: userGroupMembers.addedAt })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .where(eq(userGroupMembers.groupId, groupId))
      .orderBy(asc(userGroupMembers.addedAt), asc(users.id));
  }

  /** The given users that exist, each with whether they let others add them to groups (Settings). */
  async existingUsers(ids: string[]): Promise<Map<string, { allowGroupInvites: boolean }>> {
    const rows = await this.db.select({ id: users.id, allowGroupInvites: users.allowGroupInvites }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { allowGroupInvites: r.allowGroupInvites }]));
  }

  /** Adds members (already present ones are kept) unless the group would exceed `max`. */
  async addMembers(groupId: string, userIds: string[], max: number): Promise<'ok' | 'limit'> {
    return this.db.transaction(async (tx) => {
      // Lock the group row so parallel additions count each other.
      await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, groupId)).for('update');
      const present = await tx
        .select({ id: userGroupMembers.userId })
        .from(userGroupMembers)
        .where(eq(userGroupMembers.groupId, groupId));
      const have = new Set(present.map((r) => r.id));
      const fresh = [...new Set(userIds)].filter((id) => !have.has(id));
      if (have.size + fresh.length > max) return 'limit';
      if (fresh.length) await tx.insert(userGroupMembers).values(fresh.map((userId) => ({ groupId, userId })));
      await tx.update(userGroups).set({ updatedAt: new Date() }).where(eq(userGroups.id, groupId));
      return 'ok';
    });
  }

  async removeMember(groupId: string, userId: string): Promise<boolean> {
    const gone = await this.db
      .delete(userGroupMembers)
      .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)))
      .returning({ id: userGroupMembers.userId });
    return gone.length > 0;
  }
}
