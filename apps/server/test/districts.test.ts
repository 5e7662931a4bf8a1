import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE, DISTRICT_LIMITS, msg, type DistrictInvitation, type DistrictView } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp, type RecordingMailer } from './support/app.ts';
import { multipart } from './support/assetFixtures.ts';
import { CookieJar, signIn } from './support/identity.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';

const TEMPLATE = listTemplates()[0]!.spaceTemplateId;

describe.each(databases)('districts on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let owner: User; // Pro
  let rival: User; // Pro, owns another district
  let standard: User;
  let free: User;
  let invitee: User;
  let outsider: User;

  const call = (who: User | null, method: Method, url: string, payload?: object, headers?: Record<string, string>) =>
    injectAs(app, who, method, url, payload, headers);
  const create = (who: User | null, fields: Record<string, unknown>) => call(who, 'POST', '/api/districts', { freeSpaceTemplateId: TEMPLATE, ...fields });
  const created = async (who: User, fields: Record<string, unknown>) => {
    const res = await create(who, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DistrictView;
  };
  let pros = 0;
  /** Another Pro account, so each test stays under the per-owner district cap. */
  const pro = (name: string) => signUpUser(app, db, `pro${++pros}@example.com`, name, 'premium-user');
  /** The invitation link the mailer sent last, as { id, code }. */
  const lastLink = () => {
    const text = mailer.sent.at(-1)!.text;
    const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
    return { url, id: url.pathname.split('/').at(-1)!, code: url.searchParams.get('invitation_code')! };
  };

  beforeAll(async () => {
    db = await open();
    // More people sign up here than the per-address hourly sign-up limit allows (tested on its own).
    ({ app, mailer } = await makeTestApp(db, {}, { TEST_CLOCK: 'true', SIGNUP_RATE_LIMIT_MAX: '100' }));
    owner = await signUpUser(app, db, 'owner@example.com', 'Olga Owner', 'premium-user');
    rival = await signUpUser(app, db, 'rival@example.com', 'Rita Rival', 'premium-user');
    standard = await signUpUser(app, db, 'standard@example.com', 'Sam Standard', 'pro-user');
    free = await signUpUser(app, db, 'free@example.com', 'Fred Free');
    invitee = await signUpUser(app, db, 'invitee@example.com', 'Ivy Invitee');
    outsider = await signUpUser(app, db, 'outsider@example.com', 'Oscar Outsider');
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('checks subdomains: free, invalid, over-long, reserved, punycode, look-alikes and taken in any case', async () => {
    const avail = (s: string) => call(null, 'GET', `/api/district/available/${encodeURIComponent(s)}`);
    expect((await avail('acme')).json()).toEqual({ subdomain: 'acme', available: true });
    expect((await avail('Acme-2')).json()).toEqual({ subdomain: 'acme-2', available: true });
    for (const [value, message] of [
      ['www', msg.districts.subdomainReserved('www')],
      ['API', msg.districts.subdomainReserved('api')],
      ['Auth', msg.districts.subdomainReserved('auth')],
      ['xn--80ak6aa92e', msg.districts.subdomainReserved('xn--80ak6aa92e')],
      ['ab--cd', msg.districts.subdomainReserved('ab--cd')],
      ['bad_name', msg.districts.subdomainFormat],
      ['-acme', msg.districts.subdomainFormat],
      ['acme-', msg.districts.subdomainFormat],
      ['a b', msg.districts.subdomainFormat],
      ['a.b', msg.districts.subdomainFormat],
      ['аcme', msg.districts.subdomainFormat], // Cyrillic а
      ['\u212Acme', msg.districts.subdomainFormat], // Kelvin sign, which lower-cases to an ASCII k
      ['a', msg.minChars(DISTRICT_LIMITS.subdomainMin)],
      ['a'.repeat(DISTRICT_LIMITS.subdomainMax + 1), msg.maxChars(DISTRICT_LIMITS.subdomainMax)],
    ] as const) {
      const res = await avail(value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.message, value).toBe(message);
    }

    await created(owner, { title: 'Acme Town', subdomain: 'acme' });
    for (const s of ['acme', 'ACME', 'AcMe']) {
      const res = await avail(s);
      expect(res.statusCode, s).toBe(409);
      expect(res.json().error.message).toBe(msg.districts.subdomainTaken);
    }
    // Creating under another case of a taken name is refused the same way.
    const dup = await create(rival, { title: 'Acme Again', subdomain: 'ACME' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'SUBDOMAIN_TAKEN', message: msg.districts.subdomainTaken });
    const reserved = await create(rival, { title: 'Www', subdomain: 'www' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.details.fieldErrors.subdomain).toEqual([msg.districts.subdomainReserved('www')]);
  });

  it('creates districts from the multipart form for Pro only; the form is validated', async () => {
    const form = multipart({ title: 'Rival Realm', subdomain: 'Rival', public: 'true', visible: 'true', freeSpaceTemplateId: TEMPLATE });
    const res = await app.inject({ method: 'POST', url: '/api/districts', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${rival.token}` } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Rival Realm', subdomain: 'rival', public: true, districtUserRole: 'Owner', url: 'http://rival.localhost:3000/', memberCount: 1 });

    for (const who of [standard, free]) {
      const refused = await create(who, { title: 'Mine', subdomain: `mine-${who.name.length}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: msg.districts.proRequired });
    }
    expect((await create(null, { title: 'Anon', subdomain: 'anon' })).statusCode).toBe(401);

    const noTemplate = await call(owner, 'POST', '/api/districts', { title: 'No pick', subdomain: 'nopick' });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().error.details.fieldErrors.freeSpaceTemplateId).toEqual([msg.districts.selectFreeSpace]);
    const badTemplate = await create(owner, { title: 'Bad pick', subdomain: 'badpick', freeSpaceTemplateId: 'nope' });
    expect(badTemplate.json().error.message).toBe(msg.districts.unknownTemplate);
    const shortTitle = await create(owner, { title: 'A', subdomain: 'short' });
    expect(shortTitle.statusCode).toBe(400);
    expect(shortTitle.json().error.details.fieldErrors.title).toEqual([msg.minChars(DISTRICT_LIMITS.titleMin)]);
    const emptyTitle = await create(owner, { title: '  ', subdomain: 'empty' });
    expect(emptyTitle.json().error.details.fieldErrors.title).toEqual([msg.required]);
    const file = multipart({ title: 'With file', subdomain: 'withfile', freeSpaceTemplateId: TEMPLATE }, [{ name: 'x.png', data: Buffer.from('x') }]);
    const withFile = await app.inject({ method: 'POST', url: '/api/districts', payload: file.payload, headers: { ...file.headers, authorization: `Bearer ${owner.token}` } });
    expect(withFile.statusCode).toBe(400);
  });

  it('caps districts per owner so one account cannot squat names', async () => {
    const squatter = await pro('Sid Squatter');
    for (let i = 0; i < DISTRICT_LIMITS.perOwner; i++) await created(squatter, { title: `Squat ${i}`, subdomain: `squat-${i}` });
    const over = await create(squatter, { title: 'One more', subdomain: 'squat-more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(msg.districts.tooMany(DISTRICT_LIMITS.perOwner));
    expect((await call(squatter, 'GET', '/api/district/my')).json()).toHaveLength(DISTRICT_LIMITS.perOwner);
  });

  it('lets exactly one of two racing creations of one subdomain win; the other is a 409', async () => {
    const [a, b] = await Promise.all([create(owner, { title: 'Race One', subdomain: 'race' }), create(rival, { title: 'Race Two', subdomain: 'RACE' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.message).toBe(msg.districts.subdomainTaken);
  });

  it('shows a public district to everyone and a private one only to members ("Hold Up, Explorer")', async () => {
    const open = await created(owner, { title: 'Open Park', subdomain: 'openpark' });
    const closed = await created(owner, { title: 'Closed Club', subdomain: 'closedclub', public: false });
    const anon = await call(null, 'GET', `/api/district/${open.districtId}`);
    expect(anon.json()).toMatchObject({ title: 'Open Park', districtUserRole: null });
    for (const who of [null, outsider, rival]) {
      for (const url of [`/api/district/${closed.districtId}`, `/api/district/districtAccess/${closed.districtId}`, '/api/district/districtAccess/closedclub', '/api/district/info?subdomain=closedclub']) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, `${who?.name} ${url}`).toBe(403);
        expect(res.json().error).toEqual({ code: 'DISTRICT_ACCESS_DENIED', message: msg.districts.noAccessText });
      }
    }
    expect((await call(owner, 'GET', '/api/district/districtAccess/ClosedClub')).json()).toEqual({
      districtId: closed.districtId,
      subdomain: 'closedclub',
      districtUserRole: 'Owner',
    });
    // The host names the district: {sub}.localhost:3000 under PUBLIC_URL http://localhost:3000.
    const byHost = await call(null, 'GET', '/api/district/info', undefined, { host: 'openpark.localhost:3000' });
    expect(byHost.json()).toMatchObject({ districtId: open.districtId });
    const unknown = await call(null, 'GET', '/api/district/info', undefined, { host: 'nowhere.localhost:3000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(msg.districts.noSuchDistrict('nowhere'));
    expect((await call(null, 'GET', '/api/district/info')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/district/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/district/not-an-id')).statusCode).toBe(400);

    // Public → private closes it to outsiders at once; back to public opens it again.
    expect((await call(owner, 'PATCH', `/api/district/${open.districtId}`, { public: false })).json().public).toBe(false);
    expect((await call(outsider, 'GET', `/api/district/${open.districtId}`)).statusCode).toBe(403);
    await call(owner, 'PATCH', `/api/district/${open.districtId}`, { public: true });
    expect((await call(outsider, 'GET', `/api/district/${open.districtId}`)).statusCode).toBe(200);
  });

  it('Settings → General: the Owner moves the district to a new subdomain under the §5 rules; a taken one, in any case or by a race, is a 409', async () => {
    const mover = await pro('Milo Mover');
    const d = await created(mover, { title: 'Moving Day', subdomain: 'moving-day' });
    const info = (who: User | null, host: string) => call(who, 'GET', '/api/district/info', undefined, { host: `${host}.localhost:3000` });

    const moved = await call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'Moved-Here' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ districtId: d.districtId, subdomain: 'moved-here', url: 'http://moved-here.localhost:3000/' });
    // The new host names it at once; the old name is nobody's and free to claim again.
    expect((await info(null, 'moved-here')).json()).toMatchObject({ districtId: d.districtId, title: 'Moving Day' });
    expect((await info(null, 'moving-day')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/district/available/moving-day')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/district/available/moved-here')).statusCode).toBe(409);
    // Renaming to its own name, in another case, changes nothing.
    expect((await call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'MOVED-HERE' })).json().subdomain).toBe('moved-here');

    // Another district's name, in any letter case: the §5 409 on the subdomain field, and nothing changes (title included).
    await created(rival, { title: 'Held Name', subdomain: 'held-name' });
    for (const subdomain of ['held-name', 'Held-Name']) {
      const taken = await call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain, title: 'Changed Too' });
      expect(taken.statusCode, subdomain).toBe(409);
      expect(taken.json().error).toMatchObject({
        code: 'SUBDOMAIN_TAKEN',
        message: msg.districts.subdomainTaken,
        details: { fieldErrors: { subdomain: [msg.districts.subdomainTaken] } },
      });
    }
    // Invalid, reserved, Punycode and over-long names: the §5 messages.
    for (const [subdomain, message] of [
      ['www', msg.districts.subdomainReserved('www')],
      ['xn--80ak6aa92e', msg.districts.subdomainReserved('xn--80ak6aa92e')],
      ['-edge', msg.districts.subdomainFormat],
      ['two words', msg.districts.subdomainFormat],
      ['a'.repeat(DISTRICT_LIMITS.subdomainMax + 1), msg.maxChars(DISTRICT_LIMITS.subdomainMax)],
    ] as const) {
      const bad = await call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain });
      expect(bad.statusCode, subdomain).toBe(400);
      expect(bad.json().error.message, subdomain).toContain(message);
    }
    expect((await call(null, 'GET', `/api/district/${d.districtId}`)).json()).toMatchObject({ subdomain: 'moved-here', title: 'Moving Day' });

    // Only the Owner renames: a Creator, outsiders and anonymous are refused and the name stays.
    await call(mover, 'POST', `/api/district/${d.districtId}/invite`, { email: 'invitee@example.com', role: 'Creator' });
    const link = lastLink();
    expect(link.url.host).toBe('moved-here.localhost:3000');
    expect((await call(invitee, 'POST', `/api/district/invitation/${link.id}/accept?invitation_code=${link.code}`)).statusCode).toBe(200);
    expect((await call(invitee, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'creator-took-it' })).json().error.code).toBe('FORBIDDEN');
    expect((await call(outsider, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'outsider-took-it' })).statusCode).toBe(403);
    expect((await call(null, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'anon-took-it' })).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/district/${d.districtId}`)).json().subdomain).toBe('moved-here');

    // Two districts racing for one new name: one wins, the other is a 409 and keeps its own.
    const other = await created(mover, { title: 'Second Home', subdomain: 'second-home' });
    const [a, b] = await Promise.all([
      call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'contested' }),
      call(mover, 'PATCH', `/api/district/${other.districtId}`, { subdomain: 'CONTESTED' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? d : other;
    expect((await call(null, 'GET', `/api/district/${loser.districtId}`)).json().subdomain).toBe(loser === d ? 'moved-here' : 'second-home');

    // The invitation mailed while it was moved-here.localhost: its link on that host is sent on to
    // where the district lives now; other pages there and unknown invitations get the 404 page.
    await call(mover, 'PATCH', `/api/district/${d.districtId}`, { subdomain: 'moved-again' });
    const page = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host: `${host}.localhost:3000` } });
    const mailed = `${link.url.pathname}${link.url.search}`;
    const sent = await page('moved-here', mailed);
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`http://moved-again.localhost:3000${mailed}`);
    expect((await page('moved-here', '/members/all')).statusCode).toBe(404);
    expect((await page('moved-here', '/invitation/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await page('moved-here', '/invitation/not-an-id')).statusCode).toBe(404);
  });

  it('lists public, listed, unhidden districts in Explore with a title search', async () => {
    const harbourOwner = await pro('Hal Harbour');
    const shown = await created(harbourOwner, { title: 'Harbour Lights', subdomain: 'harbour' });
    const hidden = await created(harbourOwner, { title: 'Harbour Hidden', subdomain: 'harbour-hidden', visible: false });
    const unlisted = await created(harbourOwner, { title: 'Harbour Unlisted', subdomain: 'harbour-unlisted' });
    await call(harbourOwner, 'PATCH', `/api/district/${unlisted.districtId}`, { listed: false });
    const priv = await created(harbourOwner, { title: 'Harbour Private', subdomain: 'harbour-private', public: false });
    const res = await call(null, 'GET', '/api/district/search?title=harbour');
    expect(res.json().map((d: DistrictView) => d.districtId)).toEqual([shown.districtId]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(hidden.hidden).toBe(true);
    expect(priv.public).toBe(false);
    expect((await call(null, 'GET', '/api/district/search?title=%25')).json()).toEqual([]);
  });

  it('searches Explore by word prefixes of the title and subdomain, in any order and letter case', async () => {
    const owner = await pro('Wren Words');
    const lights = await created(owner, { title: 'Lantern Market Lights', subdomain: 'night-bazaar' });
    await created(owner, { title: 'Lantern Garden', subdomain: 'lantern-garden' });
    const found = async (title: string) =>
      (await call(null, 'GET', `/api/district/search?title=${encodeURIComponent(title)}&sort=title`)).json().map((d: DistrictView) => d.title);
    expect(await found('lant')).toEqual(['Lantern Garden', 'Lantern Market Lights']);
    expect(await found('LIGHTS lant')).toEqual(['Lantern Market Lights']);
    expect(await found('bazaar')).toEqual(['Lantern Market Lights']);
    expect(await found('lantern garden')).toEqual(['Lantern Garden']);
    // Words, not fragments inside them; punctuation and tsquery syntax are only separators.
    expect(await found('antern')).toEqual([]);
    expect(await found("lant:* | !'x")).toEqual([]);
    expect(await found('lant & (market')).toEqual(['Lantern Market Lights']);
    expect(await found('!!!')).toEqual([]);
    const res = await call(null, 'GET', `/api/district/search?title=market`);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()[0].districtId).toBe(lights.districtId);
  });

  it('lets only the owner manage members and invitations (non-member, Guest, other Creator, anonymous refused)', async () => {
    const manager = await pro('Mona Manager');
    const d = await created(manager, { title: 'Managed Place', subdomain: 'managed', public: false });
    const other = await created(rival, { title: 'Other Place', subdomain: 'otherplace' });
    // A Guest of this district and a Creator of the other one.
    await call(manager, 'POST', `/api/district/${d.districtId}/invite`, { email: 'outsider@example.com', role: 'Guest' });
    const guestLink = lastLink();
    expect((await call(outsider, 'POST', `/api/district/invitation/${guestLink.id}/accept?invitation_code=${guestLink.code}`)).statusCode).toBe(200);
    await call(rival, 'POST', `/api/district/${other.districtId}/invite`, { email: 'standard@example.com', role: 'Creator' });
    const creatorLink = lastLink();
    expect((await call(standard, 'POST', `/api/district/invitation/${creatorLink.id}/accept?invitation_code=${creatorLink.code}`)).json().districtUserRole).toBe('Creator');

    const guest = outsider;
    const otherCreator = standard;
    const routes: [Method, string, object | undefined][] = [
      ['GET', `/api/district/${d.districtId}/members`, undefined],
      ['PATCH', `/api/district/${d.districtId}/member/${guest.id}`, { role: 'Creator' }],
      ['DELETE', `/api/district/${d.districtId}/member/${guest.id}`, undefined],
      ['POST', `/api/district/${d.districtId}/invite`, { email: 'x@example.com' }],
      ['GET', `/api/district/${d.districtId}/invitations`, undefined],
      ['PATCH', `/api/district/${d.districtId}`, { title: 'Taken over' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      const nonMember = await call(free, method, url, body);
      expect(nonMember.statusCode, `non-member ${method} ${url}`).toBe(403);
      expect(nonMember.json().error.code).toBe('DISTRICT_ACCESS_DENIED');
      expect((await call(otherCreator, method, url, body)).json().error.code, `other creator ${method} ${url}`).toBe('DISTRICT_ACCESS_DENIED');
      const asGuest = await call(guest, method, url, body);
      expect(asGuest.statusCode, `guest ${method} ${url}`).toBe(403);
      expect(asGuest.json().error).toEqual({ code: 'FORBIDDEN', message: msg.districts.ownerOnly });
      // The other district's owner gets nowhere either.
      expect((await call(rival, method, url, body)).statusCode, `rival ${method} ${url}`).toBe(403);
    }
    expect((await call(guest, 'GET', `/api/district/${d.districtId}`)).json().districtUserRole).toBe('Guest');
    expect((await call(outsider, 'GET', '/api/district/me')).json().map((x: DistrictView) => x.districtId)).toContain(d.districtId);

    // The owner sees login emails, changes a role and the allocated slots, removes, but never touches the Owner.
    const members = (await call(manager, 'GET', `/api/district/${d.districtId}/members`)).json();
    expect(members).toEqual([
      expect.objectContaining({ userId: manager.id, role: 'Owner', email: expect.stringMatching(/^pro\d+@example\.com$/) }),
      expect.objectContaining({ userId: guest.id, role: 'Guest', email: 'outsider@example.com', allocatedSlots: 0 }),
    ]);
    const changed = await call(manager, 'PATCH', `/api/district/${d.districtId}/member/${guest.id}`, { role: 'Creator', allocatedSlots: 2 });
    expect(changed.json()[1]).toMatchObject({ role: 'Creator', allocatedSlots: 2 });
    expect((await call(manager, 'PATCH', `/api/district/${d.districtId}/member/${guest.id}`, { allocatedSlots: DISTRICT_LIMITS.allocatedSlotsMax + 1 })).statusCode).toBe(400);
    expect((await call(manager, 'PATCH', `/api/district/${d.districtId}/member/${guest.id}`, { role: 'Owner' })).statusCode).toBe(400);
    const ownerChange = await call(manager, 'PATCH', `/api/district/${d.districtId}/member/${manager.id}`, { role: 'Guest' });
    expect(ownerChange.json().error.message).toBe(msg.districts.ownerRoleFixed);
    expect((await call(manager, 'DELETE', `/api/district/${d.districtId}/member/${manager.id}`)).statusCode).toBe(400);
    expect((await call(manager, 'PATCH', `/api/district/${d.districtId}/member/${free.id}`, { role: 'Guest' })).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', `/api/district/${d.districtId}/member/${guest.id}`)).statusCode).toBe(204);
    // Removed from a private district: no access any more.
    expect((await call(guest, 'GET', `/api/district/${d.districtId}`)).json().error.code).toBe('DISTRICT_ACCESS_DENIED');
  });

  it('accepts an emailed invitation once, for the invited address only, before it expires', async () => {
    const host = await pro('Hana Host');
    const d = await created(host, { title: 'Invite Only', subdomain: 'inviteonly', public: false });
    const sent = await call(host, 'POST', `/api/district/${d.districtId}/invite`, { email: 'Invitee@Example.com', role: 'Creator' });
    expect(sent.statusCode).toBe(201);
    const inv = sent.json() as DistrictInvitation;
    expect(inv).toMatchObject({ email: 'invitee@example.com', role: 'Creator', acceptedAt: null });
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe('invitee@example.com');
    expect(mail.subject).toBe(msg.districts.invitationSubject('Invite Only'));
    const link = lastLink();
    expect(link.url.host).toBe('inviteonly.localhost:3000');
    expect(link.id).toBe(inv.invitationId);
    // The code is never stored or answered in clear.
    expect(JSON.stringify((await call(host, 'GET', `/api/district/${d.districtId}/invitations`)).json())).not.toContain(link.code);

    const accept = (who: User | null, code = link.code, id = link.id) => call(who, 'POST', `/api/district/invitation/${id}/accept?invitation_code=${encodeURIComponent(code)}`);
    expect((await accept(null)).statusCode).toBe(401);
    const wrong = await accept(outsider);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVITATION_WRONG_ACCOUNT');
    const badCode = await accept(invitee, `${link.code.slice(0, -2)}xx`);
    expect(badCode.statusCode).toBe(404);
    expect(badCode.json().error.message).toBe(msg.districts.invitationNotFound);
    expect((await accept(invitee, link.code, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await accept(invitee, 'short')).statusCode).toBe(400);

    // Two accepts at once: one wins, the other is told the invitation is used.
    const [a, b] = await Promise.all([accept(invitee), accept(invitee)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 200)!.json()).toMatchObject({ districtId: d.districtId, districtUserRole: 'Creator' });
    const reused = await accept(invitee);
    expect(reused.json().error).toEqual({ code: 'INVITATION_USED', message: msg.districts.invitationUsed });
    expect((await call(invitee, 'GET', `/api/district/${d.districtId}`)).statusCode).toBe(200);

    // Expired: a fresh invitation, then the clock moves past its lifetime.
    await call(host, 'POST', `/api/district/${d.districtId}/invite`, { email: 'free@example.com' });
    const late = lastLink();
    expect((await call(null, 'POST', '/api/test/clock', { advanceDays: DISTRICT_LIMITS.invitationTtlDays + 1 })).statusCode).toBe(200);
    const expired = await accept(free, late.code, late.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'INVITATION_EXPIRED', message: msg.districts.invitationExpired });
    expect((await call(free, 'GET', `/api/district/${d.districtId}`)).statusCode).toBe(403);
  });
});

describe.each(databases)('district subdomains on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    db = await open();
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><head><title>x</title><style>${'.a{}'.repeat(400)}</style></head><body><div id="root"></div></body></html>`);
    ({ app } = await makeTestApp(db, { webDist }));
    const owner = await signUpUser(app, db, 'hosts@example.com', 'Hosts Owner', 'premium-user');
    const res = await injectAs(app, owner, 'POST', '/api/districts', { title: 'Lantern Quarter', subdomain: 'lantern', freeSpaceTemplateId: TEMPLATE, public: false });
    expect(res.statusCode, res.body).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const page = (host: string, url = '/', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('serves the web app on a district host with the district named in a meta tag', async () => {
    const res = await page('lantern.localhost:3000', '/members/all');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="atrium-district" content="lantern" /></head>');
    // The page may call and frame the issuer on the public host (token endpoint, silent renew).
    const csp = String(res.headers['content-security-policy']);
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('http://localhost:3000');
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('http://localhost:3000');
    // The sign-in form posted on the public host redirects to a district's callback: form-action covers that.
    expect(/form-action ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('http://*.localhost:3000');
    // The same page on the public host names no district; the API answers the same on every host.
    expect((await page('localhost:3000')).body).not.toContain('atrium-district');
    // Browsers ask for compressed pages: the tag must be in the HTML before compression.
    const gz = await page('lantern.localhost:3000', '/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<meta name="atrium-district" content="lantern" />');
    expect((await page('LANTERN.localhost:3000')).body).toContain('content="lantern"');
    expect((await page('lantern.localhost:3000', '/api/district/available/free-name')).json()).toMatchObject({ available: true });
  });

  it('answers a clear 404 page for a subdomain no district holds, in the reader\'s language', async () => {
    const res = await page('nowhere.localhost:3000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(msg.districts.noSuchDistrict('nowhere').replaceAll('"', '&quot;'));
    expect(res.body).toContain('href="http://localhost:3000"');
    const fr = await page('nowhere.localhost:3000', '/', { 'accept-language': 'fr-FR' });
    expect(fr.body).toContain('Il n&#39;y a pas de quartier à « nowhere »');
    // Reserved and Punycode names are never districts; www goes to the public host.
    expect((await page('api.localhost:3000')).statusCode).toBe(404);
    expect((await page('xn--80ak6aa92e.localhost:3000')).statusCode).toBe(404);
    const www = await page('www.localhost:3000', '/explore?tab=districts');
    expect(www.statusCode).toBe(301);
    expect(www.headers.location).toBe('http://localhost:3000/explore?tab=districts');
    // Another port, or two labels deep, is not a district host of this server.
    expect((await page('nowhere.localhost:4000')).statusCode).toBe(200);
    expect((await page('a.nowhere.localhost:3000')).statusCode).toBe(200);
  });
});

describe.each(databases)('sign-in across the public host and district subdomains on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const start = (jar: CookieJar, redirectUri: string) => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      client_id: 'atrium-web',
      response_type: 'code',
      scope: AUTH_SCOPE,
      redirect_uri: redirectUri,
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st',
      nonce: 'nn',
    });
    return { verifier, res: app.inject({ method: 'GET', url: `/auth/auth?${q}`, headers: { host: 'localhost:3000', cookie: jar.header() } }) };
  };

  it('signs a district page in through the public host session, without a second password', async () => {
    const jar = new CookieJar();
    await signIn(app, 'walker@example.com', 'password-123', { signUpName: 'Wally Walker', jar });
    const callback = `http://lantern.localhost:3000${AUTH_CALLBACK_PATH}`;
    const { verifier, res } = start(jar, callback);
    let r = await res;
    jar.take(r);
    // The provider session on the public host carries it straight to the district's callback.
    let location = String(r.headers.location);
    for (let i = 0; i < 5 && !location.startsWith(callback); i++) {
      const u = new URL(location, 'http://localhost:3000');
      r = await app.inject({ method: 'GET', url: u.pathname + u.search, headers: { host: 'localhost:3000', cookie: jar.header() } });
      jar.take(r);
      location = String(r.headers.location);
    }
    expect(location.startsWith(`${callback}?`), location).toBe(true);
    const code = new URL(location).searchParams.get('code')!;
    const token = await app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { host: 'localhost:3000', origin: 'http://lantern.localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callback, client_id: 'atrium-web', code_verifier: verifier }).toString(),
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['access-control-allow-origin']).toBe('http://lantern.localhost:3000');
  });

  it('refuses callbacks on other hosts, reserved names, other paths and other ports', async () => {
    for (const uri of [
      'http://evil.example/auth/callback',
      'http://lantern.localhost:3000/elsewhere',
      'http://www.localhost:3000/auth/callback',
      'http://xn--80ak6aa92e.localhost:3000/auth/callback',
      'http://lantern.localhost:4000/auth/callback',
      'https://lantern.localhost:3000/auth/callback',
      'http://a.lantern.localhost:3000/auth/callback',
      'http://lantern.localhost:3000/auth/callback?next=http://evil.example',
    ]) {
      const r = await start(new CookieJar(), uri).res;
      expect(r.statusCode, uri).toBe(400);
      expect(String(r.headers.location ?? ''), uri).toBe('');
    }
  });
});
