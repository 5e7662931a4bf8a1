import Stripe from 'stripe';
import type { CardDetails, PaymentProvider, PlanChange, SessionRequest, SetupRequest } from './provider.ts';
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

  /** Setup mode: the card is saved on the subscription's customer and charged nothing now. */
  async createSetupSession(req: SetupRequest) {
    if (!req.externalSubscriptionId) throw new Error('This plan has no Stripe subscription to save a card for');
    const sub = await this.stripe.subscriptions.retrieve(req.externalSubscriptionId);
    const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const session = await this.stripe.checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: 'setup',
        currency: req.currency,
        customer,
        client_reference_id: req.userId,
        metadata: { userId: req.userId, subscriptionId: req.externalSubscriptionId },
        setup_intent_data: { metadata: { subscription_id: req.externalSubscriptionId } },
        return_url: `${this.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (!session.client_secret) throw new Error('Stripe answered a checkout session without a client secret');
    return { sessionId: session.id, clientSecret: session.client_secret };
  }

  /**
   * The session's payment method, read back from Stripe (the webhook's session object does not
   * carry it): the payment intent's (one-time), the subscription's default (plans) or the setup
   * intent's (a saved card).
   */
  async cardOf(s: Stripe.Checkout.Session): Promise<CardDetails | null> {
    const full = await this.stripe.checkout.sessions.retrieve(s.id, {
      expand: ['payment_intent.payment_method', 'setup_intent.payment_method', 'subscription.default_payment_method'],
    });
    const candidates = [
      typeof full.payment_intent === 'object' ? full.payment_intent?.payment_method : null,
      typeof full.setup_intent === 'object' ? full.setup_intent?.payment_method : null,
      typeof full.subscription === 'object' ? full.subscription?.default_payment_method : null,
    ];
    for (const pm of candidates) {
      if (pm && typeof pm === 'object' && pm.card)
        return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, paymentMethodId: pm.id };
    }
    return null;
  }

  async useCardForSubscription(externalSubscriptionId: string, paymentMethodId: string) {
    await this.stripe.subscriptions.update(externalSubscriptionId, { default_payment_method: paymentMethodId });
  }

  verify(rawBody: string | Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  }

  async setAutoRenew(externalSubscriptionId: string, on: boolean) {
    await this.stripe.subscriptions.update(externalSubscriptionId, { cancel_at_period_end: !on });
  }

  /** The target price at Stripe, created once per plan, currency and amount (found again by its lookup key). */
  private async price(c: PlanChange): Promise<string> {
    const lookupKey = `atrium-${c.to.priceId}-${c.currency}-${c.to.amountMinor}`;
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await this.stripe.prices.create({
      currency: c.currency,
      unit_amount: c.to.amountMinor,
      recurring: { interval: c.to.interval === 'monthly' ? 'month' : 'year' },
      product_data: { name: c.to.productName, metadata: { productId: c.to.priceId } },
      lookup_key: lookupKey,
    });
    return created.id;
  }

  /** The subscription's one item and the price to put on it. */
  private async change(c: PlanChange) {
    if (!c.externalSubscriptionId) throw new Error('This plan has no Stripe subscription to change');
    const sub = await this.stripe.subscriptions.retrieve(c.externalSubscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error('The Stripe subscription has no item');
    return { id: c.externalSubscriptionId, items: [{ id: item.id, price: await this.price(c) }], prorationDate: Math.floor(c.prorationDate.getTime() / 1000) };
  }

  async previewChange(c: PlanChange) {
    const ch = await this.change(c);
    const invoice = await this.stripe.invoices.createPreview({
      subscription: ch.id,
      subscription_details: { items: ch.items, proration_behavior: 'always_invoice', proration_date: ch.prorationDate },
    });
    return invoice.amount_due;
  }

  /** Charged at once (always_invoice); a card that fails leaves the subscription as it was (error_if_incomplete). */
  async applyChange(c: PlanChange, idempotencyKey: string) {
    const ch = await this.change(c);
    const sub = await this.stripe.subscriptions.update(
      ch.id,
      {
        items: ch.items,
        proration_behavior: 'always_invoice',
        proration_date: ch.prorationDate,
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        expand: ['latest_invoice'],
      },
      { idempotencyKey },
    );
    const invoice = sub.latest_invoice;
    return typeof invoice === 'object' && invoice ? invoice.amount_paid : 0;
  }

  async refund(providerPaymentId: string | null, amountMinor: number, idempotencyKey: string) {
    if (!providerPaymentId) throw new Error('This Stripe payment has no payment intent to refund');
    await this.stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountMinor }, { idempotencyKey });
  }
}
