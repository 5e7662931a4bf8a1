import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { GroupCommit } from './groupCommit.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, marketplaceItems, purchaseItems } from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ItemRow = typeof marketplaceItems.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type SystemAccount = 'revenue' | 'card_clearing' | 'promotions' | 'refunds';
export interface Entry {
  accountId: string;
  amount: number;
}
export interface PurchaseCall {
  id: string;
  idempotencyKey: string;
  userId: string;
  requestHash: string;
  lines: { itemId: string; quantity: number }[];
  totalCoin: number;
  /** Free premade spaces the buyer's plan gives in all (the ones already taken are counted in SQL). */
  freePremade: number;
  createdAt: string;
  /** One new id per unit bought, for slot grants (slots keep uuidv7 ids, ordered like the rest). */
  slotIds: string[];
}
type PurchaseAnswer = { result: unknown } | { refused: PurchaseRefusal };
/** One purchase's answer from marketplace_purchase_batch (0031): committed, refused, or failed alone. */
type BatchAnswer = PurchaseAnswer | { failed: { code: string; message: string } };
/**
 * Purchase batches running at once (each holds one pool connection until its commit). Measured by
 * bench/marketplace on 2 cores: more does not add throughput, and leaves the pool to other requests.
 */
const PURCHASE_BATCHES_IN_FLIGHT = 3;
/** Why marketplace_purchase refused, as its SQLSTATE AT001 message names it. */
export type PurchaseRefusal =
  | { error: 'keyReused' | 'insufficientCredits' | 'trialSlotKept' }
  | { error: 'unknownItem' | 'alreadyOwned'; itemId: string }
  | { error: 'tooMany'; itemId: string; max: number }
  | { error: 'totalMismatch'; totalCoin: number };
export interface LedgerCheck {
  /** Transactions whose entries do not sum to zero. */
  unbalanced: number;
  /** Wallets whose materialised balance differs from the sum of their entries. */
  walletMismatches: number;
  negativeWallets: number;
  transactions: number;
}

/** The ledger and the catalogue. Only wallets materialise a balance; see `post`. */
export class MarketplaceRepo {
  private readonly db: Db;
  private readonly systemIds = new Map<SystemAccount, string>();
  constructor(db: Db) {
    this.db = db;
  }

  forSale() {
    return this.db.select().from(marketplaceItems).where(eq(marketplaceItems.forSale, true)).orderBy(asc(marketplaceItems.sort));
  }

  async walletBalance(userId: string): Promise<number> {
    const [row] = await this.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
    return row?.balance ?? 0;
  }

  /**
   * Opens the wallet if needed and locks its row for the rest of the transaction (the upsert takes
   * the same row lock as SELECT … FOR UPDATE, in one round trip), so two purchases by one person
   * run one after the other and cannot both spend the same credits.
   */
  async lockWallet(tx: Tx, userId: string): Promise<{ id: string; balance: number }> {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ id: newId(), kind: 'wallet', userId })
      .onConflictDoUpdate({ target: ledgerAccounts.userId, set: { balance: sql`${ledgerAccounts.balance}` } })
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (!row) throw new Error(`wallet of ${userId} could not be opened`);
    return row;
  }

  async systemAccount(tx: Tx, kind: SystemAccount): Promise<string> {
    const known = this.systemIds.get(kind);
    if (known) return known;
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
    if (!row) throw new Error(`ledger account ${kind} is missing (migration 0013 seeds it)`);
    this.systemIds.set(kind, row.id);
    return row.id;
  }

  async transactionByKey(tx: Tx, key: string): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
    return row;
  }

  /**
   * Records one balanced movement. Wallet balances are updated here, in the caller's transaction;
   * system accounts (revenue, promotions, …) are summed from their entries instead, so purchases by
   * different people never queue on one shared row. The wallet CHECK constraint is the last guard
   * against a negative balance.
   */
  async post(
    tx: Tx,
    t: { id: string; idempotencyKey: string; kind: TransactionRow['kind']; userId: string | null; reason: string; requestHash: string; result: unknown },
    entries: Entry[],
  ): Promise<void> {
    if (entries.reduce((s, e) => s + e.amount, 0) !== 0 || entries.some((e) => !Number.isSafeInteger(e.amount) || e.amount === 0))
      throw new Error('ledger entries must be non-zero whole credits summing to zero');
    await tx.insert(ledgerTransactions).values(t);
    // A purchase of free items only (the Pro plan's premade space) moves no credits.
    if (entries.length === 0) return;
    await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId: t.id, ...e })));
    // One statement for every wallet the entries touch; system accounts are left alone.
    const ids = entries.map((e) => e.accountId);
    const delta = sql.join(
      entries.map((e) => sql`when ${e.accountId}::uuid then ${e.amount}::integer`),
      sql` `,
    );
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + (case ${ledgerAccounts.id} ${delta} else 0 end)` })
      .where(and(inArray(ledgerAccounts.id, ids), eq(ledgerAccounts.kind, 'wallet')));
  }

  /**
   * A whole purchase, answered once its batch commits: `marketplace_purchase` (migration 0025) locks
   * the wallet, answers a replayed key, checks the lines, prices the plan's free premade spaces,
   * applies slot grants and posts the balanced movement. Purchases arriving together share one call
   * and one commit (`marketplace_purchase_batch`, 0031; see `GroupCommit`), each in its own
   * sub-block: a refusal rolls back that purchase alone and comes back as `{ refused }`, which the
   * service turns into its typed error.
   */
  async purchase(p: PurchaseCall): Promise<PurchaseAnswer> {
    const a = await this.purchases.submit(p);
    // Something other than a refusal (a bug, a deadlock with another kind of transaction) failed this purchase only.
    if ('failed' in a) throw Object.assign(new Error(`marketplace_purchase failed: ${a.failed.message}`), { code: a.failed.code });
    return a;
  }

  private readonly purchases = new GroupCommit<PurchaseCall, BatchAnswer>({
    run: (calls) => this.purchaseBatch(calls),
    keyOf: (p) => p.userId,
    // 64 sub-blocks per transaction at most: see migration 0031 (PostgreSQL's subtransaction cache).
    maxBatch: 64,
    maxInFlight: PURCHASE_BATCHES_IN_FLIGHT,
  });

  private async purchaseBatch(calls: PurchaseCall[]): Promise<BatchAnswer[]> {
    const payload = calls.map((p) => ({
      txId: p.id,
      walletId: newId(),
      userId: p.userId,
      key: p.idempotencyKey,
      hash: p.requestHash,
      lines: p.lines,
      total: p.totalCoin,
      freePremade: p.freePremade,
      createdAt: p.createdAt,
      slotIds: p.slotIds,
    }));
    const res = (await this.db.execute(sql`select marketplace_purchase_batch(${JSON.stringify(payload)}::jsonb) as r`)) as unknown as {
      rows: { r: BatchAnswer[] | string }[];
    };
    const r = res.rows[0]!.r;
    // node-postgres parses jsonb; PGlite does too, but a string is accepted either way.
    return typeof r === 'string' ? (JSON.parse(r) as BatchAnswer[]) : r;
  }

  /** What a person bought with credits, summed per item, and how many items they got for free. */
  async purchasedBy(userId: string, tx: Tx | Db = this.db) {
    return tx
      .select({
        itemId: purchaseItems.itemId,
        type: marketplaceItems.type,
        quantity: sql<number>`sum(${purchaseItems.quantity})::int`,
        free: sql<number>`sum(case when ${purchaseItems.priceCoin} = 0 then ${purchaseItems.quantity} else 0 end)::int`,
      })
      .from(purchaseItems)
      .innerJoin(marketplaceItems, eq(marketplaceItems.id, purchaseItems.itemId))
      .where(eq(purchaseItems.userId, userId))
      .groupBy(purchaseItems.itemId, marketplaceItems.type);
  }

  /** Whether a person has bought this item at least once (a premium template's ownership). */
  async owns(userId: string, itemId: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(purchaseItems)
      .where(and(eq(purchaseItems.userId, userId), eq(purchaseItems.itemId, itemId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The latest movements of a wallet, newest first (for the admin CLI). */
  walletHistory(userId: string, limit: number) {
    return this.db
      .select({ at: ledgerTransactions.createdAt, kind: ledgerTransactions.kind, reason: ledgerTransactions.reason, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /** The ledger's invariants, counted over every row: all zero means the books balance. */
  async check(): Promise<LedgerCheck> {
    const res = (await this.db.execute(sql`
      select
        (select count(*) from (select 1 from ${ledgerEntries} group by transaction_id having sum(amount) <> 0) u) as unbalanced,
        (select count(*) from ${ledgerAccounts} a
           left join (select account_id, sum(amount) s from ${ledgerEntries} group by account_id) e on e.account_id = a.id
           where a.kind = 'wallet' and a.balance <> coalesce(e.s, 0)) as "walletMismatches",
        (select count(*) from ${ledgerAccounts} where kind = 'wallet' and balance < 0) as "negativeWallets",
        (select count(*) from ${ledgerTransactions}) as transactions`)) as unknown as { rows: Record<keyof LedgerCheck, string | number>[] };
    const row = res.rows[0];
    return {
      unbalanced: Number(row!.unbalanced),
      walletMismatches: Number(row!.walletMismatches),
      negativeWallets: Number(row!.negativeWallets),
      transactions: Number(row!.transactions),
    };
  }
}
