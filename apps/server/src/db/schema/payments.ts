import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

// Card checkout and plans (issue 15, migration 0014).

/** A checkout opened with a provider; `id` is the provider's session id (cs_… at Stripe). */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['builtin', 'stripe'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    currency: text('currency', { enum: ['eur', 'usd', 'gbp'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    coinAmount: integer('coin_amount').notNull().default(0),
    bundleId: text('bundle_id'),
    priceId: text('price_id'),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'no_payment_required'] }).notNull().default('unpaid'),
    cardStatus: text('card_status', { enum: ['none', 'declined', 'requires_action', 'succeeded'] }).notNull().default('none'),
    externalSubscriptionId: text('external_subscription_id'),
    /** 'setup' saves a card for the plan's renewals without charging it (migration 0017). */
    mode: text('mode', { enum: ['payment', 'setup'] }).notNull().default('payment'),
    /** The built-in page's card while its confirmation step is pending (never the number). */
    pendingCard: jsonb('pending_card').$type<{ brand: string; last4: string; expMonth: number; expYear: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payment_sessions_user_idx').on(t.userId), check('payment_sessions_amount_nonnegative', sql`amount_minor >= 0 and coin_amount >= 0`)],
);

/** Webhook event ids already handled: a replay is acknowledged and ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A checkout that cleared: what `atrium refund --payment <id>` refers to. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    coinAmount: integer('coin_amount').notNull(),
    provider: text('provider', { enum: ['builtin', 'stripe'] }).notNull(),
    /** Stripe's payment intent (what a refund is made against); null for the built-in provider. */
    providerPaymentId: text('provider_payment_id'),
    refundedCoin: integer('refunded_coin').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The card paid with, for the receipt (migration 0017); null when the provider did not say. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payments_session_uq').on(t.sessionId), index('payments_user_idx').on(t.userId)],
);

/** One plan per person; the roles and plan slots derive from it (modules/subscriptions). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['FREE', 'STANDARD', 'PRO'] }).notNull(),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: ['active', 'canceled', 'expired'] }).notNull(),
    /** Spec §3: 0 renews, 2 canceled (ends at currentPeriodEnd). */
    isCanceled: integer('is_canceled').notNull().default(0),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    provider: text('provider', { enum: ['builtin', 'stripe'] }).notNull(),
    externalId: text('external_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`status <> 'expired'`)],
);

/**
 * The card a person last paid with or saved (spec §7 getuserslastcarddetails; migration 0017): what
 * renewals are charged to. Only what a receipt shows: brand, last 4, expiry; never the number.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['builtin', 'stripe'] }).notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** Stripe's pm_… (the subscription's default payment method); null for the built-in provider. */
    providerPaymentMethodId: text('provider_payment_method_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('payment_cards_last4_digits', sql`last4 ~ '^[0-9]{4}$'`),
    check('payment_cards_expiry_valid', sql`exp_month between 1 and 12 and exp_year between 2000 and 2200`),
  ],
);
