import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ArticleTranslations, ContentTranslations } from '@atrium/shared';
import { users } from './identity.ts';

// Resources content (issue 17): articles, glossary, video tutorials and the people allowed to edit them.
// FAQs predate this and live in foundation.ts.

/** Users who may create, edit, publish and unpublish site content; granted by the operator (CLI). */
export const cmsStaff = pgTable('cms_staff', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cmsAuthors = pgTable(
  'cms_authors',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    picture: text('picture'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_authors_slug_uq').on(t.slug)],
);

export const cmsCategories = pgTable(
  'cms_categories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    index: integer('index').notNull().default(0),
    /** Other-language versions (issue 17), e.g. { fr: { title, description } }; seeded from meta.yaml. */
    translations: jsonb('translations').$type<ContentTranslations<'title' | 'description'>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_categories_slug_uq').on(t.slug)],
);

/** `body` is the author's Markdown; `body_html` its sanitised rendering, made once on write. */
export const cmsArticles = pgTable(
  'cms_articles',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    body: text('body').notNull(),
    bodyHtml: text('body_html').notNull(),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    banner: text('banner'),
    thumbnail: text('thumbnail'),
    authorId: uuid('author_id').references(() => cmsAuthors.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => cmsCategories.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    /** Other-language versions (issue 17), e.g. { fr: { title, description, bodyHtml, readingMinutes } }; seeded from <slug>.fr.md. */
    translations: jsonb('translations').$type<ArticleTranslations>().notNull().default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cms_articles_slug_uq').on(t.slug),
    index('cms_articles_listing_idx').on(t.kind, t.status, t.publishedAt),
  ],
);

export const cmsGlossary = pgTable(
  'cms_glossary',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    term: text('term').notNull(),
    definition: text('definition').notNull(),
    /** Other-language versions (issue 17), e.g. { fr: { term, definition } }; seeded from glossary.fr.md. */
    translations: jsonb('translations').$type<ContentTranslations<'term' | 'definition'>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_glossary_slug_uq').on(t.slug)],
);

export const cmsVideos = pgTable(
  'cms_videos',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    youtubeId: text('youtube_id').notNull(),
    position: integer('position').notNull().default(0),
    /** Other-language versions (issue 17), e.g. { fr: { title, description } }; seeded from meta.yaml. */
    translations: jsonb('translations').$type<ContentTranslations<'title' | 'description'>>().notNull().default({}),
  },
  (t) => [uniqueIndex('cms_videos_slug_uq').on(t.slug)],
);

/** The resources sidebar (spec §3 resource category): an internal page by slug, or an external link. */
export const cmsResourceCategories = pgTable(
  'cms_resource_categories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    icon: text('icon').notNull(),
    externalUrl: text('external_url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('cms_resource_categories_slug_uq').on(t.slug)],
);
