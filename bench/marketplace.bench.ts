// Credit purchases on PostgreSQL through the API (inject): 100 people, each with enough credits for
// 16 extra levels. Phase 1: 1,000 purchases, 100 in flight (each person buys 10 one after the other).
// Phase 2: 1,000 purchases fired at once (10 per person) against the 6 each can still afford — exactly
// 600 must succeed. Then the ledger invariant over every row: each transaction sums to zero, each
// wallet equals its entries, none is negative.
import { MARKETPLACE } from '@atrium/shared';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { signUpUser } from '../apps/server/test/support/users.ts';
import { MarketplaceRepo } from '../apps/server/src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../apps/server/src/modules/marketplace/service.ts';
import { SlotsRepo } from '../apps/server/src/modules/slots/repo.ts';
import { openScratchDb } from './scratchDb.ts';
import { line, percentile } from './support.ts';

const USERS = 100;
const PER_USER = 10;
const PRICE = MARKETPLACE.items.extraLevel.priceCoin;
const AFFORDABLE = 16;
const body = { totalCoin: PRICE, transactionItems: [{ itemId: MARKETPLACE.items.extraLevel.itemId, quantity: 1 }] };

const { db, client, close } = await openScratchDb();
let failed: boolean;
try {
  const { app } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '10000000', SIGNUP_RATE_LIMIT_MAX: '100000' });
  const ledger = new MarketplaceService({ db: db.db, repo: new MarketplaceRepo(db.db), slots: new SlotsRepo(db.db) });
  // Signed in as people are (bearer access tokens), not with API keys: an API key request also
  // writes the key's last-used time, which would be measured here as if it were the purchase.
  const buyers: { id: string; key: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const u = await signUpUser(app, db, `buyer${i}@bench.example`, `Buyer ${i}`);
    buyers.push({ id: u.id, key: u.token });
    await ledger.grant(u.id, AFFORDABLE * PRICE, 'bench');
  }
  const ids = buyers.map((b) => b.id);

  let n = 0;
  const purchase = async (b: { key: string }, into: number[]) => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/internaltransaction',
      headers: { authorization: `Bearer ${b.key}`, 'idempotency-key': `bench-purchase-${++n}` },
      payload: body,
    });
    into.push(performance.now() - t);
    return res.statusCode;
  };
  const report = (label: string, ms: number[], wall: number, ok: number) => {
    const sorted = [...ms].sort((a, b) => a - b);
    line(`${label}: purchases/s`, `${Math.round(ok / (wall / 1000))} (${ok} succeeded of ${ms.length} in ${(wall / 1000).toFixed(2)} s)`);
    line(`${label}: latency p50 / p99`, `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`, 'p99 < 50 ms');
  };

  // Warm the JIT and the pool so phase 1 measures steady work.
  const warm = await ledger.grant(ids[0]!, 5 * PRICE, 'bench warm-up');
  for (let i = 0; i < 5; i++) await purchase(buyers[0]!, []);
  if ((await ledger.balance(ids[0]!)) !== warm - 5 * PRICE) throw new Error('warm-up purchases were not charged');

  // One at a time: the cost of a single purchase with nothing else in flight.
  const single: number[] = [];
  await ledger.grant(ids[1]!, 100 * PRICE, 'bench single');
  let t0 = performance.now();
  for (let i = 0; i < 100; i++) await purchase(buyers[1]!, single);
  report('one at a time (100 in turn)', single, performance.now() - t0, single.length);

  const steady: number[] = [];
  t0 = performance.now();
  const codes1 = (
    await Promise.all(
      buyers.map(async (b) => {
        const out: number[] = [];
        for (let i = 0; i < PER_USER; i++) out.push(await purchase(b, steady));
        return out;
      }),
    )
  ).flat();
  const ok1 = codes1.filter((c) => c === 201).length;
  report('100 in flight (100 users x 10 in turn)', steady, performance.now() - t0, ok1);

  const burst: number[] = [];
  t0 = performance.now();
  const codes2 = await Promise.all(buyers.flatMap((b) => Array.from({ length: PER_USER }, () => purchase(b, burst))));
  const ok2 = codes2.filter((c) => c === 201).length;
  const short = codes2.filter((c) => c === 402).length;
  report('1,000 at once (10 per user)', burst, performance.now() - t0, ok2);
  const expected2 = USERS * (AFFORDABLE - PER_USER);
  line('burst: succeeded / insufficient credits', `${ok2} / ${short}`, `${expected2} / ${USERS * PER_USER - expected2}`);

  const check = await ledger.check();
  const leftover = (await client.query<{ n: string }>(`select count(*) n from ledger_accounts where kind = 'wallet' and balance <> 0`)).rows[0]!.n;
  const invariantOk = check.unbalanced === 0 && check.walletMismatches === 0 && check.negativeWallets === 0;
  line(
    'ledger invariant',
    `${invariantOk ? 'holds' : 'BROKEN'}: ${check.transactions} transactions, ${check.unbalanced} unbalanced, ${check.walletMismatches} wallet mismatches, ${check.negativeWallets} negative`,
  );
  line('wallets not spent to exactly zero', leftover, '0');
  failed = !invariantOk || ok1 !== USERS * PER_USER || ok2 !== expected2 || short !== USERS * PER_USER - expected2 || leftover !== '0';
  await app.close();
} finally {
  await close();
}
if (failed) {
  console.error('marketplace bench: counts or the ledger invariant are wrong');
  process.exit(1);
}
