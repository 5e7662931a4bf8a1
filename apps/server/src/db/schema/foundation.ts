import { pgTable, uuid, text, timestamp, integer, uniqueIndex, index, jsonb } from 'drizzle-orm/pg-core';
import type { ContentTranslations } from '@atrium/shared';

// Tables are unqualified (no pgSchema) so one migration set serves `public`, PGlite and per-test schemas.

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    inquiryType: text('inquiry_type').notNull(),
    country: text('country').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    ip: text('ip'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const comingSoonSignups = pgTable(
  'coming_soon_signups',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coming_soon_signups_email_uq').on(t.email)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category').notNull().default('general'),
    position: integer('position').notNull().default(0),
    /** Other-language versions (issue 17), e.g. { fr: { question, answer } }; seeded from faqs.fr.md. */
    translations: jsonb('translations').$type<ContentTranslations<'question' | 'answer'>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('faqs_slug_uq').on(t.slug)],
);

export const seedRuns = pgTable('seed_runs', {
  step: text('step').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
