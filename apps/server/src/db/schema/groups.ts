import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * An owner's named group of users (spec §3 group). Space access lists may name a group instead of
 * each user (scene_acl principal_type 'group'); membership is read at access time, so adding or
 * removing a member changes who may visit or talk at once.
 */
export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Set for a district's group (migration 0027, spec §7 group/district/{id}); FK in the SQL, since districts.ts imports this schema's neighbours. */
    districtId: uuid('district_id'),
    /** Storage key of the group's image (migration 0030); the file name is its version. */
    photo: text('photo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_groups_owner_title_uq').on(t.ownerId, sql`lower(${t.title})`),
    index('user_groups_district_idx').on(t.districtId, t.createdAt).where(sql`${t.districtId} is not null`),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/**
 * An invitation into a group (migration 0030, spec §2 District → Groups → Invitations): the owner
 * invites, the invited person accepts (becomes a member) or refuses. One pending invitation per
 * person and group; answered ones stay as the group's history.
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'refused'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_invitations_pending_uq').on(t.groupId, t.userId).where(sql`${t.status} = 'pending'`),
    index('group_invitations_user_idx').on(t.userId, t.createdAt),
    index('group_invitations_group_idx').on(t.groupId, t.createdAt),
    check('group_invitations_status_ck', sql`${t.status} in ('pending', 'accepted', 'refused')`),
  ],
);
