import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentCards, paymentEvents, payments, paymentSessions } from '../../db/schema/index.ts';
import type { CardDetails } from './provider.ts';

export type SessionRow = typeof paymentSessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class PaymentsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insertSession(row: typeof paymentSessions.$inferInsert, tx: Tx | Db = this.db) {
    await tx.insert(paymentSessions).values(row);
  }

  /** The currency the person's plan was last paid in (an upgrade is charged in it). */
  async planCurrency(userId: string, tx: Tx | Db = this.db): Promise<SessionRow['currency'] | undefined> {
    const [row] = await tx
      .select({ currency: paymentSessions.currency })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.userId, userId), eq(paymentSessions.status, 'complete'), isNotNull(paymentSessions.priceId)))
      .orderBy(desc(paymentSessions.completedAt))
      .limit(1);
    return row?.currency;
  }

  async session(id: string, tx: Tx | Db = this.db): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, id));
    return row;
  }

  async lockSession(tx: Tx, id: string): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, id)).for('update');
    return row;
  }

  /** Card answers of the built-in page, only while the session is open (with the card a confirmation step waits on). */
  async setCardStatus(id: string, cardStatus: SessionRow['cardStatus'], pendingCard: SessionRow['pendingCard'] = null) {
    await this.db
      .update(paymentSessions)
      .set({ cardStatus, pendingCard })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')));
  }

  async complete(tx: Tx, id: string, at: Date, externalSubscriptionId: string | null, paymentStatus: SessionRow['paymentStatus'] = 'paid') {
    await tx
      .update(paymentSessions)
      .set({ status: 'complete', paymentStatus, cardStatus: 'succeeded', completedAt: at, externalSubscriptionId, pendingCard: null })
      .where(eq(paymentSessions.id, id));
  }

  /** Stripe gave up on an unpaid session (24 h); a paid one stays complete. */
  async expireSession(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx
      .update(paymentSessions)
      .set({ status: 'expired' })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id });
    return rows.length > 0;
  }

  /** Records an event id; false when it was handled before (a replay). Runs in the handling transaction. */
  async claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
    const rows = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async insertPayment(tx: Tx, row: typeof payments.$inferInsert) {
    await tx.insert(payments).values(row);
  }

  async lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  async addRefund(tx: Tx, id: string, coin: number, minor: number, at: Date) {
    await tx
      .update(payments)
      .set({ refundedCoin: sql`${payments.refundedCoin} + ${coin}`, refundedMinor: sql`${payments.refundedMinor} + ${minor}`, refundedAt: at })
      .where(eq(payments.id, id));
  }

  /** The card a person last paid with or saved replaces the one kept before. */
  async saveCard(tx: Tx, userId: string, provider: SessionRow['provider'], card: CardDetails, at: Date) {
    const set = { provider, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, providerPaymentMethodId: card.paymentMethodId, updatedAt: at };
    await tx
      .insert(paymentCards)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: paymentCards.userId, set });
  }

  async lastCard(userId: string) {
    const [row] = await this.db.select().from(paymentCards).where(eq(paymentCards.userId, userId));
    return row;
  }

  paymentsOf(userId: string) {
    return this.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
  }

  /** One payment with what its session sold (a receipt). */
  async receipt(paymentId: string) {
    const [row] = await this.db
      .select({ payment: payments, bundleId: paymentSessions.bundleId, priceId: paymentSessions.priceId })
      .from(payments)
      .innerJoin(paymentSessions, eq(paymentSessions.id, payments.sessionId))
      .where(eq(payments.id, paymentId));
    return row;
  }

  /** The caller's payments with what their sessions sold, newest first. */
  history(userId: string, limit: number) {
    return this.db
      .select({ payment: payments, bundleId: paymentSessions.bundleId, priceId: paymentSessions.priceId })
      .from(payments)
      .innerJoin(paymentSessions, eq(paymentSessions.id, payments.sessionId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  }
}
