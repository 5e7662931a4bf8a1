import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    // Publishing (issue 8): the publish form's flags, access-list switches and social counters. The
    // counters are kept in the same statement as the row they count, so listings never aggregate.
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    adultContent: boolean('adult_content').notNull().default(false),
    photoGallery: text('photo_gallery').array().notNull().default([]),
    privacyAclEnabled: boolean('privacy_acl_enabled').notNull().default(false),
    communicationAclEnabled: boolean('communication_acl_enabled').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    // Spec §3 district fields, kept by triggers (migration 0029) from the slot that holds the space
    // and its accepted hosting requests; district_private makes the access rule members-only.
    districtId: uuid('district_id'),
    districtSubdomain: text('district_subdomain'),
    districtPrivate: boolean('district_private').notNull().default(false),
    publishedPublicDistricts: uuid('published_public_districts').array().notNull().default(sql`'{}'`),
    publishedPrivateDistricts: uuid('published_private_districts').array().notNull().default(sql`'{}'`),
    /** Explore full-text search; atrium_tags_text is an immutable wrapper created by the migration. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', atrium_tags_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    index('scenes_owner_idx').on(t.ownerId),
    index('scenes_creator_idx').on(t.creatorId),
    index('scenes_published_idx').on(t.state, t.publishedAt),
    index('scenes_search_idx').using('gin', t.search),
    // The viewer's Related list: spaces whose tags overlap (&&).
    index('scenes_tags_idx').using('gin', t.tags),
    index('scenes_district_idx').on(t.districtId).where(sql`district_id is not null`),
    index('scenes_listed_date_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`state = 'Published' and visible and published_public`),
    index('scenes_listed_likes_idx')
      .on(t.likesCount.desc(), t.id.desc())
      .where(sql`state = 'Published' and visible and published_public`),
    index('scenes_listed_views_idx')
      .on(t.viewsCount.desc(), t.id.desc())
      .where(sql`state = 'Published' and visible and published_public`),
  ],
);
