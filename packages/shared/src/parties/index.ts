import { z } from 'zod';

// Parties (spec §3 "party and party invitation", §7 Communication party, partyinvitation): a few
// people who travel together; when the leader enters a space instance the others follow.

export const PARTY_LIMITS = {
  /** Issue 20: up to 8 people. */
  maxMembers: 8,
  /** Open invitations one party may hold (an invitation flood is refused). */
  maxPendingInvitations: 16,
} as const;

export const partyIdParams = z.strictObject({ id: z.uuid({ error: 'Not a valid party id' }) });
export const partyMemberParams = partyIdParams.extend({ userId: z.uuid({ error: 'Not a valid user id' }) });
export const partyInvitationParams = z.strictObject({ id: z.uuid({ error: 'Not a valid invitation id' }) });
export const partyInvitationBody = z.strictObject({ userId: z.uuid({ error: 'Not a valid user id' }) });

const person = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
});

/** Where a member is right now (from the live instance listings), or null when not in a space. */
export const partyWhere = z.object({ sceneId: z.string(), instanceId: z.string() }).nullable();

export const partyView = z.object({
  partyId: z.string(),
  leaderId: z.string(),
  members: z.array(person.extend({ joinedAt: z.string(), where: partyWhere })),
  /** Invitations not yet answered (members see who is invited). */
  invited: z.array(person.extend({ invitationId: z.string() })),
  createdAt: z.string(),
});
export type PartyView = z.infer<typeof partyView>;

export const myParty = z.object({ party: partyView.nullable() });

export const partyInvitationView = z.object({
  invitationId: z.string(),
  partyId: z.string(),
  from: person,
  leader: person,
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type PartyInvitationView = z.infer<typeof partyInvitationView>;

/** Live-user hub event to each member when the leader enters an instance: follow them there. */
export const partyLeaderMoved = z.object({
  partyId: z.string(),
  leaderId: z.string(),
  sceneId: z.string(),
  instanceId: z.string(),
});
export type PartyLeaderMoved = z.infer<typeof partyLeaderMoved>;

/**
 * Party chat (issue 20): a message from one member to every member, wherever each is (any space, any
 * process); live, not stored, like Event chat.
 */
export const partyMessage = z.object({
  id: z.string(),
  partyId: z.string(),
  text: z.string(),
  time: z.string(),
  user: z.object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
});
export type PartyMessage = z.infer<typeof partyMessage>;
export const sendPartyMessageArgs = z.object({ text: z.string() });

/** Live-user hub event to each member (and the invitee) when the party changes: read it again. */
export const partyChanged = z.object({ partyId: z.string() });
