import Stripe from 'stripe';
import type { PaymentProvider, SessionRequest } from './provider.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (a local stand-in in tests). */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
  /** Where embedded Checkout sends the person when it finishes. */
  returnUrl: string;
}

/** Stripe through its official SDK: embedded Checkout Sessions, subscriptions, refunds, webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly returnUrl: string;
  constructor(s: StripeSettings) {
    this.publishableKey = s.publishableKey;
    this.webhookSecret = s.webhookSecret;
    this.returnUrl = s.returnUrl;
    this.stripe = new Stripe(s.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(s.api ?? {}) });
  }

  async createSession(req: SessionRequest) {
    const recurring = req.lines.some((l) => l.interval);
    const session = await this.stripe.checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: recurring ? 'subscription' : 'payment',
        client_reference_id: req.userId,
        ...(req.email ? { customer_email: req.email } : {}),
        metadata: { userId: req.userId },
        return_url: `${this.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
        line_items: req.lines.map((l) => ({
          quantity: 1,
          price_data: {
            currency: req.currency,
            unit_amount: l.amountMinor,
            product_data: { name: l.productName, metadata: { productId: l.id } },
            ...(l.interval ? { recurring: { interval: l.interval === 'monthly' ? ('month' as const) : ('year' as const) } } : {}),
          },
        })),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (!session.client_secret) throw new Error('Stripe answered a checkout session without a client secret');
    return { sessionId: session.id, clientSecret: session.client_secret };
  }

  verify(rawBody: string | Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  }

  async setAutoRenew(externalSubscriptionId: string, on: boolean) {
    await this.stripe.subscriptions.update(externalSubscriptionId, { cancel_at_period_end: !on });
  }

  async refund(providerPaymentId: string | null, amountMinor: number, idempotencyKey: string) {
    if (!providerPaymentId) throw new Error('This Stripe payment has no payment intent to refund');
    await this.stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountMinor }, { idempotencyKey });
  }
}
