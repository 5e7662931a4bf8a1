import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

// Marketplace (issue 15): a double-entry ledger of whole credits, and the catalogue sold for credits.

/**
 * One account per wallet (user_id set) plus the system accounts money flows between: revenue, card
 * clearing, promotions, refunds. `balance` is the sum of the account's entries, kept in the same
 * transaction that posts them; only wallets are held at or above zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['wallet', 'revenue', 'card_clearing', 'promotions', 'refunds'] }).notNull(),
    // Set null when the person is deleted: their entries stay so every transaction still sums to zero.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    balance: integer('balance').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_uq').on(t.userId),
    uniqueIndex('ledger_accounts_system_uq').on(t.kind).where(sql`kind <> 'wallet'`),
    check('ledger_accounts_wallet_nonnegative', sql`kind <> 'wallet' or balance >= 0`),
  ],
);

/** One movement of credits; replaying its idempotency key answers with `result` instead of posting again. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind', { enum: ['purchase', 'grant', 'topup', 'refund'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  /** Hash of the request, so the same key sent with a different body is refused. */
  requestHash: text('request_hash').notNull(),
  result: jsonb('result').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_nonzero', sql`amount <> 0`),
  ],
);

/** What credits buy (spec §9 prices); `grant` names what a purchase of it does. */
export const marketplaceItems = pgTable(
  'marketplace_items',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['slot', 'level', 'premadeSpace'] }).notNull(),
    /** premadeTemplate: one premium template of @atrium/assets (migration 0017), sold once per person. */
    grant: text('grant', { enum: ['keepTrialSlot', 'extraSlot', 'extraLevel', 'premadeSpace', 'premadeTemplate'] }).notNull(),
    title: text('title').notNull(),
    priceCoin: integer('price_coin').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    forSale: boolean('for_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  () => [check('marketplace_items_price_positive', sql`price_coin > 0`)],
);

/** The lines of a credit purchase, at the price paid. */
export const purchaseItems = pgTable(
  'purchase_items',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    itemId: text('item_id')
      .notNull()
      .references(() => marketplaceItems.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    priceCoin: integer('price_coin').notNull(),
  },
  (t) => [index('purchase_items_transaction_idx').on(t.transactionId), index('purchase_items_user_idx').on(t.userId)],
);
