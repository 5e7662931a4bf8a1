import crypto from 'node:crypto';
import Stripe from 'stripe';
import { prorate } from './proration.ts';
import type { PaymentProvider, PlanChange } from './provider.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './provider.ts';

/** Stripe's test cards (docs.stripe.com/testing) and what they do here, as they do at Stripe. */
export const TEST_CARDS = { declined: '4000000000000002', requiresAction: '4000002500003155' } as const;
export type CardOutcome = 'succeeded' | 'declined' | 'requires_action';
export const cardOutcome = (digits: string): CardOutcome =>
  digits === TEST_CARDS.declined ? 'declined' : digits === TEST_CARDS.requiresAction ? 'requires_action' : 'succeeded';

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
