import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { msg } from '@atrium/shared';
import { DISTRICT_SUBMISSION, type DistrictPurchasesView, type DistrictSlotView } from '@atrium/shared/districts/submission';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { signIn } from './support/identity.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';
import { AccountsRepo } from '../src/modules/auth/accountsRepo.ts';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../src/modules/marketplace/service.ts';
import { districtMembers } from '../src/db/schema/index.ts';

// The upgrade wizard's submission (spec §2 "When editing, it starts at Space slots", §4 Submission
// "created (POST) or upgraded, then paid internally with credits"), the district's purchases, and the
// free-cart replay of the setup wizard's submission, through the API on both databases.

const [FREE, A, B] = listTemplates() as [ReturnType<typeof listTemplates>[number], ReturnType<typeof listTemplates>[number], ReturnType<typeof listTemplates>[number]];
const PRICE = DISTRICT_SUBMISSION.slotPriceCoin;

describe.each(databases)('district upgrade on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ledger: MarketplaceService;
  let n = 0;
  const call = (who: User | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    injectAs(app, who, method, url, payload, headers);
  const person = async (name: string, role?: 'premium-user' | 'pro-user') => {
    const email = `u${++n}@example.com`;
    return { ...(await signUpUser(app, db, email, name, role)), email };
  };
  const key = () => `key-${crypto.randomUUID()}`;
  const create = (who: User, body: Record<string, unknown>, k = key()) =>
    call(who, 'POST', '/api/districts/submission', { freeSpaceTemplateId: FREE.spaceTemplateId, totalCoin: 0, ...body }, { 'idempotency-key': k });
  const upgrade = (who: User | null, districtId: string, body: Record<string, unknown>, k: string | null = key()) =>
    call(who, 'POST', `/api/district/${districtId}/submission`, body, k ? { 'idempotency-key': k } : {});
  const purchases = (who: User | null, districtId: string) => call(who, 'GET', `/api/purchase/district/${districtId}`);
  const balance = async (who: User) => (await call(who, 'GET', '/api/wallet')).json().availableBalance as number;
  const slotsOf = async (who: User, districtId: string) => (await call(who, 'GET', `/api/district/${districtId}/slots`)).json() as DistrictSlotView[];
  const district = async (owner: User, subdomain: string, isPublic = true) => {
    const res = await create(owner, { title: `District ${subdomain}`, subdomain, public: isPublic });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { districtId: string };
  };

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { SIGNUP_RATE_LIMIT_MAX: '100' }));
    ledger = new MarketplaceService({ db: db.db, repo: new MarketplaceRepo(db.db) });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('a free setup submission replayed answers its first result, not "taken"', async () => {
    const owner = await person('Fay Free', 'premium-user');
    const k = key();
    const body = { title: 'Free Cart', subdomain: 'free-cart' };
    const first = await create(owner, body, k);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().paidCoin).toBe(0);
    const again = await create(owner, body, k);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another body under the key is refused; nothing new is created.
    expect((await create(owner, { ...body, subdomain: 'free-cart-2' }, k)).statusCode).toBe(409);
    expect((await call(null, 'GET', '/api/district/available/free-cart-2')).statusCode).toBe(200);
    // The same free submission twice at once: one district, both answers name it.
    const k2 = key();
    const raced = await Promise.all([0, 1].map(() => create(owner, { title: 'Free Race', subdomain: 'free-race' }, k2)));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(raced[0]!.json().districtId).toBe(raced[1]!.json().districtId);
  });

  it('adds slots and buys premade spaces for the district, paid in one go; replays answer the same and charge nothing', async () => {
    const owner = await person('Uma Upgrader', 'premium-user');
    const { districtId } = await district(owner, 'upgrade-me');
    const start = (await purchases(owner, districtId)).json() as DistrictPurchasesView;
    expect(start).toMatchObject({ subdomain: 'upgrade-me', includedSlots: 4, purchasedSlots: 0 });
    expect(start.premadeSpaces).toEqual([{ spaceTemplateId: FREE.spaceTemplateId, free: true, priceCoin: 0, purchasedAt: null }]);

    const cost = 2 * PRICE + A.districtPrice;
    await ledger.grant(owner.id, cost + 5, 'bundle');
    const k = key();
    const body = { extraSlots: 2, spaceTemplateIds: [A.spaceTemplateId], totalCoin: cost };
    const res = await upgrade(owner, districtId, body, k);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ districtId, subdomain: 'upgrade-me', slots: 6, paidCoin: cost, premadeSpaces: [A.spaceTemplateId] });
    expect(res.json().url).toMatch(/^http:\/\/upgrade-me\./);
    expect(await balance(owner)).toBe(5);
    expect((await slotsOf(owner, districtId)).map((s) => s.origin)).toEqual(['included', 'included', 'included', 'included', 'purchased', 'purchased']);
    const after = (await purchases(owner, districtId)).json() as DistrictPurchasesView;
    expect(after).toMatchObject({ includedSlots: 4, purchasedSlots: 2 });
    expect(after.premadeSpaces.map((p) => [p.spaceTemplateId, p.free, p.priceCoin])).toEqual([
      [FREE.spaceTemplateId, true, 0],
      [A.spaceTemplateId, false, A.districtPrice],
    ]);

    // The same key again: the first answer, no second charge, no more slots.
    await ledger.grant(owner.id, cost, 'more');
    const replay = await upgrade(owner, districtId, body, k);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    expect(await balance(owner)).toBe(cost + 5);
    expect((await slotsOf(owner, districtId)).length).toBe(6);
    // Another body under that key is refused.
    const reused = await upgrade(owner, districtId, { extraSlots: 1, totalCoin: PRICE }, k);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(msg.marketplace.idempotencyKeyReused);
    // A setup submission's key cannot be replayed as an upgrade either.
    const createKey = key();
    expect((await create(owner, { title: 'Second', subdomain: 'second-up' }, createKey)).statusCode).toBe(201);
    expect((await upgrade(owner, districtId, { extraSlots: 1, totalCoin: PRICE }, createKey)).statusCode).toBe(409);
  });

  it('refuses what the district has, unknown or repeated templates, an empty cart, a wrong total and short credits, leaving nothing behind', async () => {
    const owner = await person('Rex Refused', 'premium-user');
    const { districtId } = await district(owner, 'refusals');
    await ledger.grant(owner.id, B.districtPrice, 'one template');
    const refused = async (body: Record<string, unknown>, status: number, message?: string) => {
      const res = await upgrade(owner, districtId, body);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().error.message).toContain(message);
    };
    await refused({ spaceTemplateIds: [FREE.spaceTemplateId], totalCoin: FREE.districtPrice }, 409, msg.districts.premadeOwned);
    await refused({ spaceTemplateIds: ['no-such-template'], totalCoin: 0 }, 400, msg.districts.unknownTemplate);
    await refused({ spaceTemplateIds: [B.spaceTemplateId, B.spaceTemplateId], totalCoin: 2 * B.districtPrice }, 400);
    await refused({ totalCoin: 0 }, 400, msg.districts.nothingToAdd);
    await refused({ extraSlots: 0, spaceTemplateIds: [], totalCoin: 0 }, 400, msg.districts.nothingToAdd);
    await refused({ spaceTemplateIds: [B.spaceTemplateId], totalCoin: B.districtPrice - 1 }, 400, msg.marketplace.totalMismatch);
    await refused({ extraSlots: DISTRICT_SUBMISSION.extraSlotsMax + 1, totalCoin: 0 }, 400);
    await refused({ extraSlots: 1, totalCoin: PRICE, districtId: 'x' }, 400);
    await refused({ extraSlots: '1', totalCoin: PRICE }, 400);
    await refused({ spaceTemplateIds: ['a\u0000b'], totalCoin: 0 }, 400);
    // Short by one slot's price: the spec's message, nothing added, nothing charged.
    const short = await upgrade(owner, districtId, { extraSlots: 1, spaceTemplateIds: [B.spaceTemplateId], totalCoin: PRICE + B.districtPrice });
    expect(short.statusCode).toBe(402);
    expect(short.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: msg.marketplace.insufficientCredits });
    expect(await balance(owner)).toBe(B.districtPrice);
    expect((await slotsOf(owner, districtId)).length).toBe(4);
    expect(((await purchases(owner, districtId)).json() as DistrictPurchasesView).premadeSpaces).toHaveLength(1);
    // Bought once, it cannot be bought again.
    expect((await upgrade(owner, districtId, { spaceTemplateIds: [B.spaceTemplateId], totalCoin: B.districtPrice })).statusCode).toBe(200);
    await ledger.grant(owner.id, B.districtPrice, 'again');
    await refused({ spaceTemplateIds: [B.spaceTemplateId], totalCoin: B.districtPrice }, 409, msg.districts.premadeOwned);
    expect(await balance(owner)).toBe(B.districtPrice);
    // Without an Idempotency-Key there is no submission.
    expect((await upgrade(owner, districtId, { extraSlots: 1, totalCoin: PRICE }, null)).statusCode).toBe(400);
  });

  it('is the Owner’s alone: anonymous, outsiders, Guests, Creators, another district’s Creator and a lapsed Owner are refused', async () => {
    const owner = await person('Ola Owner', 'premium-user');
    const guest = await person('Gia Guest');
    const creator = await person('Cas Creator', 'premium-user');
    const outsider = await person('Oz Outsider', 'premium-user');
    const otherCreator = await person('Ora Other');
    const pub = await district(owner, 'owner-only');
    const priv = await district(owner, 'owner-only-private', false);
    const other = await district(outsider, 'elsewhere');
    await db.db.insert(districtMembers).values([
      { districtId: pub.districtId, userId: guest.id, role: 'Guest' },
      { districtId: pub.districtId, userId: creator.id, role: 'Creator', allocatedSlots: 2 },
      { districtId: other.districtId, userId: otherCreator.id, role: 'Creator', allocatedSlots: 2 },
    ]);
    for (const who of [guest, creator, outsider, otherCreator]) await ledger.grant(who.id, PRICE, 'rich');
    const body = { extraSlots: 1, totalCoin: PRICE };
    const expectCode = async (res: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
    };
    await expectCode(await upgrade(null, pub.districtId, body), 401, 'UNAUTHENTICATED');
    await expectCode(await purchases(null, pub.districtId), 401, 'UNAUTHENTICATED');
    for (const who of [guest, creator, outsider, otherCreator]) {
      await expectCode(await upgrade(who, pub.districtId, body), 403, 'FORBIDDEN');
      await expectCode(await purchases(who, pub.districtId), 403, 'FORBIDDEN');
      await expectCode(await upgrade(who, priv.districtId, body), 403, 'DISTRICT_ACCESS_DENIED');
      await expectCode(await purchases(who, priv.districtId), 403, 'DISTRICT_ACCESS_DENIED');
      expect(await balance(who)).toBe(PRICE);
    }
    await expectCode(await upgrade(owner, crypto.randomUUID(), body), 404, 'NOT_FOUND');
    expect((await upgrade(owner, 'not-a-uuid', body)).statusCode).toBe(400);
    expect((await slotsOf(owner, pub.districtId)).length).toBe(4);

    // The Owner's Pro plan lapses: reading what the district has still works, upgrading needs Pro again.
    await ledger.grant(owner.id, PRICE, 'rich');
    const accounts = new AccountsRepo(db.db);
    await accounts.setRole((await accounts.byEmail(owner.email))!.id, 'user');
    const lapsed = { ...owner, token: (await signIn(app, owner.email, 'password-123')).access_token };
    await expectCode(await upgrade(lapsed, pub.districtId, body), 403, 'PLAN_REQUIRED');
    expect((await purchases(lapsed, pub.districtId)).statusCode).toBe(200);
    expect(await balance(owner)).toBe(PRICE);
  });

  it('a district’s premade spaces serve its Owner and Creators in the editor, not its Guests or anyone else', async () => {
    const premium = listTemplates().filter((t) => t.tier === 'Premium');
    const [pick, bought, other] = [premium[0]!, premium[1]!, premium[2]!];
    const owner = await person('Pia Premade', 'premium-user');
    const creator = await person('Cato Creator', 'premium-user');
    const guest = await person('Gwyn Guest', 'premium-user');
    const outsider = await person('Otis Outsider', 'premium-user');
    const made = await create(owner, { title: 'Premade Row', subdomain: 'premade-row', freeSpaceTemplateId: pick.spaceTemplateId });
    expect(made.statusCode, made.body).toBe(201);
    const { districtId } = made.json() as { districtId: string };
    await db.db.insert(districtMembers).values([
      { districtId, userId: creator.id, role: 'Creator', allocatedSlots: 1 },
      { districtId, userId: guest.id, role: 'Guest' },
    ]);
    await ledger.grant(owner.id, bought.districtPrice, 'bundle');
    expect((await upgrade(owner, districtId, { spaceTemplateIds: [bought.spaceTemplateId], totalCoin: bought.districtPrice })).statusCode).toBe(200);
    const build = async (who: User, tpl: string) => (await call(who, 'POST', '/api/scene/metadata', { title: `On ${tpl}`, spaceTemplateId: tpl })).statusCode;
    for (const who of [owner, creator]) {
      expect(await build(who, pick.spaceTemplateId)).toBe(201);
      expect(await build(who, bought.spaceTemplateId)).toBe(201);
      expect(await build(who, other.spaceTemplateId)).toBe(403);
    }
    for (const who of [guest, outsider]) for (const tpl of [pick, bought]) expect(await build(who, tpl.spaceTemplateId)).toBe(403);
    // The editor's picker learns the same from /api/marketplaceitem/my: usable without Buy for the builders only.
    const usable = async (who: User) => ((await call(who, 'GET', '/api/marketplaceitem/my')).json() as { districtTemplates: string[] }).districtTemplates;
    for (const who of [owner, creator]) expect(await usable(who)).toEqual([pick.spaceTemplateId, bought.spaceTemplateId].sort());
    for (const who of [guest, outsider]) expect(await usable(who)).toEqual([]);
    // A Creator who leaves the district loses them at once.
    await db.db.delete(districtMembers).where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, creator.id)));
    expect(await usable(creator)).toEqual([]);
    expect(await build(creator, bought.spaceTemplateId)).toBe(403);
  });

  it('racing submissions: the same key twice charges once; two keys buying one premade space give one purchase', async () => {
    const owner = await person('Rae Racer', 'premium-user');
    const { districtId } = await district(owner, 'race-upgrade');
    await ledger.grant(owner.id, 2 * PRICE + 2 * A.districtPrice, 'bundle');
    const k = key();
    const same = await Promise.all([0, 1].map(() => upgrade(owner, districtId, { extraSlots: 1, totalCoin: PRICE }, k)));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same[0]!.json()).toEqual(same[1]!.json());
    expect(await balance(owner)).toBe(PRICE + 2 * A.districtPrice);
    const both = await Promise.all([0, 1].map(() => upgrade(owner, districtId, { spaceTemplateIds: [A.spaceTemplateId], totalCoin: A.districtPrice })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(owner)).toBe(PRICE + A.districtPrice);
    expect((await slotsOf(owner, districtId)).length).toBe(5);
  });
});
