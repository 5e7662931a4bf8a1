import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { listTemplates } from '@atrium/assets';
import { emptySceneDocument, msg, SUBSCRIPTIONS, type DistrictView } from '@atrium/shared';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { SlotsRepo } from '../src/modules/slots/repo.ts';
import { SubscriptionsRepo } from '../src/modules/subscriptions/repo.ts';
import { SubscriptionsService } from '../src/modules/subscriptions/service.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';

// Issue 16 part A: a district's slots live while its Owner is Pro. When the plan lapses (or drops to
// Standard) they stop after the same grace as the plan's own slots (SUBSCRIPTIONS.lapsedSlotGraceDays),
// then the spaces in them are unpublished and their owners told; the district, its members and
// settings stay, and Pro again makes the slots usable (the spaces stay drafts until republished).

const TEMPLATE = listTemplates()[0]!.spaceTemplateId;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const DAY = 86_400_000;

describe.each(databases)('district slots when the Owner\'s Pro plan lapses on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let owner: User;
  let creator: User;
  let district: DistrictView;
  let subs: SubscriptionsService;
  let appNow = new Date();

  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const ok = async (who: User | null, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };
  /** Moves the app's clock and runs its renewals and slot expiry once, as their jobs would. */
  const advance = async (days: number) => {
    const r = await ok(null, 'POST', '/api/test/clock', { advanceDays: days });
    appNow = new Date(r.now);
    return r as { expired: number; slotsExpired: number };
  };
  const draft = async (by: User, title: string) =>
    (await new ScenesRepo(db.db).insert({ title, ownerId: by.id, creatorId: by.id, state: 'Draft', tags: ['harbour', 'pier', 'sea'], content: emptySceneDocument() as object })).id;
  const publish = (by: User, sceneId: string, slotId: string) => call(by, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId });
  const slotIds = async () =>
    rows<{ id: string }>(await db.db.execute(sql`select id from slots where district_id = ${district.districtId} order by created_at, id`)).map((r) => r.id);
  const state = async (sceneId: string) => rows<{ state: string }>(await db.db.execute(sql`select state from scenes where id = ${sceneId}`))[0]!.state;
  const usable = async (who: User) => ((await ok(who, 'GET', '/api/slot/district')) as { slotId: string }[]).map((s) => s.slotId);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { TEST_CLOCK: 'true' }));
    await advance(0);
    // The operator's way to give a plan, on the app's own time line.
    subs = new SubscriptionsService({ db: db.db, repo: new SubscriptionsRepo(db.db), slots: new SlotsRepo(db.db), clock: { now: () => appNow }, publish: () => {} });
    owner = await signUpUser(app, db, 'owner@example.com', 'Olga Owner');
    creator = await signUpUser(app, db, 'creator@example.com', 'Cleo Creator');
    await subs.setByOperator(owner.id, 'premium-user');
    district = await ok(owner, 'POST', '/api/districts', { title: 'Harbour', subdomain: 'harbour', public: true, freeSpaceTemplateId: TEMPLATE });
    for (let i = 0; i < 3; i++)
      await db.db.execute(sql`insert into slots (id, owner_id, kind, district_id, created_at) values (gen_random_uuid(), ${owner.id}, 'district', ${district.districtId}, now() + ${`${i} seconds`}::interval)`);
    await db.db.execute(sql`insert into district_members (district_id, user_id, role, allocated_slots) values (${district.districtId}, ${creator.id}, 'Creator', 1)`);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('a canceled Pro plan runs out, the grace passes, the spaces are unpublished and their owners told; Pro again revives the slots', async () => {
    const [a, b, c] = (await slotIds()) as [string, string, string];
    const mine = await draft(creator, 'Cleo pier');
    const theirs = await draft(owner, 'Olga tower');
    expect((await publish(creator, mine, a)).statusCode).toBe(200);
    expect((await publish(owner, theirs, b)).statusCode).toBe(200);
    await ok(owner, 'POST', '/api/stripe/cancel/subscription');

    // The paid year ends: the plan lapses, the district slots get the plans' grace, nothing is unpublished yet.
    const lapsed = await advance(366);
    expect(lapsed.expired).toBe(1);
    expect(lapsed.slotsExpired).toBe(0);
    const [row] = rows<{ expires_at: Date | string }>(await db.db.execute(sql`select expires_at from slots where id = ${a}`));
    const until = new Date(row!.expires_at).getTime();
    expect(until).toBeGreaterThan(appNow.getTime());
    expect(until - appNow.getTime()).toBeLessThanOrEqual(SUBSCRIPTIONS.lapsedSlotGraceDays * DAY);
    expect([await state(mine), await state(theirs)]).toEqual(['Published', 'Published']);
    expect((await ok(null, 'GET', `/api/publishedscene/metadata/${mine}`)).districtId).toBe(district.districtId);
    // During the grace the Owner may still place a space (the same rule as the plan's own slots).
    expect(await usable(owner)).toEqual([c]);

    // The grace ends: both spaces are unpublished, each owner is told once, the district stays.
    const expired = await advance(SUBSCRIPTIONS.lapsedSlotGraceDays);
    expect(expired.slotsExpired).toBe(2);
    expect([await state(mine), await state(theirs)]).toEqual(['Draft', 'Draft']);
    const told = async (u: User) =>
      ((await ok(u, 'GET', '/api/notification/my')).items as { type: string; text: string }[]).filter((n) => n.type === 'districtSlotLapsed').map((n) => n.text);
    expect(await told(creator)).toEqual([msg.districtSpaces.slotLapsed('Cleo pier', 'Harbour')]);
    expect(await told(owner)).toEqual([msg.districtSpaces.slotLapsed('Olga tower', 'Harbour')]);
    expect((await advance(0)).slotsExpired).toBe(0);
    expect(await told(creator)).toHaveLength(1);
    expect((await ok(null, 'GET', `/api/district/${district.districtId}`)).title).toBe('Harbour');
    expect((await ok(null, 'GET', `/api/district/${district.districtId}/spaces/published`)) as unknown[]).toEqual([]);

    // No slot of the district takes a space now, whoever asks.
    expect(await usable(owner)).toEqual([]);
    expect(await usable(creator)).toEqual([]);
    for (const [who, id, slot] of [[creator, mine, a], [owner, theirs, c]] as const) {
      const res = await publish(who, id, slot);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'NO_AVAILABLE_SLOT', message: msg.publishing.slotExpired });
    }
    // An outsider still learns nothing about the slot.
    const stranger = await signUpUser(app, db, 'stranger@example.com', 'Sam Stranger');
    expect((await publish(stranger, await draft(stranger, 'Sam hut'), a)).statusCode).toBe(404);

    // Pro again: the slots are the district's again; the spaces stay drafts until republished.
    await subs.setByOperator(owner.id, 'premium-user');
    expect((await usable(owner)).sort()).toEqual([a, b, c].sort());
    expect(await state(mine)).toBe('Draft');
    expect((await publish(creator, mine, a)).statusCode).toBe(200);
    expect((await advance(SUBSCRIPTIONS.lapsedSlotGraceDays + 1)).slotsExpired).toBe(0);
    expect(await state(mine)).toBe('Published');
  });

  it('dropping from Pro to Standard starts the same grace for the district slots; back to Pro ends it', async () => {
    await subs.setByOperator(owner.id, 'pro-user');
    const ends = rows<{ expires_at: Date | string | null }>(await db.db.execute(sql`select expires_at from slots where district_id = ${district.districtId}`));
    expect(ends.every((r) => r.expires_at !== null && new Date(r.expires_at).getTime() === appNow.getTime() + SUBSCRIPTIONS.lapsedSlotGraceDays * DAY)).toBe(true);
    // The plan's own slots are not touched by the district's rule.
    await subs.setByOperator(owner.id, 'premium-user');
    const back = rows<{ expires_at: unknown }>(await db.db.execute(sql`select expires_at from slots where district_id = ${district.districtId}`));
    expect(back.every((r) => r.expires_at === null)).toBe(true);
  });
});
