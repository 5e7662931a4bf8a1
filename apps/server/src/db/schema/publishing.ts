import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { scenes } from './scenes.ts';

// Publishing and social (issue 8): slots, access lists, likes, views, comments, favourites, visit
// history and stored notifications.

/**
 * A publishing slot holds at most one published space. `kind` says where it came from: the trial slot
 * every account gets (expires 30 days after sign-up), the plan's slots, or a purchased one (the
 * Marketplace issue fills productId and priceCoin).
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'district': a district's slot (migration 0026), with districtId set; see modules/districts. */
    kind: text('kind', { enum: ['trial', 'plan', 'purchased', 'district'] }).notNull(),
    /** Position among the plan's slots (0-based), so ensuring plan slots twice never makes more. */
    planIndex: integer('plan_index'),
    sceneId: uuid('scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set by the expiry job once it has unpublished the slot's space and notified the owner. */
    expiryHandledAt: timestamp('expiry_handled_at', { withTimezone: true }),
    productId: text('product_id'),
    priceCoin: integer('price_coin'),
    districtId: uuid('district_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slots_owner_idx').on(t.ownerId),
    uniqueIndex('slots_scene_uq').on(t.sceneId),
    uniqueIndex('slots_trial_uq').on(t.ownerId).where(sql`kind = 'trial'`),
    uniqueIndex('slots_plan_uq').on(t.ownerId, t.planIndex).where(sql`kind = 'plan'`),
    index('slots_expiry_idx').on(t.expiresAt).where(sql`scene_id is not null and expiry_handled_at is null`),
  ],
);

/** Privacy (who may visit) and communication (who may talk) lists of a space. */
export const sceneAcl = pgTable(
  'scene_acl',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['privacy', 'communication'] }).notNull(),
    /** 'group' entries wait for the Groups work; only users are resolved today. */
    principalType: text('principal_type', { enum: ['user', 'group'] }).notNull(),
    principalId: uuid('principal_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.list, t.principalType, t.principalId] }),
    index('scene_acl_principal_idx').on(t.principalId, t.list),
  ],
);

export const sceneLikes = pgTable(
  'scene_likes',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.userId] }),
    index('scene_likes_user_idx').on(t.userId, t.createdAt),
    // Trending reads the last days of likes across all spaces.
    index('scene_likes_created_idx').on(t.createdAt),
  ],
);

/** One row per counted view; the visitor key is the user id or a hash of address and user agent. */
export const sceneViews = pgTable(
  'scene_views',
  {
    id: uuid('id').primaryKey(),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scene_views_visitor_idx').on(t.sceneId, t.visitorKey, t.viewedAt), index('scene_views_viewed_idx').on(t.viewedAt)],
);

/** Comments with one level of replies (parentId points at a top-level comment). Bodies are plain text. */
export const sceneComments = pgTable(
  'scene_comments',
  {
    id: uuid('id').primaryKey(),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    body: text('body').notNull(),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scene_comments_scene_idx').on(t.sceneId, t.parentId, t.createdAt),
    index('scene_comments_user_idx').on(t.userId, t.createdAt),
  ],
);

export const sceneFavourites = pgTable(
  'scene_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sceneId] }), index('scene_favourites_user_idx').on(t.userId, t.createdAt)],
);

/** The last visit of each user to each space (activity/history). */
export const visitHistory = pgTable(
  'visit_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sceneId] }), index('visit_history_user_idx').on(t.userId, t.visitedAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
