import { newId } from '../../db/newId.ts';
import { AppError, DEFAULT_CURRENCY, msg, type LastCardDetailsView, type PaymentMethodSessionView } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Clock } from '../subscriptions/clock.ts';
import { statusOf, type SubscriptionsService } from '../subscriptions/service.ts';
import { openCheckout } from './openCheckout.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentsRepo } from './repo.ts';

/**
 * The card on file (spec §7 getuserslastcarddetails) and replacing it (updatepaymentmethod/subscription).
 * Cards are kept from the webhook of each completed checkout (webhook.ts); a new one is saved through a
 * setup-mode checkout that charges nothing: the built-in card page, or Stripe's embedded Checkout,
 * after which Stripe's subscription renews with it.
 */
export class PaymentMethods {
  private readonly db: Db;
  private readonly repo: PaymentsRepo;
  private readonly provider: PaymentProvider;
  private readonly subscriptions: SubscriptionsService;
  private readonly clock: Clock;
  constructor(deps: { db: Db; repo: PaymentsRepo; provider: PaymentProvider; subscriptions: SubscriptionsService; clock: Clock }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.provider = deps.provider;
    this.subscriptions = deps.subscriptions;
    this.clock = deps.clock;
  }

  async last(actor: Actor): Promise<LastCardDetailsView> {
    const row = await this.repo.lastCard(actor.userId);
    if (!row) return { card: null };
    return {
      card: { provider: row.provider, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, updatedAt: row.updatedAt.toISOString() },
    };
  }

  /**
   * Opens the setup checkout for the caller's live plan. The plan must be held by the configured
   * provider (a Stripe plan needs its Stripe subscription): an operator-given plan has no card to replace.
   */
  async startUpdate(actor: Actor): Promise<PaymentMethodSessionView> {
    const plan = await this.subscriptions.current(this.db, actor.userId);
    if (!plan) throw new AppError('NOT_FOUND', msg.payments.noSubscription);
    if (statusOf(plan, this.clock.now()) === 'expired') throw new AppError('CONFLICT', msg.payments.subscriptionExpired);
    if (plan.provider !== this.provider.name || (plan.provider === 'stripe' && !plan.externalId)) throw new AppError('CONFLICT', msg.payments.upgradeThroughCheckout);
    const currency = (await this.repo.planCurrency(actor.userId)) ?? DEFAULT_CURRENCY;
    const created = await openCheckout(this.provider, () =>
      this.provider.createSetupSession({
        userId: actor.userId,
        email: actor.email,
        currency,
        externalSubscriptionId: plan.externalId,
        idempotencyKey: newId(),
      }),
    );
    await this.repo.insertSession({
      id: created.sessionId,
      userId: actor.userId,
      provider: this.provider.name,
      clientSecret: created.clientSecret,
      currency,
      amountMinor: 0,
      coinAmount: 0,
      mode: 'setup',
      externalSubscriptionId: plan.externalId,
    });
    return { provider: this.provider.name, sessionId: created.sessionId, clientSecret: created.clientSecret, publishableKey: this.provider.publishableKey };
  }
}
