import { AppError, msg, PARTY_LIMITS, type PartyInvitationView, type PartyView } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import { isUniqueViolation, type PartiesRepo, type PartyRow } from './repo.ts';

export type Where = { sceneId: string; instanceId: string };

export interface PartiesDeps {
  repo: PartiesRepo;
  /** Where these people are right now, limited to spaces `viewerId` may read (realtime's listings). */
  whereAre: (viewer: Actor, userIds: string[]) => Promise<Map<string, Where>>;
  /** Live "read your party again" to these people (the live-user hub), wherever they are connected. */
  changed: (userIds: string[], partyId: string) => void;
  /** A stored notification for a new invitation (the notification hub delivers it live). */
  invited?: (inviteeId: string, from: Actor) => Promise<unknown>;
  /** 403 BLOCKED when inviter and invitee blocked each other either way (the blocks module). */
  assertCanReach?: (fromId: string, toId: string) => Promise<void>;
}

const person = (userId: string, name: string | null, picture: string | null) => ({
  userId,
  name,
  profilePicture: profilePictureUrl(userId, picture),
});

/**
 * Parties (spec §3, §7 party, partyinvitation; issue 20): up to 8 people, one party per person.
 * Anyone in a party may invite; only the leader removes others; everyone may leave, and the earliest
 * member leads when the leader goes. A party or invitation that is not the caller's is not found.
 */
export class PartiesService {
  private readonly d: PartiesDeps;
  constructor(deps: PartiesDeps) {
    this.d = deps;
  }

  private async view(viewer: Actor, party: PartyRow): Promise<PartyView> {
    const [members, invited] = await Promise.all([
      this.d.repo.members(party.id),
      this.d.repo.invitedTo(party.id),
    ]);
    const where = await this.d.whereAre(
      viewer,
      members.map((m) => m.userId),
    );
    return {
      partyId: party.id,
      leaderId: party.leaderId,
      members: members.map((m) => ({
        ...person(m.userId, m.name, m.picture),
        joinedAt: m.joinedAt.toISOString(),
        where: where.get(m.userId) ?? null,
      })),
      invited: invited.map((i) => ({ ...person(i.userId, i.name, i.picture), invitationId: i.id })),
      createdAt: party.createdAt.toISOString(),
    };
  }

  private async memberIds(partyId: string): Promise<string[]> {
    return (await this.d.repo.members(partyId)).map((m) => m.userId);
  }

  /** The caller's party; 404 unless they are in it. */
  private async own(actor: Actor, id: string): Promise<PartyRow> {
    const party = await this.d.repo.partyOf(actor.userId);
    if (!party || party.id !== id) throw new AppError('NOT_FOUND', msg.parties.notFound);
    return party;
  }

  async mine(actor: Actor): Promise<{ party: PartyView | null }> {
    const party = await this.d.repo.partyOf(actor.userId);
    return { party: party ? await this.view(actor, party) : null };
  }

  async get(actor: Actor, id: string): Promise<PartyView> {
    return this.view(actor, await this.own(actor, id));
  }

  async create(actor: Actor): Promise<PartyView> {
    try {
      const id = await this.d.repo.create(actor.userId);
      return this.view(actor, (await this.d.repo.find(id))!);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', msg.parties.alreadyInParty);
      throw e;
    }
  }

  /** Leaving (the caller) or removing someone (the leader only). */
  async remove(actor: Actor, id: string, userId: string): Promise<void> {
    const party = await this.own(actor, id);
    if (userId !== actor.userId) {
      if (party.leaderId !== actor.userId) throw new AppError('FORBIDDEN', msg.parties.notLeader);
      if (!(await this.memberIds(id)).includes(userId)) throw new AppError('NOT_FOUND', msg.parties.notFound);
    }
    const before = await this.memberIds(id);
    await this.d.repo.removeMember(id, userId);
    this.d.changed(before, id);
  }

  /** Two invitations sent at once by someone without a party both start one: the loser joins the winner's. */
  private async partyOrNew(leaderId: string): Promise<PartyRow> {
    const existing = await this.d.repo.partyOf(leaderId);
    if (existing) return existing;
    try {
      return (await this.d.repo.find(await this.d.repo.create(leaderId)))!;
    } catch (e) {
      const winner = isUniqueViolation(e) ? await this.d.repo.partyOf(leaderId) : null;
      if (!winner) throw e;
      return winner;
    }
  }

  async invite(actor: Actor, inviteeId: string): Promise<PartyView> {
    if (inviteeId === actor.userId) throw new AppError('BAD_REQUEST', msg.parties.selfInvite);
    if (!(await this.d.repo.userExists(inviteeId))) throw new AppError('NOT_FOUND', msg.parties.userMissing);
    await this.d.assertCanReach?.(actor.userId, inviteeId);
    // Inviting without a party starts one, led by the inviter (the creator card's one-click Invite).
    const party = await this.partyOrNew(actor.userId);
    const members = await this.memberIds(party.id);
    if (members.includes(inviteeId)) throw new AppError('CONFLICT', msg.parties.alreadyMember);
    if (members.length >= PARTY_LIMITS.maxMembers)
      throw new AppError('CONFLICT', msg.parties.full(PARTY_LIMITS.maxMembers));
    if (!(await this.d.repo.openInvitation(party.id, inviteeId))) {
      if ((await this.d.repo.countInvitations(party.id)) >= PARTY_LIMITS.maxPendingInvitations)
        throw new AppError('RATE_LIMITED', msg.parties.tooManyInvitations);
      let created = false;
      try {
        await this.d.repo.invite(party.id, actor.userId, inviteeId);
        created = true;
      } catch (e) {
        // The same invitation made twice at once: one stands, which is what both asked for.
        if (!isUniqueViolation(e)) throw e;
      }
      // The invitation stands even if its notification cannot be stored; the Party sidebar lists it.
      if (created) await this.d.invited?.(inviteeId, actor).catch(() => {});
    }
    this.d.changed([...members, inviteeId], party.id);
    return this.view(actor, party);
  }

  async received(actor: Actor): Promise<PartyInvitationView[]> {
    const rows = await this.d.repo.received(actor.userId);
    return Promise.all(
      rows.map(async (r) => {
        const members = await this.d.repo.members(r.partyId);
        const leader = members.find((m) => m.userId === r.leaderId);
        return {
          invitationId: r.id,
          partyId: r.partyId,
          from: person(r.inviterId, r.inviterName, r.inviterPicture),
          leader: person(r.leaderId, leader?.name ?? null, leader?.picture ?? null),
          memberCount: members.length,
          createdAt: r.createdAt.toISOString(),
        };
      }),
    );
  }

  /** Accepting leaves the caller's current party first: one party per person. */
  async accept(actor: Actor, invitationId: string): Promise<PartyView> {
    const inv = await this.d.repo.findInvitation(invitationId);
    if (!inv || inv.inviteeId !== actor.userId)
      throw new AppError('NOT_FOUND', msg.parties.invitationNotFound);
    const current = await this.d.repo.partyOf(actor.userId);
    if (current?.id === inv.partyId) {
      await this.d.repo.deleteInvitation(inv.id);
      return this.view(actor, current);
    }
    if (current) await this.remove(actor, current.id, actor.userId);
    let outcome: 'added' | 'full' | 'gone';
    try {
      outcome = await this.d.repo.addMember(inv.partyId, actor.userId, PARTY_LIMITS.maxMembers, inv.id);
    } catch (e) {
      // Two acceptances of different parties at once: the other one won.
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', msg.parties.alreadyInParty);
      throw e;
    }
    if (outcome === 'gone') throw new AppError('NOT_FOUND', msg.parties.notFound);
    if (outcome === 'full') throw new AppError('CONFLICT', msg.parties.full(PARTY_LIMITS.maxMembers));
    this.d.changed(await this.memberIds(inv.partyId), inv.partyId);
    return this.view(actor, (await this.d.repo.find(inv.partyId))!);
  }

  /** The invitee declines, or a member of the party withdraws it. */
  async dismiss(actor: Actor, invitationId: string): Promise<void> {
    const inv = await this.d.repo.findInvitation(invitationId);
    const mine =
      inv &&
      (inv.inviteeId === actor.userId || (await this.d.repo.partyOf(actor.userId))?.id === inv.partyId);
    if (!inv || !mine) throw new AppError('NOT_FOUND', msg.parties.invitationNotFound);
    await this.d.repo.deleteInvitation(inv.id);
    this.d.changed([...(await this.memberIds(inv.partyId)), inv.inviteeId], inv.partyId);
  }

  /** For the live-user hub: the members to bring along when this person, if a leader, moves. */
  async followersOf(userId: string): Promise<{ partyId: string; memberIds: string[] } | null> {
    const party = await this.d.repo.partyOf(userId);
    if (!party || party.leaderId !== userId) return null;
    return { partyId: party.id, memberIds: (await this.memberIds(party.id)).filter((id) => id !== userId) };
  }

  /** For party chat on the live-user hub: this person's party and everyone in it (them included). */
  async membersOf(userId: string): Promise<{ partyId: string; memberIds: string[] } | null> {
    const party = await this.d.repo.partyOf(userId);
    return party ? { partyId: party.id, memberIds: await this.memberIds(party.id) } : null;
  }
}
