import { z } from 'zod';
import { PAGING, PUBLISH_LIMITS, SOCIAL_LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';
import { sceneMetadata } from '../scenes/metadata.ts';
import { EXPLORE_FILTERS, EXPLORE_MAX_PAGE, EXPLORE_SORTS } from './explore.ts';

// Publishing, slots, explore and social API shapes (spec §3 Publish form, Slot, Comment; §7 paths).

const idList = z.array(z.uuid()).max(PUBLISH_LIMITS.aclMax).default([]);

/** POST sceneactions/{id}/publish: the publish form's placement, privacy and communication steps. */
export const publishBody = z.strictObject({
  slotId: z.uuid({ error: msg.publishing.assignSlot }),
  publishedPublic: z.boolean().default(true),
  visible: z.boolean().default(true),
  comments: z.boolean().default(true),
  adultContent: z.boolean().default(false),
  privacyACLEnabled: z.boolean().default(false),
  userPrivacyACL: idList,
  /** The owner's own groups (spec §3 groupPrivacyACL); anyone else's group id is refused. */
  groupPrivacyACL: idList,
  communicationACLEnabled: z.boolean().default(false),
  userCommunicationACL: idList,
  groupCommunicationACL: idList,
});
export type PublishBody = z.input<typeof publishBody>;

export const moveBody = z.strictObject({ slotId: z.uuid({ error: msg.publishing.assignSlot }) });
export const visibilityBody = z.strictObject({
  visible: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});

/** A listed space: metadata plus the counts, flags and slot facts a space card shows. */
export const sceneCard = sceneMetadata.extend({
  likes: z.number().int(),
  views: z.number().int(),
  comments: z.number().int(),
  commentsEnabled: z.boolean(),
  adultContent: z.boolean(),
  privacyACLEnabled: z.boolean(),
  communicationACLEnabled: z.boolean(),
  slotId: z.string().nullable(),
  /** Set while the space sits in an expiring (trial) slot: the card's 'Expiring on {date}' badge. */
  expiresAt: z.string().nullable(),
});
export type SceneCard = z.infer<typeof sceneCard>;

export const SLOT_KINDS = ['trial', 'plan', 'purchased'] as const;
export const slotView = z.object({
  slotId: z.string(),
  kind: z.enum(SLOT_KINDS),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  /** True when the slot holds a space. */
  active: z.boolean(),
  sceneId: z.string().nullable(),
  sceneMetadata: sceneCard.nullable(),
  productId: z.string().nullable(),
  priceCoin: z.number().int().nullable(),
  districtId: z.string().nullable(),
  createdAt: z.string(),
});
export type SlotView = z.infer<typeof slotView>;

export const slotSummary = z.object({
  total: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
  planSlots: z.number().int(),
  trialExpiresAt: z.string().nullable(),
});
export type SlotSummary = z.infer<typeof slotSummary>;

export const accessLists = z.object({
  sceneId: z.string(),
  privacyACLEnabled: z.boolean(),
  userPrivacyACL: z.array(z.string()),
  groupPrivacyACL: z.array(z.string()),
  communicationACLEnabled: z.boolean(),
  userCommunicationACL: z.array(z.string()),
  groupCommunicationACL: z.array(z.string()),
});
export type AccessLists = z.infer<typeof accessLists>;

/** GET sceneaccess/{id}/communication, read by the Realtime work before letting someone talk. */
export const communicationAccess = z.object({
  sceneId: z.string(),
  enabled: z.boolean(),
  users: z.array(z.string()),
  groups: z.array(z.string()),
  /** Whether the caller may talk in this space. */
  allowed: z.boolean(),
});
export type CommunicationAccess = z.infer<typeof communicationAccess>;

export const exploreQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  filter: z.enum(EXPLORE_FILTERS).default('All'),
  sort: z.enum(EXPLORE_SORTS).default('date'),
  /** Only this creator's spaces (profile pages). */
  userId: z.uuid().optional(),
  cp: z.coerce.number().int().min(0).max(EXPLORE_MAX_PAGE).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGING.maxIpp).default(PAGING.defaultIpp),
});
export type ExploreQuery = z.infer<typeof exploreQuery>;

export const pagedQuery = z.strictObject({
  cp: z.coerce.number().int().min(0).max(EXPLORE_MAX_PAGE).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGING.maxIpp).default(PAGING.defaultIpp),
});

/** The owner's own spaces: drafts or published ones; by last change (date), views or likes. */
export const myCardsQuery = pagedQuery.extend({ state: z.enum(['Draft', 'Published']).optional(), sort: z.enum(EXPLORE_SORTS).default('date') });

export const commentUser = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
const commentBase = z.object({
  commentId: z.string(),
  sceneId: z.string(),
  parentCommentId: z.string().nullable(),
  /** Plain text: clients render it as text, never as HTML. */
  body: z.string(),
  edited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: commentUser,
});
export const sceneComment = commentBase.extend({ childComments: z.array(commentBase) });
export type SceneComment = z.infer<typeof sceneComment>;
export type SceneReply = z.infer<typeof commentBase>;

const commentText = z
  .string()
  .trim()
  .min(1, msg.social.commentEmpty)
  .max(SOCIAL_LIMITS.commentMaxChars, msg.social.commentTooLong(SOCIAL_LIMITS.commentMaxChars));
export const commentBody = z.strictObject({ body: commentText, parentCommentId: z.uuid().optional() });
export const commentPatch = z.strictObject({ body: commentText });

export const likeStatus = z.object({ liked: z.boolean(), likes: z.number().int() });
export const favouriteStatus = z.object({ favourite: z.boolean() });
export const viewResult = z.object({ counted: z.boolean(), views: z.number().int() });

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'reply',
  'follow',
  'slotExpired',
  'partyInvite',
  'greet',
  'eventReminder',
  'districtFollow',
  'districtRequest',
  'districtRequestAnswered',
  'districtSlotLapsed',
  'groupInvite',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const notificationView = z.object({
  notificationId: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  payload: z.record(z.string(), z.unknown()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationList = z.object({ items: z.array(notificationView), unread: z.number().int() });
