import crypto from 'node:crypto';
import Stripe from 'stripe';
import { prorate } from './proration.ts';
import type { CardDetails, PaymentProvider, PlanChange } from './provider.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './provider.ts';

/** Stripe's test cards (docs.stripe.com/testing) and what they do here, as they do at Stripe. */
export const TEST_CARDS = { declined: '4000000000000002', requiresAction: '4000002500003155' } as const;
export type CardOutcome = 'succeeded' | 'declined' | 'requires_action';
export const cardOutcome = (digits: string): CardOutcome =>
  digits === TEST_CARDS.declined ? 'declined' : digits === TEST_CARDS.requiresAction ? 'requires_action' : 'succeeded';

/** The card network a number belongs to, by its leading digits (Stripe's brand names). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** The built-in card page's card as the signed completion event carries it (Stripe-style string metadata). */
export function cardMetadata(card: Omit<CardDetails, 'paymentMethodId'>): Record<string, string> {
  return { card_brand: card.brand, card_last4: card.last4, card_exp_month: String(card.expMonth), card_exp_year: String(card.expYear) };
}

/**
 * The embedded provider: no account anywhere. Sessions live in our own table; a paid card makes a
 * Stripe-shaped `checkout.session.completed` event, signed with the SDK's own helper, that goes
 * through the same webhook handler and verification as Stripe's.
 */
export class BuiltinProvider implements PaymentProvider {
  readonly name = 'builtin' as const;
  readonly publishableKey = null;
  private readonly secret: string;
  // Only its webhook signing helpers are used: no key, no network.
  private readonly stripe = new Stripe('sk_builtin_unused');
  constructor(webhookSecret: string = `whsec_${crypto.randomBytes(24).toString('hex')}`) {
    this.secret = webhookSecret;
  }

  async createSession() {
    const sessionId = `bcs_${crypto.randomUUID().replaceAll('-', '')}`;
    return { sessionId, clientSecret: `${sessionId}_secret_${crypto.randomBytes(18).toString('base64url')}` };
  }

  /** The signed delivery of an event, as Stripe would post it. */
  sign(event: object, timestamp?: number): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret, ...(timestamp ? { timestamp } : {}) }) };
  }

  verify(rawBody: string | Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.secret, WEBHOOK_TOLERANCE_SECONDS);
  }

  async createSetupSession() {
    return this.createSession();
  }

  /** The card the built-in page was given, from the signed event's metadata (the event is ours, verified). */
  async cardOf(session: Stripe.Checkout.Session): Promise<CardDetails | null> {
    const m = session.metadata ?? {};
    const expMonth = Number(m.card_exp_month);
    const expYear = Number(m.card_exp_year);
    if (!m.card_brand || !/^\d{4}$/.test(m.card_last4 ?? '') || !Number.isInteger(expMonth) || !Number.isInteger(expYear)) return null;
    return { brand: m.card_brand, last4: m.card_last4!, expMonth, expYear, paymentMethodId: null };
  }

  /** Renewals here charge the card on file, which is the saved one: nothing to tell anyone. */
  async useCardForSubscription() {}

  async setAutoRenew() {}

  async previewChange(c: PlanChange) {
    return prorate(c);
  }

  /** The test card on file always pays, as a renewal does here. */
  async applyChange(c: PlanChange) {
    return prorate(c);
  }

  /** Money goes back to the test card: nothing to call. */
  async refund() {}
}
