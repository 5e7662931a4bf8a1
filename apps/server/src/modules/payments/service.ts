import crypto from 'node:crypto';
import { newId } from '../../db/newId.ts';
import {
  AppError,
  bundleById,
  isPlanUpgrade,
  msg,
  PAYMENT_PROVIDER_LABELS,
  planByPriceId,
  type CheckoutSessionBody,
  type CheckoutSessionView,
  type PaymentHistoryItemView,
  type PaymentReceiptView,
  type SessionStatusView,
  type SubscriptionUpdateBody,
  type SubscriptionUpdatePreviewView,
  type UserSubscriptionPlanView,
  DEFAULT_CURRENCY,
  UPGRADE_PREVIEW_VALID_SECONDS,
} from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { MarketplaceRepo } from '../marketplace/repo.ts';
import type { Clock } from '../subscriptions/clock.ts';
import type { SubscriptionRow } from '../subscriptions/repo.ts';
import { periodEnd, statusOf, type Publish, type SubscriptionsService } from '../subscriptions/service.ts';
import type { PaymentProvider, PlanChange, SessionRequest } from './provider.ts';
import type { PaymentsRepo, SessionRow } from './repo.ts';
import type { WebhookHandler } from './webhook.ts';
import { BuiltinCheckout } from './builtinCheckout.ts';
import { PaymentMethods } from './cards.ts';
import { openCheckout } from './openCheckout.ts';

/** The newest card payments the history answers with (a person rarely has more). */
const PAYMENT_HISTORY_MAX = 100;

/** Spec §7 checkout-session, session-status, plan upgrades, payment history and refunds (the built-in card page: builtinCheckout.ts). */
export class PaymentsService {
  private readonly db: Db;
  private readonly repo: PaymentsRepo;
  private readonly ledger: MarketplaceRepo;
  private readonly provider: PaymentProvider;
  private readonly subscriptions: SubscriptionsService;
  private readonly clock: Clock;
  private readonly publish: Publish;
  /** The built-in provider's card page (pay, confirm). */
  readonly builtin: BuiltinCheckout;
  /** Spec §7 getuserslastcarddetails and updatepaymentmethod/subscription. */
  readonly cards: PaymentMethods;
  constructor(deps: {
    db: Db;
    repo: PaymentsRepo;
    ledger: MarketplaceRepo;
    provider: PaymentProvider;
    webhook: WebhookHandler;
    subscriptions: SubscriptionsService;
    clock: Clock;
    publish: Publish;
  }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.ledger = deps.ledger;
    this.provider = deps.provider;
    this.subscriptions = deps.subscriptions;
    this.clock = deps.clock;
    this.publish = deps.publish;
    this.builtin = new BuiltinCheckout({ repo: this.repo, provider: this.provider, webhook: deps.webhook, clock: this.clock, own: (a, id) => this.own(a, id) });
    this.cards = new PaymentMethods({ db: this.db, repo: this.repo, provider: this.provider, subscriptions: this.subscriptions, clock: this.clock });
  }

  get providerName() {
    return this.provider.name;
  }

  /** The plans service this one starts plans through (the CLI reaches it here). */
  get plans(): SubscriptionsService {
    return this.subscriptions;
  }

  /** Prices come from our catalogue, never from the request; the provider call carries an idempotency key. */
  async createCheckout(actor: Actor, body: CheckoutSessionBody): Promise<CheckoutSessionView> {
    const lines: SessionRequest['lines'] = [];
    let coinAmount = 0;
    const bundleId = body.oneTimeItemId[0] ?? null;
    if (bundleId) {
      const b = bundleById(bundleId);
      if (!b) throw new AppError('BAD_REQUEST', msg.payments.unknownProduct, { id: bundleId });
      lines.push({ id: b.id, productName: b.productName, amountMinor: b.priceMinor[body.currency] });
      coinAmount = b.coinAmount;
    }
    if (body.subscriptionId) {
      const found = planByPriceId(body.subscriptionId);
      if (!found) throw new AppError('BAD_REQUEST', msg.payments.unknownProduct, { id: body.subscriptionId });
      if (found.plan.tier === 'FREE') throw new AppError('BAD_REQUEST', msg.payments.freePlanNotSold);
      const current = await this.subscriptions.view(actor);
      if (current.status === 'active' && current.priceId === body.subscriptionId) throw new AppError('CONFLICT', msg.payments.alreadySubscribed);
      const amount = (found.interval === 'monthly' ? found.plan.monthlyMinor : found.plan.yearlyMinor)[body.currency];
      lines.push({ id: body.subscriptionId, productName: `${found.plan.productName} (${found.interval})`, amountMinor: amount, interval: found.interval });
    }
    const amountMinor = lines.reduce((s, l) => s + l.amountMinor, 0);
    const created = await openCheckout(this.provider, () =>
      this.provider.createSession({ userId: actor.userId, email: actor.email, currency: body.currency, lines, idempotencyKey: newId() }),
    );
    await this.repo.insertSession({
      id: created.sessionId,
      userId: actor.userId,
      provider: this.provider.name,
      clientSecret: created.clientSecret,
      currency: body.currency,
      amountMinor,
      coinAmount,
      bundleId,
      priceId: body.subscriptionId ?? null,
    });
    return {
      provider: this.provider.name,
      sessionId: created.sessionId,
      clientSecret: created.clientSecret,
      publishableKey: this.provider.publishableKey,
      amountMinor,
      currency: body.currency,
    };
  }

  /**
   * The change an upgrade makes, checked against the plan as it stands: a live plan, moving up (a
   * higher plan or yearly over monthly), held by the configured provider. The proration date is the
   * preview's when given (at most UPGRADE_PREVIEW_VALID_SECONDS old), so the charge is what was shown.
   */
  private async planChange(
    userId: string,
    row: SubscriptionRow | undefined,
    priceId: string,
    prorationSeconds?: number,
    tx: Parameters<PaymentsRepo['planCurrency']>[1] = this.db,
  ): Promise<PlanChange> {
    const target = planByPriceId(priceId);
    if (!target || target.plan.tier === 'FREE') throw new AppError('BAD_REQUEST', msg.payments.unknownProduct, { id: priceId });
    const now = this.clock.now();
    if (!row) throw new AppError('NOT_FOUND', msg.payments.noSubscription);
    if (statusOf(row, now) === 'expired') throw new AppError('CONFLICT', msg.payments.subscriptionExpired);
    if (row.plan === target.plan.tier && row.interval === target.interval) throw new AppError('CONFLICT', msg.payments.alreadySubscribed);
    if (!isPlanUpgrade({ tier: row.plan, interval: row.interval }, { tier: target.plan.tier, interval: target.interval }))
      throw new AppError('BAD_REQUEST', msg.payments.notAnUpgrade);
    if (row.provider !== this.provider.name || (row.provider === 'stripe' && !row.externalId)) throw new AppError('CONFLICT', msg.payments.upgradeThroughCheckout);
    // Whole seconds: the preview hands the date out in Unix seconds and the charge must match it.
    let prorationDate = new Date(Math.floor(now.getTime() / 1000) * 1000);
    if (prorationSeconds !== undefined) {
      const age = now.getTime() / 1000 - prorationSeconds;
      if (age < -60 || age > UPGRADE_PREVIEW_VALID_SECONDS) throw new AppError('BAD_REQUEST', msg.payments.stalePreview, { field: 'prorationDate' });
      prorationDate = new Date(prorationSeconds * 1000);
    }
    const currency = (await this.repo.planCurrency(userId, tx)) ?? DEFAULT_CURRENCY;
    const current = planByPriceId(`plan-${row.plan.toLowerCase()}-${row.interval}`)!;
    const price = (p: typeof target) => (p.interval === 'monthly' ? p.plan.monthlyMinor : p.plan.yearlyMinor)[currency];
    return {
      externalSubscriptionId: row.externalId,
      currency,
      from: { amountMinor: price(current), interval: row.interval, periodEnd: row.currentPeriodEnd },
      to: { priceId, productName: `${target.plan.productName} (${target.interval})`, amountMinor: price(target), interval: target.interval },
      prorationDate,
    };
  }

  /** The period the upgraded plan runs to: the same with the same interval, else one new interval from the change. */
  private static endAfter(c: PlanChange): Date {
    return c.from.interval === c.to.interval ? c.from.periodEnd : periodEnd(c.prorationDate, c.to.interval);
  }

  private providerFailed(err: unknown): never {
    if (err instanceof AppError) throw err;
    if (err && typeof err === 'object' && 'type' in err && err.type === 'StripeCardError') throw new AppError('PAYMENT_DECLINED');
    throw new AppError('PAYMENT_PROVIDER_FAILED', msg.payments.upgradeFailed(PAYMENT_PROVIDER_LABELS[this.provider.name]), {
      cause: err instanceof Error ? err.message : String(err),
    });
  }

  /** Spec §7 previewsubscriptionupdate: what moving to `priceId` charges now. */
  async previewUpgrade(actor: Actor, priceId: string): Promise<SubscriptionUpdatePreviewView> {
    const row = await this.subscriptions.current(this.db, actor.userId);
    const c = await this.planChange(actor.userId, row, priceId);
    const amountDueMinor = await this.provider.previewChange(c).catch((err: unknown) => this.providerFailed(err));
    const target = planByPriceId(priceId)!;
    return {
      priceId,
      plan: target.plan.tier,
      interval: target.interval,
      amountDueMinor,
      currency: c.currency,
      endsAt: PaymentsService.endAfter(c).toISOString(),
      prorationDate: Math.floor(c.prorationDate.getTime() / 1000),
    };
  }

  /**
   * Spec §7 updatesubscription: charges the prorated amount to the card on file and moves the plan,
   * with the plan row locked so two clicks charge once. The charge is recorded as a payment (a
   * receipt in the history); a refused card changes nothing.
   */
  async upgrade(actor: Actor, body: SubscriptionUpdateBody): Promise<UserSubscriptionPlanView> {
    await this.db.transaction(async (tx) => {
      const row = await this.subscriptions.lockCurrent(tx, actor.userId);
      const c = await this.planChange(actor.userId, row, body.subscriptionId, body.prorationDate, tx);
      const sessionId = `upg_${newId()}`;
      const paid = await this.provider.applyChange(c, sessionId).catch((err: unknown) => this.providerFailed(err));
      const now = this.clock.now();
      await this.repo.insertSession(
        {
          id: sessionId,
          userId: actor.userId,
          provider: this.provider.name,
          clientSecret: crypto.randomBytes(18).toString('base64url'),
          currency: c.currency,
          amountMinor: paid,
          priceId: body.subscriptionId,
          status: 'complete',
          paymentStatus: paid > 0 ? 'paid' : 'no_payment_required',
          cardStatus: 'succeeded',
          externalSubscriptionId: c.externalSubscriptionId,
          completedAt: now,
        },
        tx,
      );
      await this.repo.insertPayment(tx, {
        id: newId(),
        sessionId,
        userId: actor.userId,
        amountMinor: paid,
        currency: c.currency,
        coinAmount: 0,
        provider: this.provider.name,
        providerPaymentId: null,
      });
      await this.subscriptions.activate(tx, actor.userId, body.subscriptionId, row!.provider, c.externalSubscriptionId, PaymentsService.endAfter(c));
    });
    void this.subscriptions.announce(actor.userId);
    return this.subscriptions.view(actor);
  }

  /** Another person's session answers like a missing one. */
  async own(actor: Actor, sessionId: string): Promise<SessionRow> {
    const row = await this.repo.session(sessionId);
    if (!row || row.userId !== actor.userId) throw new AppError('NOT_FOUND', msg.payments.unknownSession);
    return row;
  }

  async status(actor: Actor, sessionId: string): Promise<SessionStatusView> {
    const row = await this.own(actor, sessionId);
    const lines: SessionStatusView['lines'] = [];
    const b = row.bundleId ? bundleById(row.bundleId) : undefined;
    if (b) lines.push({ id: b.id, productName: b.productName, amountMinor: b.priceMinor[row.currency] });
    const p = row.priceId ? planByPriceId(row.priceId) : undefined;
    if (p && row.priceId)
      lines.push({
        id: row.priceId,
        productName: `${p.plan.productName} (${p.interval})`,
        amountMinor: (p.interval === 'monthly' ? p.plan.monthlyMinor : p.plan.yearlyMinor)[row.currency],
      });
    return {
      sessionId: row.id,
      status: row.status,
      paymentStatus: row.paymentStatus,
      cardStatus: row.cardStatus,
      amountMinor: row.amountMinor,
      currency: row.currency,
      coinAmount: row.coinAmount,
      subscriptionId: row.priceId,
      mode: row.mode,
      lines,
    };
  }

  /**
   * `atrium refund --payment <id>`. Rule: only credits still in the wallet are taken back — at most
   * what the payment bought minus what was refunded before, and never more than the balance, so no
   * wallet goes negative. The money paid back is the same share of the amount paid (rounded down).
   * Plans are not refunded here (cancel them instead).
   */
  async refund(paymentId: string): Promise<{ refundedCoin: number; refundedMinor: number; currency: string; availableBalance: number; userId: string | null }> {
    const result = await this.db.transaction(async (tx) => {
      const p = await this.repo.lockPayment(tx, paymentId);
      if (!p) throw new AppError('NOT_FOUND', 'No payment with this id');
      if (!p.userId) throw new AppError('CONFLICT', 'The person who paid no longer exists');
      if (p.coinAmount === 0) throw new AppError('CONFLICT', 'This payment bought no credits (plans are canceled, not refunded here)');
      const wallet = await this.ledger.lockWallet(tx, p.userId);
      const left = p.coinAmount - p.refundedCoin;
      const coin = Math.min(left, wallet.balance);
      if (coin <= 0) throw new AppError('CONFLICT', left <= 0 ? 'This payment was already refunded' : 'The credits of this payment were all spent');
      const minor = Math.floor((p.amountMinor * coin) / p.coinAmount);
      const refunds = await this.ledger.systemAccount(tx, 'refunds');
      const key = `refund:${p.id}:${p.refundedCoin}`;
      await this.ledger.post(
        tx,
        { id: newId(), idempotencyKey: key, kind: 'refund', userId: p.userId, reason: `refund of payment ${p.id}`, requestHash: key, result: { coin, minor } },
        [
          { accountId: wallet.id, amount: -coin },
          { accountId: refunds, amount: coin },
        ],
      );
      await this.repo.addRefund(tx, p.id, coin, minor, this.clock.now());
      // Inside the transaction: if the provider refuses, the credits stay where they were.
      await this.provider.refund(p.providerPaymentId, minor, key);
      return { refundedCoin: coin, refundedMinor: minor, currency: p.currency, availableBalance: wallet.balance - coin, userId: p.userId };
    });
    if (result.userId) this.publish(result.userId, 'Wallet', { availableBalance: result.availableBalance });
    return result;
  }

  paymentsOf(userId: string) {
    return this.repo.paymentsOf(userId);
  }

  /** One of the caller's payments, line by line; another person's answers like a missing one. */
  async receipt(actor: Actor, paymentId: string): Promise<PaymentReceiptView> {
    const found = await this.repo.receipt(paymentId);
    if (!found || found.payment.userId !== actor.userId) throw new AppError('NOT_FOUND', msg.payments.unknownPayment);
    const { payment: p, bundleId, priceId } = found;
    const currency = p.currency as PaymentReceiptView['currency'];
    const lines: PaymentReceiptView['lines'] = [];
    const b = bundleId ? bundleById(bundleId) : undefined;
    if (b) lines.push({ id: b.id, productName: b.productName, amountMinor: Math.min(b.priceMinor[currency], p.amountMinor) });
    const plan = priceId ? planByPriceId(priceId) : undefined;
    if (plan && priceId)
      lines.push({ id: priceId, productName: `${plan.plan.productName} (${plan.interval})`, amountMinor: p.amountMinor - (lines[0]?.amountMinor ?? 0) });
    return {
      paymentId: p.id,
      createdAt: p.createdAt.toISOString(),
      provider: p.provider,
      currency,
      amountMinor: p.amountMinor,
      coinAmount: p.coinAmount,
      lines,
      refundedMinor: p.refundedMinor,
      refundedCoin: p.refundedCoin,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
    };
  }

  /** Spec §7 userproducts: the caller's card payments (their receipts), newest first. */
  async history(actor: Actor): Promise<PaymentHistoryItemView[]> {
    return (await this.repo.history(actor.userId, PAYMENT_HISTORY_MAX)).map(({ payment: p, bundleId, priceId }) => {
      const parts: string[] = [];
      const b = bundleId ? bundleById(bundleId) : undefined;
      if (b) parts.push(b.productName);
      const plan = priceId ? planByPriceId(priceId) : undefined;
      if (plan) parts.push(`${plan.plan.productName} (${plan.interval})`);
      return {
        paymentId: p.id,
        sessionId: p.sessionId,
        createdAt: p.createdAt.toISOString(),
        provider: p.provider,
        description: parts.join(', '),
        amountMinor: p.amountMinor,
        currency: p.currency as PaymentHistoryItemView['currency'],
        coinAmount: p.coinAmount,
        refundedCoin: p.refundedCoin,
        refundedMinor: p.refundedMinor,
        cardLast4: p.cardLast4,
      };
    });
  }
}
