import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { msg, type DistrictView } from '@atrium/shared';
import { DISTRICT_SLOT_MSG, DISTRICT_SUBMISSION, type DistrictSlotView } from '@atrium/shared/districts/submission';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { MarketplaceService } from '../src/modules/marketplace/service.ts';
import { districtMembers } from '../src/db/schema/index.ts';

// The setup wizard's paid submission (spec §4 Submission, §5) and district slots (spec §3 Slot
// districtSlot, §6 "a district slot comes from the owner"), through the API on both databases.

const TEMPLATE = listTemplates()[0]!.spaceTemplateId;
const TAGS = ['district', 'gallery', 'harbor'];
const PRICE = DISTRICT_SUBMISSION.slotPriceCoin;

describe.each(databases)('district submission and district slots on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ledger: MarketplaceService;
  let n = 0;
  const call = (who: User | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    injectAs(app, who, method, url, payload, headers);
  const person = (name: string, role?: 'premium-user' | 'pro-user') => signUpUser(app, db, `p${++n}@example.com`, name, role);
  const submit = (who: User | null, body: Record<string, unknown>, key: string | null = `key-${crypto.randomUUID()}`) =>
    call(who, 'POST', '/api/districts/submission', { freeSpaceTemplateId: TEMPLATE, totalCoin: 0, ...body }, key ? { 'idempotency-key': key } : {});
  const balance = async (who: User) => (await call(who, 'GET', '/api/wallet')).json().availableBalance as number;
  const available = async (sub: string) => (await call(null, 'GET', `/api/district/available/${sub}`)).statusCode;
  const draft = async (who: User, title: string) => {
    const res = await call(who, 'POST', '/api/scene/metadata', { title, tags: TAGS });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().sceneId as string;
  };
  const publish = (who: User, sceneId: string, slotId: string) => call(who, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId });
  const slotsOf = async (who: User, districtId: string) => {
    const res = await call(who, 'GET', `/api/district/${districtId}/slots`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DistrictSlotView[];
  };
  const usable = async (who: User) => (await call(who, 'GET', '/api/slot/district')).json() as DistrictSlotView[];
  const member = (districtId: string, userId: string, role: 'Creator' | 'Guest', allocatedSlots = 0) =>
    db.db.insert(districtMembers).values({ districtId, userId, role, allocatedSlots });
  /** A Pro owner's new district with `extra` bought slots (credits granted first). */
  const district = async (owner: User, subdomain: string, extra = 0, isPublic = true) => {
    if (extra) await ledger.grant(owner.id, extra * PRICE, 'test');
    const res = await submit(owner, { title: `District ${subdomain}`, subdomain, extraSlots: extra, totalCoin: extra * PRICE, public: isPublic });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { districtId: string; subdomain: string; slots: number; paidCoin: number; url: string };
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

  it('creates the district with its theme and 4 + bought slots, paid from credits in one go', async () => {
    const owner = await person('Paula Pro', 'premium-user');
    await ledger.grant(owner.id, 600, 'bundle');
    const body = { title: 'Harbor Lights', subdomain: 'Harbor', public: true, styles: { themeColor: '#aa3300', fontFamily: 'Lora' }, extraSlots: 1, totalCoin: 600 };
    const key = 'wizard-submit-1';
    const res = await submit(owner, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json();
    expect(out).toMatchObject({ subdomain: 'harbor', slots: DISTRICT_SUBMISSION.includedSlots + 1, paidCoin: 600 });
    expect(out.url).toMatch(/^http:\/\/harbor\./);
    expect(await balance(owner)).toBe(0);
    const d = (await call(null, 'GET', `/api/district/${out.districtId}`)).json() as DistrictView;
    expect(d).toMatchObject({ title: 'Harbor Lights', styles: { themeColor: '#aa3300', fontFamily: 'Lora' }, public: true });
    const slots = await slotsOf(owner, out.districtId);
    expect(slots.map((s) => s.origin)).toEqual(['included', 'included', 'included', 'included', 'purchased']);
    expect(slots.at(-1)!.priceCoin).toBe(600);
    // The same key again answers the first result and charges nothing; a different body under it is refused.
    await ledger.grant(owner.id, 600, 'more');
    const replay = await submit(owner, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().districtId).toBe(out.districtId);
    expect(await balance(owner)).toBe(600);
    expect((await submit(owner, { ...body, subdomain: 'harbor-two' }, key)).statusCode).toBe(409);
    // District slots are the district's: never among the owner's personal slots.
    expect((await call(owner, 'GET', '/api/slot/my')).json().every((s: { districtId: string | null }) => s.districtId === null)).toBe(true);
    expect((await call(owner, 'GET', `/api/slot/${slots[0]!.slotId}`)).statusCode).toBe(404);
  });

  it('refuses without Pro, with a wrong total, short of credits or on a taken name, leaving nothing behind', async () => {
    const standard = await person('Stan Standard', 'pro-user');
    const pro = await person('Pru Pro', 'premium-user');
    expect((await submit(null, { title: 'Nope', subdomain: 'nope-anon' })).statusCode).toBe(401);
    const notPro = await submit(standard, { title: 'Not Pro', subdomain: 'not-pro' });
    expect(notPro.statusCode).toBe(403);
    expect(notPro.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: msg.districts.proRequired });
    expect(await available('not-pro')).toBe(200);
    expect((await submit(pro, { title: 'No key', subdomain: 'no-key' }, null)).statusCode).toBe(400);
    const wrongTotal = await submit(pro, { title: 'Cheap', subdomain: 'cheap', extraSlots: 2, totalCoin: 600 });
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json().error.message).toBe(msg.marketplace.totalMismatch);
    // 1,199 credits for two added slots (1,200): the spec's message, no district, nothing charged.
    await ledger.grant(pro.id, 2 * PRICE - 1, 'test');
    const short = await submit(pro, { title: 'Short', subdomain: 'short', extraSlots: 2, totalCoin: 2 * PRICE });
    expect(short.statusCode).toBe(402);
    expect(short.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: msg.marketplace.insufficientCredits });
    expect(await available('short')).toBe(200);
    expect(await balance(pro)).toBe(2 * PRICE - 1);
    const noFree = await submit(pro, { title: 'No premade', subdomain: 'no-premade', freeSpaceTemplateId: '' });
    expect(noFree.statusCode).toBe(400);
    expect(noFree.json().error.message).toContain(msg.districts.selectFreeSpace);
    expect((await submit(pro, { title: 'Bad premade', subdomain: 'bad-premade', freeSpaceTemplateId: 'no-such-template' })).statusCode).toBe(400);
    expect((await submit(pro, { title: 'Reserved', subdomain: 'www' })).json().error.message).toContain(msg.districts.subdomainReserved('www'));
    // A taken name (any letter case) charges nothing.
    await district(await person('First Pro', 'premium-user'), 'taken-name');
    const taken = await submit(pro, { title: 'Taken', subdomain: 'Taken-Name', extraSlots: 1, totalCoin: PRICE });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(msg.districts.subdomainTaken);
    expect(await balance(pro)).toBe(2 * PRICE - 1);
  });

  it('two people submitting one name at once: one district, one charge', async () => {
    const [a, b] = await Promise.all([person('Racer A', 'premium-user'), person('Racer B', 'premium-user')]);
    await Promise.all([ledger.grant(a.id, PRICE, 't'), ledger.grant(b.id, PRICE, 't')]);
    const body = { title: 'Raced', subdomain: 'raced', extraSlots: 1, totalCoin: PRICE };
    const codes = (await Promise.all([submit(a, body), submit(b, body)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect((await balance(a)) + (await balance(b))).toBe(PRICE);
  });

  it('lets the Owner publish into any empty slot and a Creator only within their allocation', async () => {
    const owner = await person('Olive Owner', 'premium-user');
    const creator = await person('Cleo Creator');
    const guest = await person('Gus Guest');
    const stranger = await person('Stella Stranger', 'premium-user');
    const d = await district(owner, 'slot-rules', 1);
    await district(stranger, 'stranger-land');
    await member(d.districtId, creator.id, 'Creator');
    await member(d.districtId, guest.id, 'Guest');
    const [s1, s2, s3] = (await slotsOf(owner, d.districtId)).map((s) => s.slotId) as [string, string, string];

    // Without an allocation a Creator sees no usable slot and is refused.
    expect(await usable(creator)).toEqual([]);
    const work = await draft(creator, 'Creator work');
    const refused = await publish(creator, work, s1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(DISTRICT_SLOT_MSG.notAllocated);
    // The Owner allocates one slot (Members → allocated spaces): now one space, not two.
    expect((await call(owner, 'PATCH', `/api/district/${d.districtId}/member/${creator.id}`, { allocatedSlots: 1 })).statusCode).toBe(200);
    expect((await usable(creator)).map((s) => s.districtSubdomain)).toEqual(Array(5).fill('slot-rules'));
    const ok = await publish(creator, work, s1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await usable(creator)).toEqual([]);
    expect((await publish(creator, await draft(creator, 'Second work'), s2)).json().error.message).toBe(DISTRICT_SLOT_MSG.notAllocated);
    // Republishing the space in its own slot is fine; another's space in a taken slot is not.
    expect((await publish(creator, work, s1)).statusCode).toBe(200);
    expect((await publish(owner, await draft(owner, 'Owner work'), s1)).statusCode).toBe(409);
    const listed = (await slotsOf(creator, d.districtId)).find((s) => s.slotId === s1)!;
    expect(listed).toMatchObject({ sceneId: work, sceneTitle: 'Creator work', publisherId: creator.id });
    // The Owner needs no allocation.
    expect((await publish(owner, await draft(owner, 'Owner one'), s2)).statusCode).toBe(200);
    expect((await publish(owner, await draft(owner, 'Owner two'), s3)).statusCode).toBe(200);
    // A Guest may not; a stranger (a Creator of nothing here, Owner elsewhere) does not even find the slot.
    const asGuest = await publish(guest, await draft(guest, 'Guest work'), s2);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().error.message).toBe(DISTRICT_SLOT_MSG.membersOnly);
    expect((await publish(stranger, await draft(stranger, 'Stranger work'), s2)).statusCode).toBe(404);
    // Unpublishing frees the Creator's allocation again.
    expect((await call(creator, 'POST', `/api/sceneactions/${work}/unpublish`)).statusCode).toBe(200);
    expect((await usable(creator)).length).toBe(3);
  });

  it('lists a district’s slots to its Owner and Creators only', async () => {
    const owner = await person('Lia Lister', 'premium-user');
    const guest = await person('Gil Guest');
    const outsider = await person('Otto Outsider');
    const pub = await district(owner, 'listed-slots');
    const priv = await district(owner, 'hidden-slots', 0, false);
    await member(pub.districtId, guest.id, 'Guest');
    expect((await call(null, 'GET', `/api/district/${pub.districtId}/slots`)).statusCode).toBe(401);
    expect((await call(guest, 'GET', `/api/district/${pub.districtId}/slots`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/district/${pub.districtId}/slots`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/district/${priv.districtId}/slots`)).json().error.code).toBe('DISTRICT_ACCESS_DENIED');
    expect((await slotsOf(owner, priv.districtId)).length).toBe(DISTRICT_SUBMISSION.includedSlots);
    expect((await call(null, 'GET', '/api/district/items')).json()).toEqual([
      { districtItemId: 'district-slot', type: 'slot', priceCoin: PRICE, included: DISTRICT_SUBMISSION.includedSlots },
    ]);
  });

  it('a Creator with one allocated slot publishing two spaces at once gets one in', async () => {
    const owner = await person('Rae Racer', 'premium-user');
    const creator = await person('Cy Concurrent');
    const d = await district(owner, 'race-slots');
    await member(d.districtId, creator.id, 'Creator', 1);
    const [s1, s2] = (await slotsOf(owner, d.districtId)).map((s) => s.slotId) as [string, string];
    const [a, b] = await Promise.all([draft(creator, 'Race A'), draft(creator, 'Race B')]);
    const codes = (await Promise.all([publish(creator, a, s1), publish(creator, b, s2)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403]);
  });
});
