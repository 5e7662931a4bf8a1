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
