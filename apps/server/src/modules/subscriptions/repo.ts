import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sharedLookup } from '../../db/sharedLookup.ts';
import { accounts, subscriptions, users } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class SubscriptionsRepo {
  private readonly db: Db;
  /** Every authenticated request reads the plan (its role): requests arriving together share one query (`sharedLookup`, no cache). */
  private readonly plans = sharedLookup(
    (userIds: string[]) => (this.byUsers ??= this.prepareByUsers()).execute({ userIds: JSON.stringify(userIds) }),
    (r) => r.userId,
  );
  /** Built once and prepared under a name, like UsersRepo's lookup by subject (same reasons). */
  private byUsers: ReturnType<SubscriptionsRepo['prepareByUsers']> | undefined;
  private prepareByUsers() {
    return this.db
      .select()
      .from(subscriptions)
      .where(sql`${subscriptions.userId} in (select (jsonb_array_elements_text(${sql.placeholder('userIds')}::jsonb))::uuid)`)
      .prepare('subscriptions_by_users');
  }
  constructor(db: Db) {
    this.db = db;
  }

  async byUser(userId: string, tx: Tx | Db = this.db): Promise<SubscriptionRow | undefined> {
    if (tx === this.db) return this.plans.load(userId);
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  async lock(tx: Tx, userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    return row;
  }

  async upsert(tx: Tx | Db, row: typeof subscriptions.$inferInsert): Promise<void> {
    const { userId: _userId, ...set } = row;
    await tx
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.userId, set: { ...set, updatedAt: new Date() } });
  }

  async update(tx: Tx | Db, userId: string, set: Partial<typeof subscriptions.$inferInsert>, onlyIf?: { periodEnd: Date }) {
    const where = onlyIf
      ? and(eq(subscriptions.userId, userId), eq(subscriptions.currentPeriodEnd, onlyIf.periodEnd), ne(subscriptions.status, 'expired'))
      : eq(subscriptions.userId, userId);
    return tx
      .update(subscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(where)
      .returning({ userId: subscriptions.userId });
  }

  /** Plans whose period ended by `now` and that were not expired yet: renew or expire each. */
  due(now: Date) {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(ne(subscriptions.status, 'expired'), lte(subscriptions.currentPeriodEnd, now)));
  }

  /**
   * Mirrors the plan's role on the user row and the built-in account (whose next token carries it);
   * requests read the role through `roleOf`, so it applies before any token is renewed.
   */
  async setRole(tx: Tx | Db, userId: string, role: string): Promise<void> {
    const [u] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning({ subject: users.subject });
    if (u) await tx.update(accounts).set({ role }).where(eq(accounts.id, u.subject));
  }
}
