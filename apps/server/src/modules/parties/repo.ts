import { and, asc, count, eq, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { parties, partyInvitations, partyMembers, users } from '../../db/schema/index.ts';

export type PartyRow = typeof parties.$inferSelect;
export interface MemberRow {
  userId: string;
  name: string | null;
  picture: string | null;
  joinedAt: Date;
}
export interface InvitationRow {
  id: string;
  partyId: string;
  inviterId: string;
  inviteeId: string;
  createdAt: Date;
}
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A unique index said no: the person is already in a party, or already invited. */
export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
};

/** Parties, their members and invitations (migration 0018). */
export class PartiesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async find(id: string): Promise<PartyRow | undefined> {
    return (await this.db.select().from(parties).where(eq(parties.id, id)))[0];
  }

  async partyOf(userId: string): Promise<PartyRow | undefined> {
    const [row] = await this.db
      .select({ id: parties.id, leaderId: parties.leaderId, createdAt: parties.createdAt })
      .from(partyMembers)
      .innerJoin(parties, eq(parties.id, partyMembers.partyId))
      .where(eq(partyMembers.userId, userId));
    return row;
  }

  members(partyId: string): Promise<MemberRow[]> {
    return this.db
      .select({
        userId: partyMembers.userId,
        name: users.name,
        picture: users.profilePicture,
        joinedAt: partyMembers.joinedAt,
      })
      .from(partyMembers)
      .innerJoin(users, eq(users.id, partyMembers.userId))
      .where(eq(partyMembers.partyId, partyId))
      .orderBy(asc(partyMembers.seq));
  }

  /** Throws a unique violation when the leader is already in a party. */
  async create(leaderId: string): Promise<string> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      await tx.insert(parties).values({ id, leaderId });
      await tx.insert(partyMembers).values({ partyId: id, userId: leaderId, seq: 0 });
    });
    return id;
  }

  /**
   * Adds a member unless the party is gone or full (answers false); the party row is locked so two
   * acceptances at once cannot both take the last place.
   */
  async addMember(
    partyId: string,
    userId: string,
    maxMembers: number,
    invitationId: string,
  ): Promise<'added' | 'full' | 'gone'> {
    return this.db.transaction(async (tx) => {
      const [party] = await tx
        .select({ id: parties.id })
        .from(parties)
        .where(eq(parties.id, partyId))
        .for('update');
      if (!party) return 'gone';
      const [agg] = await tx
        .select({ n: count(), top: max(partyMembers.seq) })
        .from(partyMembers)
        .where(eq(partyMembers.partyId, partyId));
      if (Number(agg?.n ?? 0) >= maxMembers) return 'full';
      await tx.insert(partyMembers).values({ partyId, userId, seq: Number(agg?.top ?? 0) + 1 });
      await tx.delete(partyInvitations).where(eq(partyInvitations.id, invitationId));
      return 'added';
    });
  }

  /**
   * Removes a member; the earliest remaining member leads when the leader goes, and a party nobody
   * is left in is deleted. Answers the party's leader afterwards (null when it is gone).
   */
  async removeMember(partyId: string, userId: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [party] = await tx.select().from(parties).where(eq(parties.id, partyId)).for('update');
      if (!party) return null;
      await tx
        .delete(partyMembers)
        .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.userId, userId)));
      const [next] = await this.remaining(tx, partyId);
      if (!next) {
        await tx.delete(parties).where(eq(parties.id, partyId));
        return null;
      }
      if (party.leaderId !== userId) return party.leaderId;
      await tx.update(parties).set({ leaderId: next.userId }).where(eq(parties.id, partyId));
      return next.userId;
    });
  }

  private remaining(tx: Tx, partyId: string) {
    return tx
      .select({ userId: partyMembers.userId })
      .from(partyMembers)
      .where(eq(partyMembers.partyId, partyId))
      .orderBy(asc(partyMembers.seq))
      .limit(1);
  }

  /** Throws a unique violation when this person already has an open invitation to this party. */
  async invite(partyId: string, inviterId: string, inviteeId: string): Promise<string> {
    const id = newId();
    await this.db.insert(partyInvitations).values({ id, partyId, inviterId, inviteeId });
    return id;
  }

  async findInvitation(id: string): Promise<InvitationRow | undefined> {
    return (await this.db.select().from(partyInvitations).where(eq(partyInvitations.id, id)))[0];
  }

  async openInvitation(partyId: string, inviteeId: string): Promise<InvitationRow | undefined> {
    return (
      await this.db
        .select()
        .from(partyInvitations)
        .where(and(eq(partyInvitations.partyId, partyId), eq(partyInvitations.inviteeId, inviteeId)))
    )[0];
  }

  async deleteInvitation(id: string): Promise<void> {
    await this.db.delete(partyInvitations).where(eq(partyInvitations.id, id));
  }

  async countInvitations(partyId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(partyInvitations)
      .where(eq(partyInvitations.partyId, partyId));
    return Number(row?.n ?? 0);
  }

  /** Open invitations of a party, with the invitee's public profile. */
  invitedTo(partyId: string) {
    return this.db
      .select({ id: partyInvitations.id, userId: users.id, name: users.name, picture: users.profilePicture })
      .from(partyInvitations)
      .innerJoin(users, eq(users.id, partyInvitations.inviteeId))
      .where(eq(partyInvitations.partyId, partyId))
      .orderBy(asc(partyInvitations.createdAt));
  }

  /** Invitations a person received, with who sent them. */
  received(inviteeId: string) {
    const inviter = alias(users, 'inviter');
    return this.db
      .select({
        id: partyInvitations.id,
        partyId: partyInvitations.partyId,
        createdAt: partyInvitations.createdAt,
        inviterId: inviter.id,
        inviterName: inviter.name,
        inviterPicture: inviter.profilePicture,
        leaderId: parties.leaderId,
      })
      .from(partyInvitations)
      .innerJoin(inviter, eq(inviter.id, partyInvitations.inviterId))
      .innerJoin(parties, eq(parties.id, partyInvitations.partyId))
      .where(eq(partyInvitations.inviteeId, inviteeId))
      .orderBy(asc(partyInvitations.createdAt));
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
  }
}
