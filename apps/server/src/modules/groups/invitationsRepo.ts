import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { districts, groupInvitations, userGroupMembers, userGroups, users } from '../../db/schema/index.ts';

export type InvitationRow = Awaited<ReturnType<GroupInvitationsRepo['list']>>[number];
/** `invited`: the ids that got a new invitation (those already pending are left as they were). */
export type InviteOutcome = { invited: string[] } | 'limit' | { members: string[] };
export type AnswerOutcome = 'ok' | 'notFound' | 'answered' | 'full';

class Full extends Error {}

/** Invitations into groups (migration 0030); no rules here (invitations.ts). */
export class GroupInvitationsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Invitations with their group, the invited person and the inviter, newest first. */
  list(where: SQL, limit = 200) {
    const invitee = alias(users, 'invitee');
    const inviter = alias(users, 'inviter');
    return this.db
      .select({
        id: groupInvitations.id,
        groupId: groupInvitations.groupId,
        groupTitle: userGroups.title,
        groupPhoto: userGroups.photo,
        districtId: userGroups.districtId,
        districtSubdomain: districts.subdomain,
        userId: groupInvitations.userId,
        name: invitee.name,
        picture: invitee.profilePicture,
        inviterId: groupInvitations.inviterId,
        inviterName: inviter.name,
        status: groupInvitations.status,
        createdAt: groupInvitations.createdAt,
        answeredAt: groupInvitations.answeredAt,
      })
      .from(groupInvitations)
      .innerJoin(userGroups, eq(userGroups.id, groupInvitations.groupId))
      .innerJoin(invitee, eq(invitee.id, groupInvitations.userId))
      .innerJoin(inviter, eq(inviter.id, groupInvitations.inviterId))
      .leftJoin(districts, eq(districts.id, userGroups.districtId))
      .where(where)
      .orderBy(desc(groupInvitations.createdAt), desc(groupInvitations.id))
      .limit(limit);
  }

  ofGroup(groupId: string) {
    return this.list(eq(groupInvitations.groupId, groupId));
  }

  /** The person's pending invitations, optionally only into one district's groups. */
  pendingFor(userId: string, districtId?: string) {
    return this.list(
      and(
        eq(groupInvitations.userId, userId),
        eq(groupInvitations.status, 'pending'),
        districtId ? eq(userGroups.districtId, districtId) : undefined,
      )!,
    );
  }

  ofDistrict(districtId: string) {
    return this.list(eq(userGroups.districtId, districtId));
  }

  /**
   * Invites people not yet in the group; a pending invitation is kept as it is. Refused (nothing
   * written) when some are members already or the group would have more than `max` pending.
   */
  async invite(groupId: string, inviterId: string, userIds: string[], max: number): Promise<InviteOutcome> {
    return this.db.transaction(async (tx) => {
      // The group row locked, so two invitation batches count each other.
      await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, groupId)).for('update');
      const members = await tx
        .select({ id: userGroupMembers.userId })
        .from(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, groupId), inArray(userGroupMembers.userId, userIds)));
      if (members.length) return { members: members.map((m) => m.id) };
      const pending = await tx
        .select({ userId: groupInvitations.userId })
        .from(groupInvitations)
        .where(and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.status, 'pending')));
      const have = new Set(pending.map((p) => p.userId));
      const fresh = [...new Set(userIds)].filter((u) => !have.has(u));
      if (have.size + fresh.length > max) return 'limit';
      if (fresh.length) await tx.insert(groupInvitations).values(fresh.map((userId) => ({ id: newId(), groupId, userId, inviterId })));
      return { invited: fresh };
    });
  }

  async find(id: string) {
    return (await this.list(eq(groupInvitations.id, id), 1))[0];
  }

  /**
   * The invited person's answer, once: the row turns from pending only if nobody answered yet (two
   * answers racing give one win), and an acceptance adds the member unless the group is full, in
   * which case nothing changes.
   */
  async answer(id: string, userId: string, accept: boolean, membersMax: number): Promise<AnswerOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(groupInvitations)
          .set({ status: accept ? 'accepted' : 'refused', answeredAt: new Date() })
          .where(and(eq(groupInvitations.id, id), eq(groupInvitations.userId, userId), eq(groupInvitations.status, 'pending')))
          .returning({ groupId: groupInvitations.groupId });
        if (!row) {
          const [mine] = await tx
            .select({ id: groupInvitations.id })
            .from(groupInvitations)
            .where(and(eq(groupInvitations.id, id), eq(groupInvitations.userId, userId)));
          return mine ? 'answered' : 'notFound';
        }
        if (!accept) return 'ok';
        await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, row.groupId)).for('update');
        const [n] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(userGroupMembers)
          .where(eq(userGroupMembers.groupId, row.groupId));
        if ((n?.n ?? 0) >= membersMax) throw new Full();
        await tx.insert(userGroupMembers).values({ groupId: row.groupId, userId }).onConflictDoNothing();
        await tx.update(userGroups).set({ updatedAt: new Date() }).where(eq(userGroups.id, row.groupId));
        return 'ok';
      });
    } catch (err) {
      if (err instanceof Full) return 'full';
      throw err;
    }
  }

  /** Withdraws a pending invitation; false when there is none with that id in the group. */
  async cancel(id: string, groupId: string): Promise<boolean> {
    const gone = await this.db
      .delete(groupInvitations)
      .where(and(eq(groupInvitations.id, id), eq(groupInvitations.groupId, groupId), eq(groupInvitations.status, 'pending')))
      .returning({ id: groupInvitations.id });
    return gone.length > 0;
  }
}
