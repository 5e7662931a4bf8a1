import { newId } from '../../db/newId.ts';
import type Stripe from 'stripe';
import { AppError, msg } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { MarketplaceRepo } from '../marketplace/repo.ts';
import type { Clock } from '../subscriptions/clock.ts';
import type { Publish, SubscriptionsService } from '../subscriptions/service.ts';
import type { CardDetails, PaymentProvider } from './provider.ts';
import type { PaymentsRepo, Tx } from './repo.ts';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * The one webhook path both providers deliver to. Every event is verified on its raw body, then
 * handled in one transaction together with the record of its id, so a replay (or a second delivery
 * racing the first) does nothing and a failure leaves it to be delivered again.
 */
export class WebhookHandler {
  private readonly db: Db;
  private readonly repo: PaymentsRepo;
  private readonly ledger: MarketplaceRepo;
  private readonly subscriptions: SubscriptionsService;
  private readonly provider: PaymentProvider;
  private readonly clock: Clock;
  private readonly publish: Publish;
  constructor(deps: {
    db: Db;
    repo: PaymentsRepo;
    ledger: MarketplaceRepo;
    subscriptions: SubscriptionsService;
    provider: PaymentProvider;
    clock: Clock;
    publish: Publish;
  }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.ledger = deps.ledger;
    this.subscriptions = deps.subscriptions;
    this.provider = deps.provider;
    this.clock = deps.clock;
    this.publish = deps.publish;
  }

  /** Returns whether the event did something (false: a replay or an event of no interest). */
  async receive(rawBody: string | Buffer, signature: string | undefined): Promise<boolean> {
    let event: Stripe.Event;
    try {
      event = this.provider.verify(rawBody, signature ?? '');
    } catch {
      throw new AppError('BAD_REQUEST', msg.payments.badSignature);
    }
    // Read before the transaction (a provider call must not hold row locks); a provider that does not
    // say leaves the payment without card details rather than failing the delivery.
    const card =
      event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded'
        ? await this.provider.cardOf(event.data.object).catch(() => null)
        : null;
    const after: (() => void)[] = [];
    const done = await this.db.transaction(async (tx) => {
      if (!(await this.repo.claimEvent(tx, event.id, event.type))) return false;
      return this.handle(tx, event, after, card);
    });
    for (const f of after) f();
    return done;
  }

  private async handle(tx: Tx, event: Stripe.Event, after: (() => void)[], card: CardDetails | null): Promise<boolean> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.sessionPaid(tx, event.data.object, after, card);
      case 'checkout.session.expired':
        return this.repo.expireSession(tx, event.data.object.id);
      case 'customer.subscription.updated': {
        const s = event.data.object;
        const end = s.items?.data?.[0]?.current_period_end;
        const userId = await this.subscriptions.providerUpdate(tx, s.id, {
          ...(end ? { periodEnd: new Date(end * 1000) } : {}),
          canceled: s.cancel_at_period_end,
        });
        if (userId) after.push(() => this.subscriptions.announce(userId));
        return userId !== null;
      }
      case 'customer.subscription.deleted': {
        const userId = await this.subscriptions.providerUpdate(tx, event.data.object.id, { ended: true });
        if (userId) after.push(() => this.subscriptions.announce(userId));
        return userId !== null;
      }
      default:
        return false;
    }
  }

  /**
   * A paid checkout: credits from card clearing into the wallet, keyed by the session id, and the
   * plan. The session row is locked, so two deliveries (or two tabs paying one session) credit once.
   */
  private async sessionPaid(tx: Tx, s: Stripe.Checkout.Session, after: (() => void)[], card: CardDetails | null): Promise<boolean> {
    if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return false;
    const row = await this.repo.lockSession(tx, s.id);
    if (!row) throw new AppError('NOT_FOUND', msg.payments.unknownSession);
    if (row.status === 'complete') return false;
    const now = this.clock.now();
    if (card) await this.repo.saveCard(tx, row.userId, row.provider, card, now);
    if (row.mode === 'setup') {
      // A card saved for the plan: the provider's subscription renews with it from now on. Inside the
      // transaction, so if the provider refuses, the event is delivered again and nothing is half-done.
      await this.repo.complete(tx, row.id, now, row.externalSubscriptionId, 'no_payment_required');
      if (card?.paymentMethodId && row.externalSubscriptionId) await this.provider.useCardForSubscription(row.externalSubscriptionId, card.paymentMethodId);
      return true;
    }
    const subscriptionId = idOf(s.subscription);
    await this.repo.complete(tx, row.id, now, subscriptionId);
    if (row.coinAmount > 0) {
      const wallet = await this.ledger.lockWallet(tx, row.userId);
      const clearing = await this.ledger.systemAccount(tx, 'card_clearing');
      const id = newId();
      await this.ledger.post(
        tx,
        {
          id,
          idempotencyKey: `topup:${row.id}`,
          kind: 'topup',
          userId: row.userId,
          reason: `card checkout ${row.bundleId ?? ''}`.trim(),
          requestHash: row.id,
          result: { sessionId: row.id, coinAmount: row.coinAmount },
        },
        [
          { accountId: clearing, amount: -row.coinAmount },
          { accountId: wallet.id, amount: row.coinAmount },
        ],
      );
      const availableBalance = wallet.balance + row.coinAmount;
      after.push(() => this.publish(row.userId, 'Wallet', { availableBalance }));
    }
    await this.repo.insertPayment(tx, {
      id: newId(),
      sessionId: row.id,
      userId: row.userId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      coinAmount: row.coinAmount,
      provider: row.provider,
      providerPaymentId: idOf(s.payment_intent),
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
    });
    if (row.priceId) {
      // A plan bought over another Stripe plan replaces it: the old one must not renew at Stripe too.
      const previous = await this.subscriptions.current(tx, row.userId);
      if (previous?.provider === 'stripe' && previous.externalId && previous.externalId !== subscriptionId && previous.status !== 'expired') {
        const old = previous.externalId;
        after.push(() => void this.provider.setAutoRenew(old, false).catch(() => {}));
      }
      await this.subscriptions.activate(tx, row.userId, row.priceId, row.provider, subscriptionId);
      after.push(() => this.subscriptions.announce(row.userId));
    }
    return true;
  }
}
