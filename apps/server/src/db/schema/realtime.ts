import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

// Realtime: direct-message groups with their members and messages, and each user's chosen avatar.

export const directMessageGroups = pgTable('direct_message_groups', {
  id: uuid('id').primaryKey(),
  title: text('title'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const directMessageGroupMembers = pgTable(
  'direct_message_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => directMessageGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('dm_members_user_idx').on(t.userId)],
);

/** Ids are UUIDv7, so ordering by id is ordering by time and pages by id never skip a message. */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => directMessageGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dm_messages_group_idx').on(t.groupId, t.id)],
);

/** The 'Edit avatar' choice: a built-in model and its colours (AvatarAppearance). */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  appearance: jsonb('appearance').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
