import { z } from 'zod';
import { GROUP_LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';

// User groups (spec §3 "group (members, title, description, image)", §7 group paths my, me, many,
// {id}/members): an owner's named lists of users, usable in a space's privacy and communication lists.

const title = z
  .string()
  .trim()
  .min(1, msg.groups.titleRequired)
  .max(GROUP_LIMITS.titleMax, msg.maxChars(GROUP_LIMITS.titleMax));
const description = z.string().trim().max(GROUP_LIMITS.descriptionMax, msg.maxChars(GROUP_LIMITS.descriptionMax));

export const groupBody = z.strictObject({ title, description: description.default('') });
export const groupPatch = z.strictObject({ title: title.optional(), description: description.optional() });
export const groupMembersBody = z.strictObject({
  userIds: z.array(z.uuid()).min(1).max(GROUP_LIMITS.membersPerRequest),
});
export const groupIdParams = z.strictObject({ id: z.uuid({ error: 'Not a valid group id' }) });
export const groupMemberParams = groupIdParams.extend({ userId: z.uuid({ error: 'Not a valid user id' }) });

export const groupView = z.object({
  groupId: z.string(),
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  /** The group's image (spec §3 group image), a versioned URL; null without one. */
  photo: z.string().nullable(),
  /** Set for a district's group (spec §7 group/district/{id}). */
  districtId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupView = z.infer<typeof groupView>;

export const groupMember = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
  addedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMember>;

/** The owner's invitations into a group (spec §2 District → Groups → Invitations): the invited person accepts or refuses. */
export const groupInviteBody = z.strictObject({
  userIds: z.array(z.uuid()).min(1).max(GROUP_LIMITS.membersPerRequest),
});
export const groupInvitationParams = z.strictObject({ id: z.uuid({ error: 'Not a valid invitation id' }) });
export const groupInvitationStatus = z.enum(['pending', 'accepted', 'refused']);

export const groupInvitationView = z.object({
  invitationId: z.string(),
  groupId: z.string(),
  groupTitle: z.string(),
  groupPhoto: z.string().nullable(),
  districtId: z.string().nullable(),
  districtSubdomain: z.string().nullable(),
  /** The invited person. */
  userId: z.string(),
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
  inviterId: z.string(),
  inviterName: z.string().nullable(),
  status: groupInvitationStatus,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type GroupInvitationView = z.infer<typeof groupInvitationView>;

/** A group's image: one multipart file field. */
export const groupImageForm = z.object({ file: z.string().describe('JPEG, PNG or WebP, re-encoded as JPEG') });
