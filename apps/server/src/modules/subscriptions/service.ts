import {
  AppError,
  msg,
  PLAN_ROLES,
  planByPriceId,
  planPriceId,
  SUBSCRIPTIONS,
  type PlanInterval,
  type Role,
  type UserSubscriptionPlanView,
} from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { SlotsRepo } from '../slots/repo.ts';
import type { Clock } from './clock.ts';
import type { SubscriptionRow, SubscriptionsRepo, Tx } from './repo.ts';

const DAY = 86_400_000;

/** The end of one billing period that starts at `from` (calendar months, as card providers bill). */
export function periodEnd(from: Date, interval: PlanInterval): Date {
  const d = new Date(from);
  if (interval === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

/** Spec §4: canceled when isCanceled is 2; expired when the period ended (canceled or not renewed). */
export function statusOf(row: SubscriptionRow, now: Date): UserSubscriptionPlanView['status'] {
  if (row.status === 'expired' || row.currentPeriodEnd <= now) return 'expired';
  return row.isCanceled === 2 ? 'canceled' : 'active';
}

/** A live plan's role; a lapsed plan leaves the free role. */
export const roleOf = (row: SubscriptionRow, now: Date): Role => (statusOf(row, now) === 'expired' ? 'free-user' : PLAN_ROLES[row.plan]);

export type Publish = (userId: string, topic: 'Wallet' | 'Subscription', payload: unknown) => void;

/** Renewal with the provider's card on file: the built-in provider always renews; Stripe renews through its own webhooks. */
export interface Renewer {
  renews(row: SubscriptionRow): boolean;
  /** Tells the provider the person switched auto-renewal off or on (Stripe's cancel_at_period_end). */
  setAutoRenew(row: SubscriptionRow, on: boolean): Promise<void>;
}

/**
 * Plans (spec §3 User subscription plan, §4 status, §6 roles, §9 slots): one row per person; the
 * role every request runs with and the plan slots both come from it (see `roleFor`).
 */
export class SubscriptionsService {
  private readonly db: Db;
  private readonly repo: SubscriptionsRepo;
  private readonly slots: SlotsRepo;
  private readonly clock: Clock;
  private readonly publish: Publish;
  renewer: Renewer = { renews: (r) => r.provider === 'builtin', setAutoRenew: async () => {} };
  constructor(deps: { db: Db; repo: SubscriptionsRepo; slots: SlotsRepo; clock: Clock; publish: Publish }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.slots = deps.slots;
    this.clock = deps.clock;
    this.publish = deps.publish;
  }

  /** The role a person's plan gives now, or null when they never had a plan (an operator's role stands). */
  async roleFor(userId: string): Promise<Role | null> {
    const row = await this.repo.byUser(userId);
    return row ? roleOf(row, this.clock.now()) : null;
  }

  /** The plan row as it stands (inside a caller's transaction when given one). */
  current(tx: Tx | Db, userId: string): Promise<SubscriptionRow | undefined> {
    return this.repo.byUser(userId, tx);
  }

  /** The plan row locked for a change (an upgrade), so two changes at once charge once. */
  lockCurrent(tx: Tx, userId: string): Promise<SubscriptionRow | undefined> {
    return this.repo.lock(tx, userId);
  }

  async view(actor: Actor): Promise<UserSubscriptionPlanView> {
    const row = await this.repo.byUser(actor.userId);
    return row ? this.toView(row) : this.freeView(actor.role);
  }

  private freeView(role: Role): UserSubscriptionPlanView {
    return { priceId: null, plan: 'FREE', interval: null, status: null, isCanceled: 0, endsAt: null, canceledAt: null, role };
  }

  private toView(row: SubscriptionRow): UserSubscriptionPlanView {
    const now = this.clock.now();
    return {
      priceId: planPriceId(row.plan, row.interval),
      plan: row.plan,
      interval: row.interval,
      status: statusOf(row, now),
      isCanceled: row.isCanceled === 2 ? 2 : 0,
      endsAt: row.currentPeriodEnd.toISOString(),
      canceledAt: row.canceledAt?.toISOString() ?? null,
      role: roleOf(row, now),
    };
  }

  /**
   * A paid checkout starts (or changes) the plan, inside the webhook's transaction. `periodEndAt` is
   * the provider's when it says (Stripe), else one interval from now.
   */
  async activate(
    tx: Tx,
    userId: string,
    priceId: string,
    provider: SubscriptionRow['provider'],
    externalId: string | null,
    periodEndAt?: Date,
  ): Promise<void> {
    const found = planByPriceId(priceId);
    if (!found || found.plan.tier === 'FREE') throw new AppError('BAD_REQUEST', msg.payments.unknownProduct);
    const now = this.clock.now();
    await this.repo.upsert(tx, {
      userId,
      plan: found.plan.tier,
      interval: found.interval,
      status: 'active',
      isCanceled: 0,
      canceledAt: null,
      currentPeriodEnd: periodEndAt ?? periodEnd(now, found.interval),
      provider,
      externalId,
    });
    await this.repo.setRole(tx, userId, PLAN_ROLES[found.plan.tier]);
    await this.slots.revivePlanSlots(tx, userId);
    // District slots live while their Owner is Pro; moving to Standard starts the same grace as a lapse.
    if (found.plan.tier === 'PRO') await this.slots.reviveDistrictSlots(tx, userId);
    else await this.slots.lapseDistrictSlots(tx, userId, new Date(now.getTime() + SUBSCRIPTIONS.lapsedSlotGraceDays * DAY));
  }

  /**
   * After the activating transaction committed: the web renews its token on this event (spec §4).
   * Callers on a request need not wait for it, but the promise is returned (and never rejects: a lost
   * event only delays the token's renewal) so a short-lived caller such as the CLI can wait before it
   * closes the database — the plan read is batched to the next tick and would otherwise find it closed.
   */
  announce(userId: string): Promise<void> {
    return this.repo
      .byUser(userId)
      .then((row) => {
        if (row) this.publish(userId, 'Subscription', this.toView(row));
      })
      .catch(() => undefined);
  }

  /**
   * The operator's way to give or take a plan (`atrium users set-role`): a yearly plan that renews
   * with no charge, or the current plan ended now. The plan stays the one source of roles.
   */
  async setByOperator(userId: string, role: Role): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (role !== 'free-user') {
        await this.activate(tx, userId, planPriceId(role === 'premium-user' ? 'PRO' : 'STANDARD', 'yearly'), 'builtin', null);
        return;
      }
      const row = await this.repo.lock(tx, userId);
      const now = this.clock.now();
      if (row && statusOf(row, now) !== 'expired') await this.lapse(tx, { ...row, currentPeriodEnd: now }, now);
      else await this.repo.setRole(tx, userId, 'free-user');
    });
    await this.announce(userId);
  }

  /** Spec §7 stripe/cancel/subscription: no renewal; the plan runs to the end of the paid period. */
  async cancel(actor: Actor): Promise<UserSubscriptionPlanView> {
    return this.setAutoRenew(actor, false);
  }

  /** Spec §7 removecancelationsubscription: auto-renewal on again, while the period has not ended. */
  async reenable(actor: Actor): Promise<UserSubscriptionPlanView> {
    return this.setAutoRenew(actor, true);
  }

  private async setAutoRenew(actor: Actor, on: boolean): Promise<UserSubscriptionPlanView> {
    const row = await this.repo.byUser(actor.userId);
    if (!row) throw new AppError('NOT_FOUND', msg.payments.noSubscription);
    const now = this.clock.now();
    if (statusOf(row, now) === 'expired') throw new AppError('CONFLICT', msg.payments.subscriptionExpired);
    await this.renewer.setAutoRenew(row, on);
    await this.repo.update(this.db, actor.userId, on ? { isCanceled: 0, status: 'active', canceledAt: null } : { isCanceled: 2, status: 'canceled', canceledAt: now });
    const view = this.toView((await this.repo.byUser(actor.userId))!);
    this.publish(actor.userId, 'Subscription', view);
    return view;
  }

  /**
   * Stripe said the subscription's period moved (a renewal was paid) or that it ended. Updates for a
   * subscription we do not hold yet (the webhook came before checkout.session.completed) are
   * ignored: the checkout's own event creates the row with the provider's period end.
   */
  async providerUpdate(tx: Tx, externalId: string, change: { periodEnd?: Date; ended?: boolean; canceled?: boolean }): Promise<string | null> {
    const rows = await tx.query.subscriptions.findMany({ where: (s, { eq }) => eq(s.externalId, externalId) });
    const row = rows[0];
    if (!row) return null;
    if (change.ended) {
      await this.lapse(tx, row, this.clock.now());
      return row.userId;
    }
    await this.repo.update(tx, row.userId, {
      ...(change.periodEnd ? { currentPeriodEnd: change.periodEnd } : {}),
      ...(change.canceled === undefined ? {} : change.canceled ? { isCanceled: 2, status: 'canceled' as const } : { isCanceled: 0, status: 'active' as const }),
    });
    return row.userId;
  }

  /** Ends a plan: free role, and its slots (and the Owner's district slots) stop after the grace period. */
  private async lapse(tx: Tx | Db, row: SubscriptionRow, now: Date) {
    await this.repo.update(tx, row.userId, { status: 'expired' });
    await this.repo.setRole(tx, row.userId, 'free-user');
    const until = new Date(Math.max(now.getTime(), row.currentPeriodEnd.getTime()) + SUBSCRIPTIONS.lapsedSlotGraceDays * DAY);
    await this.slots.lapsePlanSlots(tx, row.userId, until);
    await this.slots.lapseDistrictSlots(tx, row.userId, until);
  }

  /**
   * The scheduled job: every plan whose period ended either renews for one more interval (auto-renewal
   * on and the provider renews here) or expires. Each row is claimed by a conditional update on its
   * period end, so two servers never renew one plan twice. Returns what it did.
   */
  async runDue(): Promise<{ renewed: number; expired: number }> {
    const now = this.clock.now();
    let renewed = 0;
    let expired = 0;
    for (const row of await this.repo.due(now)) {
      if (row.isCanceled === 0 && this.renewer.renews(row)) {
        let end = row.currentPeriodEnd;
        while (end <= now) end = periodEnd(end, row.interval);
        const done = await this.repo.update(this.db, row.userId, { currentPeriodEnd: end }, { periodEnd: row.currentPeriodEnd });
        if (done.length) {
          renewed++;
          void this.announce(row.userId);
        }
        continue;
      }
      // Stripe plans with renewal on wait a day for Stripe's own renewal webhook before lapsing.
      if (row.isCanceled === 0 && now.getTime() - row.currentPeriodEnd.getTime() < DAY) continue;
      const done = await this.db.transaction(async (tx) => {
        const claimed = await this.repo.update(tx, row.userId, { status: 'expired' }, { periodEnd: row.currentPeriodEnd });
        if (!claimed.length) return false;
        await this.lapse(tx, row, now);
        return true;
      });
      if (done) {
        expired++;
        void this.announce(row.userId);
      }
    }
    return { renewed, expired };
  }
}

/** Runs renewals and expiries on the app's schedule; stopped when the app closes. */
export function startSubscriptionRenewals(
  app: { addHook: (name: 'onClose', fn: () => Promise<void>) => unknown; log: { warn: (o: object, m: string) => void } },
  service: SubscriptionsService,
  intervalMs: number = SUBSCRIPTIONS.renewJobIntervalMs,
) {
  const tick = () => void service.runDue().catch((err: unknown) => app.log.warn({ err }, 'subscription renewals failed'));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return timer;
}
