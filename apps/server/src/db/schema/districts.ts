import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DistrictRole, DistrictStyles } from '@atrium/shared';
import { users } from './identity.ts';

/**
 * A district (spec §3 District): a Pro owner's branded area on `{subdomain}.{public host}`. The
 * subdomain is stored folded to lower case and unique case-insensitively, so two districts can never
 * answer the same host, even when two creations race.
 */
export const districts = pgTable(
  'districts',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subdomain: text('subdomain').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    public: boolean('public').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    listed: boolean('listed').notNull().default(true),
    freeSpaceTemplateId: text('free_space_template_id').notNull(),
    styles: jsonb('styles').$type<DistrictStyles>().notNull().default({}),
    /** Storage keys of the logo and cover (migration 0027); the file name is the version. */
    photo: text('photo'),
    coverPhoto: text('cover_photo'),
    /** Kept by triggers on district_members and district_follows (migration 0027). */
    memberCount: integer('member_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    /** Promotion Settings (migration 0029): whether others may ask, and how many promoted spaces the home shows. */
    promotionRequestsOpen: boolean('promotion_requests_open').notNull().default(true),
    promotedOnHome: integer('promoted_on_home').notNull().default(4),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('districts_subdomain_uq').on(sql`lower(${t.subdomain})`),
    index('districts_owner_idx').on(t.ownerId),
    index('districts_explore_idx').on(t.createdAt).where(sql`${t.public} and ${t.listed} and not ${t.hidden}`),
    index('districts_explore_title_idx').on(sql`lower(${t.title})`, t.id).where(sql`${t.public} and ${t.listed} and not ${t.hidden}`),
    index('districts_explore_members_idx').on(t.memberCount.desc(), t.id.desc()).where(sql`${t.public} and ${t.listed} and not ${t.hidden}`),
  ],
);

/** §6 district roles: one Owner (the creator of the district), Creators and Guests; slots an owner allocates. */
export const districtMembers = pgTable(
  'district_members',
  {
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<DistrictRole>().notNull(),
    allocatedSlots: integer('allocated_slots').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.userId] }),
    index('district_members_user_idx').on(t.userId),
    check('district_members_role_ck', sql`${t.role} in ('Owner', 'Creator', 'Guest')`),
    check('district_members_slots_ck', sql`${t.allocatedSlots} >= 0`),
  ],
);

/**
 * An emailed invitation (spec §3 district invitation, §7 invitation/{id}/accept?invitation_code=).
 * Only the code's SHA-256 is kept; it works once, before expires_at, for the invited address.
 */
export const districtInvitations = pgTable(
  'district_invitations',
  {
    id: uuid('id').primaryKey(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<DistrictRole>().notNull(),
    codeHash: text('invitation_code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('district_invitations_district_idx').on(t.districtId, t.createdAt),
    check('district_invitations_role_ck', sql`${t.role} in ('Creator', 'Guest')`),
  ],
);

/** Spec §3 district follow, §7 districtfollow: who follows which district (migration 0027). */
export const districtFollows = pgTable(
  'district_follows',
  {
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'district_follows_pk', columns: [t.districtId, t.userId] }), index('district_follows_user_idx').on(t.userId, t.createdAt)],
);
