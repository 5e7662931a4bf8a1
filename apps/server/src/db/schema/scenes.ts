import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// A space: its metadata, the working (draft) document and the published snapshot visitors see.
// The published copy is separate so editing never changes what is live until republish.
export const scenes = pgTable(
  'scenes',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id'),
    creatorId: uuid('creator_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    coverPhotoUri: text('cover_photo_uri'),
    thumbnailUri: text('thumbnail_uri'),
    spaceTemplateId: text('space_template_id'),
    state: text('state', { enum: ['Draft', 'Published'] }).notNull().default('Draft'),
    visible: boolean('visible').notNull().default(true),
    publishedPublic: boolean('published_public').notNull().default(false),
    content: jsonb('content').notNull(),
    contentVersion: integer('content_version').notNull().default(1),
    publishedContent: jsonb('published_content'),
    publishedContentVersion: integer('published_content_version'),
    demoKey: text('demo_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('scenes_owner_idx').on(t.ownerId), index('scenes_published_idx').on(t.state, t.publishedAt)],
);
