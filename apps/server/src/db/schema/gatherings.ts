import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { scenes } from './scenes.ts';

/** Events a space's owner schedules (issue 20); gone with the space. The host is shown on the event. */
export const sceneEvents = pgTable(
  'scene_events',
  {
    id: uuid('id').primaryKey(),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scene_events_scene_ends_idx').on(t.sceneId, t.endsAt), index('scene_events_starts_idx').on(t.startsAt)],
);

/**
 * One answer per person and event (migration 0022): going or not. `remindedAt` is set by the one
 * reminder run that claims the row, so a reminder is sent once however often the job runs.
 */
export const sceneEventRsvps = pgTable(
  'scene_event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => sceneEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    going: boolean('going').notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('scene_event_rsvps_user_idx').on(t.userId)],
);

/** A person's block list (migration 0022): the blocked cannot invite, greet or message the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/** A party (spec §3): its leader is the one the others follow. */
export const parties = pgTable('parties', {
  id: uuid('id').primaryKey(),
  leaderId: uuid('leader_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One party per person at a time (the unique user index). */
export const partyMembers = pgTable(
  'party_members',
  {
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Order of joining: who leads next when the leader leaves. */
    seq: integer('seq').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.userId] }), uniqueIndex('party_members_user_idx').on(t.userId)],
);

/** Spec §3 party invitation: one open invitation per party and invitee. */
export const partyInvitations = pgTable(
  'party_invitations',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('party_invitations_party_invitee_idx').on(t.partyId, t.inviteeId),
    index('party_invitations_invitee_idx').on(t.inviteeId),
  ],
);
