import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { msg, type DistrictRequestView, type DistrictView, type SceneCard } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { districtCast, districtSpace } from './support/districtCast.ts';
import { injectAs, type Method, type TestUser as User } from './support/users.ts';

// Issue 16 part A: hosting and promotion requests (spec §2 District page: Spaces → Hosting Requests,
// Promoted, Promotion Requests, Promotion Settings), answered by the district's Owner alone, once.

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const M = msg.districtSpaces;

describe.each(databases)('district hosting and promotion requests on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let owner: User;
  let creator: User;
  let guest: User;
  let outsider: User;
  let rival: User; // Creator of another person's district
  let pub: DistrictView;
  let priv: DistrictView;

  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const ok = async (who: User | null, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };
  const fails = async (who: User | null, method: Method, url: string, status: number, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json().error as { code: string; message: string };
  };
  const space = (by: User, title: string, o: { districtId?: string; draft?: boolean } = {}) => districtSpace(db, by, title, o);
  const notes = async (u: User, type: string) =>
    ((await ok(u, 'GET', '/api/notification/my')).items as { type: string; text: string; payload: Record<string, unknown> }[]).filter((n) => n.type === type);
  const published = async (who: User | null, d: DistrictView) => ((await ok(who, 'GET', `/api/district/${d.districtId}/spaces/published`)) as SceneCard[]).map((s) => s.title);
  const ask = (who: User | null, d: DistrictView, kind: string, sceneId: string) => call(who, 'POST', `/api/district/${d.districtId}/requests/${kind}`, { sceneId });
  const answer = (who: User | null, d: DistrictView, kind: string, requestId: string, decision: string) =>
    call(who, 'POST', `/api/district/${d.districtId}/requests/${kind}/${requestId}/${decision}`);

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ({ owner, creator, guest, outsider, rival, pub, priv } = await districtCast(app, db));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('hosting: an outsider asks, the Owner is told and accepts once; the space shows in the district and carries it', async () => {
    const id = await space(outsider, 'Lantern hall');
    const asked = await ask(outsider, pub, 'hosting', id);
    expect(asked.statusCode, asked.body).toBe(201);
    const req = asked.json() as DistrictRequestView;
    expect(req).toMatchObject({ kind: 'hosting', status: 'pending', sceneId: id, districtId: pub.districtId, requester: { userId: outsider.id, name: 'Oscar Outsider' } });
    expect(req.space?.title).toBe('Lantern hall');
    expect((await notes(owner, 'districtRequest')).map((n) => n.text)).toContain(M.hostingAsked('Oscar Outsider', 'Lantern hall', 'Harbour'));
    // A replay, even by way of a second tab, is a clear 409 and leaves one request.
    expect((await fails(outsider, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 409, { sceneId: id })).message).toBe(M.pending);
    expect(await published(null, pub)).not.toContain('Lantern hall');

    const pending = (await ok(owner, 'GET', `/api/district/${pub.districtId}/requests/hosting`)) as DistrictRequestView[];
    expect(pending.map((r) => r.requestId)).toEqual([req.requestId]);
    expect((await ok(outsider, 'GET', `/api/district/${pub.districtId}/requests/hosting/mine`)).map((r: DistrictRequestView) => r.status)).toEqual(['pending']);

    const accepted = await answer(owner, pub, 'hosting', req.requestId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', decidedAt: expect.any(String) });
    expect(await published(null, pub)).toContain('Lantern hall');
    const told = await notes(outsider, 'districtRequestAnswered');
    expect(told.map((n) => n.text)).toEqual([M.hostingAccepted('Lantern hall', 'Harbour')]);
    expect(told[0]!.payload).toMatchObject({ districtId: pub.districtId, sceneId: id, requestKind: 'hosting', accepted: true });
    // Spec §3: the space now lists the public district among those it is published in; its own slot is elsewhere.
    const meta = await ok(null, 'GET', `/api/publishedscene/metadata/${id}`);
    expect(meta).toMatchObject({ districtId: null, districtSubdomain: null, publishedPublicDistricts: [pub.districtId], publishedPrivateDistricts: [] });
    // Replays and a late refusal change nothing and tell nobody again.
    expect((await fails(owner, 'POST', `/api/district/${pub.districtId}/requests/hosting/${req.requestId}/accept`, 409)).message).toBe(M.answered);
    expect((await answer(owner, pub, 'hosting', req.requestId, 'refuse')).statusCode).toBe(409);
    expect(await notes(outsider, 'districtRequestAnswered')).toHaveLength(1);
    expect((await fails(outsider, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 409, { sceneId: id })).message).toBe(M.alreadyHosted);
    expect((await ok(owner, 'GET', `/api/district/${pub.districtId}/requests/hosting?status=accepted`)).map((r: DistrictRequestView) => r.sceneId)).toContain(id);
  });

  it('a refused request tells the requester, shows nothing, and may be asked again', async () => {
    const id = await space(outsider, 'Moth garden');
    const req = (await ask(outsider, pub, 'hosting', id)).json() as DistrictRequestView;
    expect((await answer(owner, pub, 'hosting', req.requestId, 'refuse')).json()).toMatchObject({ status: 'refused' });
    expect((await notes(outsider, 'districtRequestAnswered')).map((n) => n.text)).toContain(M.hostingRefused('Moth garden', 'Harbour'));
    expect(await published(owner, pub)).not.toContain('Moth garden');
    const again = await ask(outsider, pub, 'hosting', id);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ requestId: req.requestId, status: 'pending', decidedAt: null });
  });

  it('racing accept and refuse: exactly one answer wins, the other is a 409, one notice', async () => {
    const id = await space(outsider, 'Race track');
    const req = (await ask(outsider, pub, 'hosting', id)).json() as DistrictRequestView;
    const before = (await notes(outsider, 'districtRequestAnswered')).length;
    const results = await Promise.all([answer(owner, pub, 'hosting', req.requestId, 'accept'), answer(owner, pub, 'hosting', req.requestId, 'refuse'), answer(owner, pub, 'hosting', req.requestId, 'accept')]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as DistrictRequestView;
    const [stored] = rows<{ status: string }>(await db.db.execute(sql`select status from district_space_requests where id = ${req.requestId}`));
    expect(stored!.status).toBe(winner.status);
    expect((await published(owner, pub)).includes('Race track')).toBe(winner.status === 'accepted');
    expect((await notes(outsider, 'districtRequestAnswered')).length).toBe(before + 1);
  });

  it('only the Owner lists and answers requests: Creator, Guest, another district\'s Creator, outsider, anonymous', async () => {
    const id = await space(outsider, 'Guarded');
    const req = (await ask(outsider, pub, 'hosting', id)).json() as DistrictRequestView;
    for (const kind of ['hosting', 'promotion']) {
      for (const who of [creator, guest, rival, outsider]) {
        expect((await fails(who, 'GET', `/api/district/${pub.districtId}/requests/${kind}`, 403)).code).toBe('FORBIDDEN');
        expect((await answer(who, pub, kind, req.requestId, 'accept')).statusCode).toBe(403);
      }
      await fails(null, 'GET', `/api/district/${pub.districtId}/requests/${kind}`, 401);
      expect((await answer(null, pub, kind, req.requestId, 'accept')).statusCode).toBe(401);
    }
    // A private district's outsiders get the no-access answer before anything else.
    for (const who of [outsider, rival]) expect((await fails(who, 'GET', `/api/district/${priv.districtId}/requests/hosting`, 403)).code).toBe('DISTRICT_ACCESS_DENIED');
    // Another district's id, a wrong kind, a request id of another district: nothing is answered.
    expect((await answer(owner, priv, 'hosting', req.requestId, 'accept')).statusCode).toBe(404);
    expect((await answer(owner, pub, 'promotion', req.requestId, 'accept')).statusCode).toBe(404);
    expect((await answer(owner, pub, 'hosting', crypto.randomUUID(), 'accept')).statusCode).toBe(404);
    expect((await answer(owner, pub, 'hosting', req.requestId, 'maybe')).statusCode).toBe(400);
    expect((await answer(owner, pub, 'hosting', 'not-a-uuid', 'accept')).statusCode).toBe(400);
    const [stored] = rows<{ status: string }>(await db.db.execute(sql`select status from district_space_requests where id = ${req.requestId}`));
    expect(stored!.status).toBe('pending');
  });

  it('asking: only one\'s own published space, into a district one may enter, not the one it already sits in; bad input is a 4xx', async () => {
    const mine = await space(creator, 'Cleo studio');
    const theirs = await space(outsider, 'Oscar den');
    const draft = await space(outsider, 'Oscar draft', { draft: true });
    const inside = await space(creator, 'Harbour pier', { districtId: pub.districtId });
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 403, { sceneId: theirs })).message).toBe(M.notYourSpace);
    // Someone else's draft is as unknown as a missing space.
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 404, { sceneId: draft })).code).toBe('NOT_FOUND');
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 404, { sceneId: crypto.randomUUID() })).code).toBe('NOT_FOUND');
    expect((await fails(outsider, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 409, { sceneId: draft })).message).toBe(M.notPublished);
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 409, { sceneId: inside })).message).toBe(M.alreadyInDistrict);
    expect((await fails(outsider, 'POST', `/api/district/${priv.districtId}/requests/hosting`, 403, { sceneId: theirs })).code).toBe('DISTRICT_ACCESS_DENIED');
    await fails(null, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 401, { sceneId: mine });
    await fails(creator, 'POST', `/api/district/${crypto.randomUUID()}/requests/hosting`, 404, { sceneId: mine });
    for (const body of [{}, { sceneId: 'x' }, { sceneId: mine, extra: 1 }, { sceneId: 42 }, { sceneId: `${mine}\u0000` }, { sceneId: { a: { b: { c: {} } } } }])
      await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/hosting`, 400, body);
    await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/sponsorship`, 400, { sceneId: mine });
    // A Guest of a private district may ask it; the Owner's own request needs no answer.
    expect((await ask(guest, priv, 'hosting', await space(guest, 'Gus nook'))).json()).toMatchObject({ status: 'pending' });
    const own = await space(owner, 'Olga annex');
    expect((await ask(owner, pub, 'hosting', own)).json()).toMatchObject({ status: 'accepted' });
    expect(await published(null, pub)).toContain('Olga annex');
    expect(await notes(owner, 'districtRequestAnswered')).toHaveLength(0);
  });

  it('promotion: a space the district shows, asked by its owner, accepted by the Owner, listed in Promoted; settings close it to others', async () => {
    const pier = await space(creator, 'Promo pier', { districtId: pub.districtId });
    const away = await space(creator, 'Promo away');
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/promotion`, 409, { sceneId: away })).message).toBe(M.notShown);
    const req = (await ask(creator, pub, 'promotion', pier)).json() as DistrictRequestView;
    expect(req.status).toBe('pending');
    expect((await notes(owner, 'districtRequest')).map((n) => n.text)).toContain(M.promotionAsked('Cleo Creator', 'Promo pier', 'Harbour'));
    const promotedUrl = `/api/district/${pub.districtId}/spaces/promoted`;
    expect(await ok(null, 'GET', promotedUrl)).toEqual([]);
    await answer(owner, pub, 'promotion', req.requestId, 'accept');
    expect((await ok(null, 'GET', promotedUrl)).map((s: SceneCard) => s.title)).toEqual(['Promo pier']);
    expect((await notes(creator, 'districtRequestAnswered')).map((n) => n.text)).toContain(M.promotionAccepted('Promo pier', 'Harbour'));
    // A hosted space may be promoted too.
    const hostedId = await space(outsider, 'Promo guest');
    const h = (await ask(outsider, pub, 'hosting', hostedId)).json() as DistrictRequestView;
    await answer(owner, pub, 'hosting', h.requestId, 'accept');
    const p = (await ask(outsider, pub, 'promotion', hostedId)).json() as DistrictRequestView;
    await answer(owner, pub, 'promotion', p.requestId, 'accept');
    expect((await ok(outsider, 'GET', promotedUrl)).map((s: SceneCard) => s.title)).toEqual(['Promo guest', 'Promo pier']);
    // Ending the hosting ends its promotion there; a requester may withdraw, nobody else may touch it.
    await fails(guest, 'DELETE', `/api/district/${pub.districtId}/requests/hosting/${hostedId}`, 404);
    await ok(owner, 'DELETE', `/api/district/${pub.districtId}/requests/hosting/${hostedId}`);
    expect(await published(null, pub)).not.toContain('Promo guest');
    expect((await ok(null, 'GET', promotedUrl)).map((s: SceneCard) => s.title)).toEqual(['Promo pier']);
    expect((await ok(null, 'GET', `/api/publishedscene/metadata/${hostedId}`)).publishedPublicDistricts).toEqual([]);

    // Promotion Settings: visitors read them, the Owner alone changes them.
    const settingsUrl = `/api/district/${pub.districtId}/promotion-settings`;
    expect(await ok(null, 'GET', settingsUrl)).toEqual({ promotionRequestsOpen: true, promotedOnHome: 4 });
    for (const who of [creator, guest, rival, outsider]) await fails(who, 'PATCH', settingsUrl, 403, { promotionRequestsOpen: false });
    await fails(null, 'PATCH', settingsUrl, 401, { promotionRequestsOpen: false });
    for (const body of [{ promotedOnHome: 13 }, { promotedOnHome: -1 }, { promotedOnHome: 1.5 }, { promotionRequestsOpen: 'no' }, { other: true }])
      await fails(owner, 'PATCH', settingsUrl, 400, body);
    expect(await ok(owner, 'PATCH', settingsUrl, { promotionRequestsOpen: false, promotedOnHome: 2 })).toEqual({ promotionRequestsOpen: false, promotedOnHome: 2 });
    const closed = await space(creator, 'Promo closed', { districtId: pub.districtId });
    expect((await fails(creator, 'POST', `/api/district/${pub.districtId}/requests/promotion`, 403, { sceneId: closed })).message).toBe(M.promotionClosed);
    const ownPier = await space(owner, 'Owner pier', { districtId: pub.districtId });
    expect((await ask(owner, pub, 'promotion', ownPier)).json()).toMatchObject({ status: 'accepted' });
    await ok(owner, 'PATCH', settingsUrl, { promotionRequestsOpen: true });
    expect((await fails(rival, 'GET', `/api/district/${priv.districtId}/spaces/promoted`, 403)).code).toBe('DISTRICT_ACCESS_DENIED');
    await fails(guest, 'DELETE', `/api/district/${pub.districtId}/requests/promotion/${ownPier}`, 404);
    await ok(creator, 'DELETE', `/api/district/${pub.districtId}/requests/promotion/${pier}`);
    expect((await ok(null, 'GET', promotedUrl)).map((s: SceneCard) => s.title)).toEqual(['Owner pier']);
  });
});
