import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { MARKETPLACE, PREMADE_SPACE_PRICES, msg, premiumTemplateItemId, type InternalTransactionView, type MarketplaceItemView, type SlotView } from '@atrium/shared';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../src/modules/marketplace/service.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser as User } from './support/users.ts';

const { keepTrialSlot, extraSlot, extraLevel } = MARKETPLACE.items;
let keyN = 0;
const newKey = () => `test-key-${Date.now()}-${++keyN}`;

describe.each(databases)('marketplace: wallet, catalogue and purchases with credits on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ledger: MarketplaceService;
  let buyer: User;

  const buy = (who: User | null, body: object, key: string | null = newKey()) =>
    injectAs(app, who, 'POST', '/api/internaltransaction', body, key === null ? {} : { 'idempotency-key': key });
  const balance = async (who: User) => (await injectAs(app, who, 'GET', '/api/wallet')).json().availableBalance as number;
  const levels = (quantity: number) => ({ totalCoin: extraLevel.priceCoin * quantity, transactionItems: [{ itemId: extraLevel.itemId, quantity }] });

  beforeAll(async () => {
    db = await open();
    // More people sign up here than one address may in a minute.
    ({ app } = await makeTestApp(db, {}, { SIGNUP_RATE_LIMIT_MAX: '100' }));
    ledger = new MarketplaceService({ db: db.db, repo: new MarketplaceRepo(db.db) });
    buyer = await signUpUser(app, db, 'buyer@example.com', 'Bea Buyer');
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lists the catalogue with the spec prices (the migration seeds what packages/shared names)', async () => {
    const res = await injectAs(app, null, 'GET', '/api/marketplaceitem');
    expect(res.statusCode).toBe(200);
    const items = res.json() as MarketplaceItemView[];
    const premium = items.filter((i) => i.itemId.startsWith('template-'));
    expect(items.slice(0, items.length - premium.length)).toEqual([
      ...[keepTrialSlot, extraSlot, extraLevel].map(({ itemId, type, title, priceCoin }) => ({ itemId, type, title, priceCoin })),
      ...Object.values(PREMADE_SPACE_PRICES).map(({ itemId, title, priceCoin }) => ({ itemId, type: 'premadeSpace', title, priceCoin })),
    ]);
    // Migration 0017's premium templates are exactly the Premium tier of @atrium/assets, at their district price.
    const byId = (a: { itemId: string }, b: { itemId: string }) => a.itemId.localeCompare(b.itemId);
    expect([...premium].sort(byId)).toEqual(
      listTemplates()
        .filter((t) => t.tier === 'Premium')
        .map((t) => ({ itemId: premiumTemplateItemId(t.spaceTemplateId), type: 'premadeSpace', title: t.title, priceCoin: t.districtPrice }))
        .sort(byId),
    );
    expect(items.find((i) => i.itemId === 'keep-trial-slot')!.priceCoin).toBe(600);
    expect(items.find((i) => i.itemId === 'extra-level')!.priceCoin).toBe(50);
  });

  it('shows a new wallet as empty and needs a signed-in caller', async () => {
    expect((await injectAs(app, null, 'GET', '/api/wallet')).statusCode).toBe(401);
    const res = await injectAs(app, buyer, 'GET', '/api/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ availableBalance: 0 });
  });

  it('refuses bad input with 4xx and charges nothing', async () => {
    const u = await signUpUser(app, db, 'bad-input@example.com', 'Bad Input');
    await ledger.grant(u.id, 10_000, 'test');
    const line = (quantity: unknown, itemId: string = extraLevel.itemId) => ({ totalCoin: 50, transactionItems: [{ itemId, quantity }] });
    const cases: [string, object, string | null, number][] = [
      ['negative quantity', line(-1), newKey(), 400],
      ['zero quantity', line(0), newKey(), 400],
      ['fractional quantity', line(1.5), newKey(), 400],
      ['huge quantity', line(1e9), newKey(), 400],
      ['quantity as text', line('1'), newKey(), 400],
      ['no items', { totalCoin: 0, transactionItems: [] }, newKey(), 400],
      ['fractional total', { totalCoin: 49.5, transactionItems: [{ itemId: extraLevel.itemId, quantity: 1 }] }, newKey(), 400],
      ['unknown item', line(1, 'no-such-item'), newKey(), 400],
      ['the same item twice', { totalCoin: 100, transactionItems: [{ itemId: extraLevel.itemId, quantity: 1 }, { itemId: extraLevel.itemId, quantity: 1 }] }, newKey(), 400],
      ['more than the item allows', { totalCoin: 1200, transactionItems: [{ itemId: keepTrialSlot.itemId, quantity: 2 }] }, newKey(), 400],
      ['totalCoin lower than the price', { totalCoin: 49, transactionItems: [{ itemId: extraLevel.itemId, quantity: 1 }] }, newKey(), 400],
      ['totalCoin higher than the price', { totalCoin: 51, transactionItems: [{ itemId: extraLevel.itemId, quantity: 1 }] }, newKey(), 400],
      ['buying for someone else (no such field: the buyer is the caller)', { ...line(1), userId: buyer.id }, newKey(), 400],
      ['missing idempotency key', line(1), null, 400],
      ['too short idempotency key', line(1), 'abc', 400],
    ];
    for (const [label, body, key, status] of cases) {
      const res = await buy(u, body, key);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().error.code, label).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    }
    expect((await buy(u, line(1), newKey())).statusCode).toBe(201);
    const mismatch = await buy(u, { totalCoin: 49, transactionItems: [{ itemId: extraLevel.itemId, quantity: 1 }] });
    expect(mismatch.json().error).toMatchObject({ code: 'BAD_REQUEST', message: msg.marketplace.totalMismatch });
    expect((await buy(null, levels(1))).statusCode).toBe(401);
    // The one valid purchase among them is the only charge.
    expect(await balance(u)).toBe(10_000 - 50);
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('answers insufficient credits with the spec message and leaves the wallet as it was', async () => {
    const u = await signUpUser(app, db, 'short@example.com', 'Sam Short');
    await ledger.grant(u.id, 599, 'test');
    const res = await buy(u, { totalCoin: 600, transactionItems: [{ itemId: extraSlot.itemId, quantity: 1 }] });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits to publish. Select a credit package to proceed.' });
    expect(await balance(u)).toBe(599);
    const slots = (await injectAs(app, u, 'GET', '/api/slot/my')).json() as SlotView[];
    expect(slots.filter((s) => s.kind === 'purchased')).toHaveLength(0);
  });

  it('replays the same Idempotency-Key with the same answer and charges once; another body under that key is refused', async () => {
    const u = await signUpUser(app, db, 'replay@example.com', 'Ray Replay');
    await ledger.grant(u.id, 1_000, 'test');
    const key = newKey();
    const first = await buy(u, levels(2), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await buy(u, levels(2), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((first.json() as InternalTransactionView).availableBalance).toBe(900);
    expect(await balance(u)).toBe(900);
    const other = await buy(u, levels(3), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(msg.marketplace.idempotencyKeyReused);
    // Keys belong to their sender: someone else's identical key is a purchase of its own.
    const v = await signUpUser(app, db, 'replay2@example.com', 'Vic Replay');
    await ledger.grant(v.id, 100, 'test');
    expect((await buy(v, levels(2), key)).statusCode).toBe(201);
    expect(await balance(v)).toBe(0);
    expect(await balance(u)).toBe(900);
  });

  it('keeps the trial slot (never expires) and adds extra slots that show up among the slots', async () => {
    const u = await signUpUser(app, db, 'slots@example.com', 'Sol Slots');
    await ledger.grant(u.id, 2_000, 'test');
    const before = (await injectAs(app, u, 'GET', '/api/slot/my')).json() as SlotView[];
    expect(before.find((s) => s.kind === 'trial')!.expiresAt).not.toBeNull();
    const res = await buy(u, {
      totalCoin: 600 + 2 * 600,
      transactionItems: [
        { itemId: keepTrialSlot.itemId, quantity: 1 },
        { itemId: extraSlot.itemId, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(u)).toBe(200);
    const after = (await injectAs(app, u, 'GET', '/api/slot/my')).json() as SlotView[];
    const trial = after.find((s) => s.kind === 'trial')!;
    expect(trial).toMatchObject({ expiresAt: null, expired: false, productId: keepTrialSlot.itemId, priceCoin: 600 });
    const bought = after.filter((s) => s.kind === 'purchased');
    expect(bought).toHaveLength(2);
    for (const s of bought) expect(s).toMatchObject({ expiresAt: null, productId: extraSlot.itemId, priceCoin: 600 });
    expect((await injectAs(app, u, 'GET', '/api/slot/available')).json()).toHaveLength(3);
    // Keeping it twice is refused and charges nothing.
    await ledger.grant(u.id, 1_000, 'test');
    const twice = await buy(u, { totalCoin: 600, transactionItems: [{ itemId: keepTrialSlot.itemId, quantity: 1 }] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(msg.marketplace.trialSlotKept);
    expect(await balance(u)).toBe(1_200);
  });

  it('lets 20 parallel purchases spend only what the wallet holds, and the books balance', async () => {
    const u = await signUpUser(app, db, 'race@example.com', 'Rae Race');
    await ledger.grant(u.id, 7 * extraLevel.priceCoin + 30, 'test');
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(u, levels(1))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 402)).toHaveLength(13);
    expect(await balance(u)).toBe(30);
    const seen = results.filter((r) => r.statusCode === 201).map((r) => (r.json() as InternalTransactionView).availableBalance);
    expect(seen.sort((a, b) => a - b)).toEqual([30, 80, 130, 180, 230, 280, 330]);
    const check = await ledger.check();
    expect(check).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
    expect(check.transactions).toBeGreaterThan(7);
  });

  it('gives a Pro account one premade space free (priced 0, no credits move), then charges; others always pay', async () => {
    const pro = await signUpUser(app, db, 'premade-pro@example.com', 'Pia Premade', 'premium-user');
    const free = await signUpUser(app, db, 'premade-free@example.com', 'Fay Premade');
    const large = PREMADE_SPACE_PRICES.large;
    const line = (totalCoin: number) => ({ totalCoin, transactionItems: [{ itemId: large.itemId, quantity: 1 }] });
    expect((await injectAs(app, pro, 'GET', '/api/marketplaceitem/my')).json()).toEqual({ purchased: [], freePremadeSpacesLeft: 1, districtTemplates: [] });
    expect((await injectAs(app, free, 'GET', '/api/marketplaceitem/my')).json()).toEqual({ purchased: [], freePremadeSpacesLeft: 0, districtTemplates: [] });
    expect((await buy(free, line(0))).statusCode).toBe(400);
    expect((await buy(pro, line(large.priceCoin))).statusCode).toBe(400);
    const got = await buy(pro, line(0));
    expect(got.statusCode, got.body).toBe(201);
    expect((got.json() as InternalTransactionView).transactionItems).toEqual([{ itemId: large.itemId, quantity: 1, priceCoin: 0 }]);
    expect(await balance(pro)).toBe(0);
    expect((await injectAs(app, pro, 'GET', '/api/marketplaceitem/my')).json()).toEqual({
      purchased: [{ itemId: large.itemId, quantity: 1 }],
      freePremadeSpacesLeft: 0,
      districtTemplates: [],
    });
    // The free pick is used: the next one costs its price.
    expect((await buy(pro, line(0))).statusCode).toBe(400);
    expect((await buy(pro, line(large.priceCoin))).statusCode).toBe(402);
    expect((await injectAs(app, null, 'GET', '/api/marketplaceitem/my')).statusCode).toBe(401);
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('sells a premium template once: bought it shows as purchased, a second purchase is refused, two tabs charge once', async () => {
    const u = await signUpUser(app, db, 'premium-template@example.com', 'Tom Template');
    await ledger.grant(u.id, 3_000, 'test');
    const tpl = listTemplates().find((t) => t.tier === 'Premium' && t.size === 'M')!;
    const itemId = premiumTemplateItemId(tpl.spaceTemplateId);
    const line = { totalCoin: tpl.districtPrice, transactionItems: [{ itemId, quantity: 1 }] };
    const tabs = await Promise.all([buy(u, line), buy(u, line)]);
    expect(tabs.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(tabs.find((r) => r.statusCode === 409)!.json().error).toMatchObject({ code: 'CONFLICT', message: msg.marketplace.alreadyOwned, details: { itemId } });
    expect(await balance(u)).toBe(3_000 - tpl.districtPrice);
    expect((await injectAs(app, u, 'GET', '/api/marketplaceitem/my')).json()).toMatchObject({ purchased: [{ itemId, quantity: 1 }] });
    expect((await buy(u, line)).statusCode).toBe(409);
    // Not more than one in a purchase either.
    expect((await buy(u, { totalCoin: 2 * tpl.districtPrice, transactionItems: [{ itemId, quantity: 2 }] })).statusCode).toBe(400);
    expect(await balance(u)).toBe(3_000 - tpl.districtPrice);
    expect(await ledger.check()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('lets a space be built on a premium template only after buying it (metadata and document alike)', async () => {
    const u = await signUpUser(app, db, 'template-builder@example.com', 'Tia Builder', 'premium-user');
    const premium = listTemplates().find((t) => t.tier === 'Premium')!;
    const standard = listTemplates().find((t) => t.tier === 'Standard')!;
    const refused = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
      expect(res.statusCode, JSON.stringify(res.json())).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: msg.marketplace.templateNotOwned });
    };
    // Not bought (a Pro plan's free premade space does not cover premium templates): no new space on it,
    refused(await injectAs(app, u, 'POST', '/api/scene/metadata', { title: 'Borrowed', spaceTemplateId: premium.spaceTemplateId }));
    const made = await injectAs(app, u, 'POST', '/api/scene/metadata', { title: 'Mine', spaceTemplateId: standard.spaceTemplateId });
    expect(made.statusCode).toBe(201);
    const id = made.json().sceneId as string;
    const baseVersion = made.json().contentVersion as number;
    // no switch to it, and no document that claims it.
    refused(await injectAs(app, u, 'PATCH', `/api/scene/metadata/${id}`, { spaceTemplateId: premium.spaceTemplateId }));
    const doc = { ...premium.document, spaceTemplate: { spaceTemplateId: premium.spaceTemplateId, size: premium.size } };
    refused(await injectAs(app, u, 'PUT', `/api/scene/content/${id}`, { baseVersion, document: doc }));
    expect((await injectAs(app, u, 'GET', `/api/scene/metadata/${id}`)).json()).toMatchObject({ spaceTemplateId: standard.spaceTemplateId });

    await ledger.grant(u.id, premium.districtPrice, 'test');
    const itemId = premiumTemplateItemId(premium.spaceTemplateId);
    expect((await buy(u, { totalCoin: premium.districtPrice, transactionItems: [{ itemId, quantity: 1 }] })).statusCode).toBe(201);
    expect((await injectAs(app, u, 'PATCH', `/api/scene/metadata/${id}`, { spaceTemplateId: premium.spaceTemplateId })).statusCode).toBe(200);
    const saved = await injectAs(app, u, 'PUT', `/api/scene/content/${id}`, { baseVersion, document: doc });
    expect(saved.statusCode).toBe(200);
    // Someone else still cannot build on it.
    const other = await signUpUser(app, db, 'template-borrower@example.com', 'Bo Borrower');
    refused(await injectAs(app, other, 'POST', '/api/scene/metadata', { title: 'Copy', spaceTemplateId: premium.spaceTemplateId }));
  });

  it('refuses an item that exists but is not for sale, and charges nothing', async () => {
    // The buyer holds no credits: the item is refused before the price is looked at.
    const u = buyer;
    await db.exec(
      `insert into marketplace_items (id, type, "grant", title, price_coin, max_quantity, for_sale, sort) values ('retired-level', 'level', 'extraLevel', 'Retired level', 40, 5, false, 99) on conflict do nothing`,
    );
    expect((await injectAs(app, null, 'GET', '/api/marketplaceitem')).json().map((i: MarketplaceItemView) => i.itemId)).not.toContain('retired-level');
    const res = await buy(u, { totalCoin: 40, transactionItems: [{ itemId: 'retired-level', quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', message: msg.marketplace.unknownItem });
    expect(await balance(u)).toBe(0);
  });

  it('grants from the promotions account only in whole, bounded amounts', async () => {
    await expect(ledger.grant(buyer.id, 0, 'x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(ledger.grant(buyer.id, 1.5, 'x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(ledger.grant(buyer.id, -5, 'x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(ledger.grant(buyer.id, 10, ' ')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await ledger.grant(buyer.id, 10, 'welcome', 'once')).toBe(10);
    expect(await ledger.grant(buyer.id, 10, 'welcome', 'once')).toBe(10);
    expect(await balance(buyer)).toBe(10);
  });
});
