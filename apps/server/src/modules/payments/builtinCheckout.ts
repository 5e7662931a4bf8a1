import crypto from 'node:crypto';
import { AppError, msg, type BuiltinPayBody, type BuiltinPayView } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { Clock } from '../subscriptions/clock.ts';
import { cardBrand, cardMetadata, cardOutcome, type BuiltinProvider } from './builtinProvider.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentsRepo, SessionRow } from './repo.ts';
import type { WebhookHandler } from './webhook.ts';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

type Card = NonNullable<SessionRow['pendingCard']>;

/**
 * The built-in provider's card page: pays a checkout, or saves a card for the plan (a setup-mode
 * session, spec §7 updatepaymentmethod). Stripe's test numbers behave as they do at Stripe; what the
 * page was given ends in the same signed webhook path as Stripe's events, with only the brand, last 4
 * and expiry of the card.
 */
export class BuiltinCheckout {
  private readonly repo: PaymentsRepo;
  private readonly provider: PaymentProvider;
  private readonly webhook: WebhookHandler;
  private readonly clock: Clock;
  private readonly own: (actor: Actor, sessionId: string) => Promise<SessionRow>;
  constructor(deps: {
    repo: PaymentsRepo;
    provider: PaymentProvider;
    webhook: WebhookHandler;
    clock: Clock;
    own: (actor: Actor, sessionId: string) => Promise<SessionRow>;
  }) {
    this.repo = deps.repo;
    this.provider = deps.provider;
    this.webhook = deps.webhook;
    this.clock = deps.clock;
    this.own = deps.own;
  }

  private builtin(): BuiltinProvider {
    if (this.provider.name !== 'builtin') throw new AppError('NOT_FOUND');
    return this.provider as BuiltinProvider;
  }

  private async openSession(actor: Actor, sessionId: string, clientSecret: string): Promise<SessionRow> {
    this.builtin();
    const row = await this.own(actor, sessionId);
    if (row.provider !== 'builtin' || !sameSecret(row.clientSecret, clientSecret)) throw new AppError('NOT_FOUND', msg.payments.unknownSession);
    if (row.status !== 'open') throw new AppError('CONFLICT', msg.payments.sessionClosed);
    return row;
  }

  async pay(actor: Actor, sessionId: string, body: BuiltinPayBody): Promise<BuiltinPayView> {
    const row = await this.openSession(actor, sessionId, body.clientSecret);
    const [mm, yy] = body.expiry.split('/').map((s) => Number(s.trim()));
    const expiresEnd = new Date(Date.UTC(2000 + yy!, mm!, 1));
    if (expiresEnd <= this.clock.now()) throw new AppError('BAD_REQUEST', 'Your card has expired', { field: 'expiry' });
    const card: Card = { brand: cardBrand(body.cardNumber), last4: body.cardNumber.slice(-4), expMonth: mm!, expYear: 2000 + yy! };
    const outcome = cardOutcome(body.cardNumber);
    if (outcome === 'declined') {
      await this.repo.setCardStatus(row.id, 'declined');
      throw new AppError('PAYMENT_DECLINED');
    }
    if (outcome === 'requires_action') {
      await this.repo.setCardStatus(row.id, 'requires_action', card);
      return { status: 'requires_action', sessionId: row.id };
    }
    await this.settle(row, card);
    return { status: 'succeeded', sessionId: row.id };
  }

  /** The confirmation step of 4000 0025 0000 3155 (3-D Secure at Stripe). */
  async confirm(actor: Actor, sessionId: string, clientSecret: string): Promise<BuiltinPayView> {
    const row = await this.openSession(actor, sessionId, clientSecret);
    if (row.cardStatus !== 'requires_action') throw new AppError('CONFLICT', msg.payments.noConfirmationPending);
    await this.settle(row, row.pendingCard);
    return { status: 'succeeded', sessionId: row.id };
  }

  /** Delivers the Stripe-shaped completion event through the one webhook path, signed as Stripe signs. */
  private async settle(row: SessionRow, card: Card | null) {
    const setup = row.mode === 'setup';
    const event = {
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(this.clock.now().getTime() / 1000),
      data: {
        object: {
          id: row.id,
          object: 'checkout.session',
          mode: setup ? 'setup' : row.priceId ? 'subscription' : 'payment',
          status: 'complete',
          payment_status: setup ? 'no_payment_required' : 'paid',
          client_reference_id: row.userId,
          subscription: setup ? row.externalSubscriptionId : row.priceId ? `bsub_${row.id}` : null,
          payment_intent: null,
          metadata: card ? cardMetadata(card) : {},
        },
      },
    };
    const { payload, signature } = this.builtin().sign(event);
    await this.webhook.receive(payload, signature);
  }
}
