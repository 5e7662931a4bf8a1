import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

// The licences an asset can carry (seeded: CC0, CC BY, CC BY-SA, CC BY-NC, All rights reserved).
export const licenses = pgTable('licenses', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  url: text('url'),
  position: integer('position').notNull().default(0),
});

// One uploaded or described piece of content in a creator's library. Kind-specific settings live in
// `fields` (text styling, video provider …); storage keys of every derived file in `files`; model
// statistics in `stats`. `status` tracks the background optimisation of 3D models.
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['picture', 'video', 'audio', 'model3d', 'text3d', 'hyperText', 'webView3d', 'avatar'],
    }).notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    licenseId: text('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    collisions: text('collisions', { enum: ['None', 'Simple', 'Precise'] }).notNull().default('Precise'),
    interactive: boolean('interactive').notNull().default(false),
    defaultSize: real('default_size'),
    fields: jsonb('fields').notNull().default({}),
    /** Storage keys: main, thumbnail, original, webp, lod, poster … (content-addressed names). */
    files: jsonb('files').$type<Record<string, string>>().notNull().default({}),
    mime: text('mime'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    duration: real('duration'),
    stats: jsonb('stats'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('ready'),
    progress: integer('progress').notNull().default(100),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assets_owner_kind_idx').on(t.ownerId, t.kind, t.updatedAt),
    index('assets_status_idx').on(t.status),
  ],
);
