import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { newId } from '../src/db/newId.ts';
import { AppError, MARKETPLACE, type InternalTransactionView } from '@atrium/shared';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../src/modules/marketplace/service.ts';
import { UsersRepo } from '../src/modules/users/repo.ts';
import type { Actor } from '../src/plugins/actor.ts';
import { databases, type TestDb } from './support/db.ts';

const { extraLevel } = MARKETPLACE.items;
const levels = (quantity: number) => ({ totalCoin: extraLevel.priceCoin * quantity, transactionItems: [{ itemId: extraLevel.itemId, quantity }] });
let n = 0;

// Group commit (migration 0031, GroupCommit): purchases by several people that arrive together go to
// the database in one call and one transaction, each in its own sub-block.
describe.each(databases)('marketplace: purchases that share one commit on %s', (_name, open) => {
  let db: TestDb;
  let repo: MarketplaceRepo;
  let ledger: MarketplaceService;

  const person = async (): Promise<Actor> => {
    const row = await new UsersRepo(db.db).ensure({ subject: `batch-${++n}-${newId()}`, loginProvider: 'test', email: null, name: `Batch ${n}`, role: 'free-user' });
    return { userId: row.id, subject: row.subject, name: row.name, email: null, role: 'free-user', via: 'bearer' };
  };
  /** Counts the database calls purchases make while `run` goes. */
  const calls = async <T>(run: () => Promise<T>): Promise<{ out: T; calls: number }> => {
    const spy = vi.spyOn(db.db, 'execute');
    try {
      const out = await run();
      return { out, calls: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  };
  const settle = (p: Promise<InternalTransactionView>) =>
    p.then(
      (v) => ({ ok: v }),
      (e: unknown) => ({ code: e instanceof AppError ? e.code : String(e) }),
    );

  beforeAll(async () => {
    db = await open();
    repo = new MarketplaceRepo(db.db);
    ledger = new MarketplaceService({ db: db.db, repo });
  }, 90_000);
  afterAll(async () => {
    await db.close();
  });

  it('commits the others when one purchase in the same batch is refused, in one database call', async () => {
    const [rich, poor, other] = [await person(), await person(), await person()];
    await ledger.grant(rich.userId, 3 * extraLevel.priceCoin, 'test');
    await ledger.grant(poor.userId, extraLevel.priceCoin - 1, 'test');
    await ledger.grant(other.userId, extraLevel.priceCoin, 'test');
    const { out, calls: made } = await calls(() =>
      Promise.all([
        settle(ledger.purchase(rich, `k-${++n}`, levels(2))),
        settle(ledger.purchase(poor, `k-${++n}`, levels(1))),
        settle(ledger.purchase(other, `k-${++n}`, levels(1))),
      ]),
    );
    expect(made).toBe(1);
    expect(out[0]).toMatchObject({ ok: { totalCoin: 2 * extraLevel.priceCoin, availableBalance: extraLevel.priceCoin } });
    expect(out[1]).toEqual({ code: 'INSUFFICIENT_CREDITS' });
    expect(out[2]).toMatchObject({ ok: { availableBalance: 0 } });
    expect([await ledger.balance(rich.userId), await ledger.balance(poor.userId), await ledger.balance(other.userId)]).toEqual([
      extraLevel.priceCoin,
      extraLevel.priceCoin - 1,
      0,
    ]);
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('answers a key replayed inside one batch with the first answer and charges once; another body under it is refused', async () => {
    const [a, b] = [await person(), await person()];
    await ledger.grant(a.userId, 10 * extraLevel.priceCoin, 'test');
    await ledger.grant(b.userId, 10 * extraLevel.priceCoin, 'test');
    const key = `replay-${++n}`;
    const { out, calls: made } = await calls(() =>
      Promise.all([
        settle(ledger.purchase(a, key, levels(1))),
        settle(ledger.purchase(b, `k-${++n}`, levels(1))),
        settle(ledger.purchase(a, key, levels(1))),
        settle(ledger.purchase(a, key, levels(2))),
      ]),
    );
    expect(made).toBe(1);
    const first = (out[0] as { ok: InternalTransactionView }).ok;
    expect(out[2]).toEqual({ ok: first });
    expect(out[3]).toEqual({ code: 'CONFLICT' });
    expect(await ledger.balance(a.userId)).toBe(9 * extraLevel.priceCoin);
    expect(await ledger.balance(b.userId)).toBe(9 * extraLevel.priceCoin);
  });

  it('runs one person’s purchases in a batch in the order they came, each seeing the one before', async () => {
    const a = await person();
    await ledger.grant(a.userId, 5 * extraLevel.priceCoin, 'test');
    const out = await Promise.all(Array.from({ length: 8 }, () => settle(ledger.purchase(a, `k-${++n}`, levels(1)))));
    expect(out.slice(0, 5).map((o) => (o as { ok: InternalTransactionView }).ok.availableBalance)).toEqual([4, 3, 2, 1, 0].map((k) => k * extraLevel.priceCoin));
    expect(out.slice(5)).toEqual(Array(3).fill({ code: 'INSUFFICIENT_CREDITS' }));
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('fails only the purchase that hit an unexpected error; the rest of its batch commits', async () => {
    const a = await person();
    await ledger.grant(a.userId, extraLevel.priceCoin, 'test');
    const call = (userId: string) => ({
      txId: newId(),
      walletId: newId(),
      userId,
      key: `purchase:${userId}:k-${++n}`,
      hash: 'h',
      lines: levels(1).transactionItems,
      total: extraLevel.priceCoin,
      freePremade: 0,
      createdAt: new Date().toISOString(),
      slotIds: [],
    });
    // A buyer with no user row: opening their wallet breaks its foreign key (23503), inside its own sub-block.
    const res = (await db.db.execute(sql`select marketplace_purchase_batch(${JSON.stringify([call(newId()), call(a.userId)])}::jsonb) as r`)) as unknown as {
      rows: { r: unknown }[];
    };
    const raw = res.rows[0]!.r;
    const answers = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, { code?: string }>[];
    expect(answers[0]!.failed?.code).toBe('23503');
    expect(answers[1]).toHaveProperty('result');
    expect(await ledger.balance(a.userId)).toBe(0);
  });

  it('never double-spends when two processes batch the same people at once (and never deadlocks)', async () => {
    // Two repositories stand for two server processes: each groups its own purchases, and their
    // batches name the same ten people in opposite orders.
    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    for (const p of people) await ledger.grant(p.userId, 3 * extraLevel.priceCoin, 'test');
    const twin = new MarketplaceService({ db: db.db, repo: new MarketplaceRepo(db.db) });
    const out = await Promise.all([
      ...people.flatMap((p) => Array.from({ length: 3 }, () => settle(ledger.purchase(p, `k-${++n}`, levels(1))))),
      ...[...people].reverse().flatMap((p) => Array.from({ length: 3 }, () => settle(twin.purchase(p, `k-${++n}`, levels(1))))),
    ]);
    expect(out.filter((o) => 'ok' in o)).toHaveLength(30);
    expect(out.filter((o) => 'code' in o && o.code === 'INSUFFICIENT_CREDITS')).toHaveLength(30);
    for (const p of people) expect(await ledger.balance(p.userId)).toBe(0);
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });
});
