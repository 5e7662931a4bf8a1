import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './identity.ts';
import { districts } from './districts.ts';

/**
 * The setup and upgrade wizards' submissions, one row per (owner, Idempotency-Key) with its first
 * answer (migration 0028), so a replay answers the same even when nothing was charged (a free cart
 * posts no ledger transaction that could hold the key).
 */
export const districtSubmissions = pgTable(
  'district_submissions',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'district_submissions_pk', columns: [t.ownerId, t.idempotencyKey] })],
);

/**
 * Premade spaces bought for a district in the upgrade wizard (spec §2 Premade spaces 'Purchased', §3
 * Cart spaceTemplates with districtId), at the district price paid. The free pick stays on
 * `districts.free_space_template_id`.
 */
export const districtPremadeSpaces = pgTable(
  'district_premade_spaces',
  {
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    spaceTemplateId: text('space_template_id').notNull(),
    priceCoin: integer('price_coin').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'district_premade_spaces_pk', columns: [t.districtId, t.spaceTemplateId] }),
    check('district_premade_spaces_price_ck', sql`${t.priceCoin} >= 0`),
  ],
);
