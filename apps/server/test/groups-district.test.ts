import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from '@atrium/assets';
import { GROUP_LIMITS, msg, type GroupInvitationView, type GroupView, type NotificationView } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { multipart, picture } from './support/assetFixtures.ts';
import { injectAs, signUpUser, type Method, type TestUser as User } from './support/users.ts';
import { districtMembers, users } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { SceneAccess } from '../src/modules/sceneAccess/access.ts';
import type { Actor } from '../src/plugins/actor.ts';
import { districtSpace } from './support/districtCast.ts';

// Groups finished (issue 16, spec §3 group: members, title, description, image; §2 District → Groups
// → Invitations; §7 group/district/{id}): rename, delete, image and invitations of a district's
// groups, which also let people into a private district and into its spaces' access lists.

const TEMPLATE = listTemplates()[0]!.spaceTemplateId;
const TAGS = ['gallery', 'painting', 'museum'];

describe.each(databases)('district groups, group images and group invitations on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let n = 0;
  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const person = (name: string, role?: 'premium-user' | 'pro-user') => signUpUser(app, db, `g${++n}@example.com`, name, role);
  const ok = async <T>(who: User | null, method: Method, url: string, payload?: object, status = 200) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return (res.body ? res.json() : undefined) as T;
  };
  const code = async (who: User | null, method: Method, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    return `${res.statusCode} ${res.statusCode === 204 ? '' : (res.json().error?.code ?? '')}`.trim();
  };
  const district = async (owner: User, subdomain: string, isPublic: boolean) =>
    (await ok<{ districtId: string }>(owner, 'POST', '/api/districts', { title: `District ${subdomain}`, subdomain, public: isPublic, freeSpaceTemplateId: TEMPLATE }, 201))
      .districtId;
  const districtGroup = async (owner: User, districtId: string, title: string) =>
    ok<GroupView>(owner, 'POST', `/api/group/district/${districtId}`, { title }, 201);
  const actor = (u: User): Actor => ({ userId: u.id, subject: u.id, name: u.name, email: null, role: 'free-user', via: 'bearer' });
  const putImage = async (who: User, groupId: string, data: Buffer, type = 'image/png') => {
    const body = multipart({}, [{ name: 'g.png', data, type }]);
    return app.inject({ method: 'PUT', url: `/api/group/${groupId}/image`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${who.token}` } });
  };

  let owner: User, creator: User, guest: User, outsider: User, otherCreator: User, invitee: User, shy: User;
  let pub: string, priv: string, other: string;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { SIGNUP_RATE_LIMIT_MAX: '100' }));
    owner = await person('Odile Owner', 'premium-user');
    creator = await person('Cyril Creator', 'premium-user');
    guest = await person('Greta Guest');
    outsider = await person('Omar Outsider', 'premium-user');
    otherCreator = await person('Orla Other');
    invitee = await person('Ines Invitee');
    shy = await person('Sam Shy');
    await db.db.update(users).set({ allowGroupInvites: false }).where(eq(users.id, shy.id));
    pub = await district(owner, 'groups-pub', true);
    priv = await district(owner, 'groups-priv', false);
    other = await district(outsider, 'groups-other', true);
    await db.db.insert(districtMembers).values([
      { districtId: pub, userId: creator.id, role: 'Creator', allocatedSlots: 1 },
      { districtId: priv, userId: creator.id, role: 'Creator', allocatedSlots: 1 },
      { districtId: pub, userId: guest.id, role: 'Guest' },
      { districtId: priv, userId: guest.id, role: 'Guest' },
      { districtId: other, userId: otherCreator.id, role: 'Creator' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('the Owner renames and deletes a district group; nobody else can', async () => {
    const g = await districtGroup(owner, pub, 'Volunteers');
    expect(g).toMatchObject({ districtId: pub, ownerId: owner.id, photo: null });
    for (const who of [creator, guest, outsider, otherCreator]) {
      expect(await code(who, 'PATCH', `/api/group/${g.groupId}`, { title: 'Mine now' })).toBe('404 NOT_FOUND');
      expect(await code(who, 'DELETE', `/api/group/${g.groupId}`)).toBe('404 NOT_FOUND');
    }
    expect(await code(null, 'PATCH', `/api/group/${g.groupId}`, { title: 'Anon' })).toBe('401 UNAUTHENTICATED');
    const renamed = await ok<GroupView>(owner, 'PATCH', `/api/group/${g.groupId}`, { title: 'Stewards', description: 'They keep the lights on' });
    expect(renamed).toMatchObject({ title: 'Stewards', description: 'They keep the lights on', districtId: pub });
    expect((await ok<GroupView[]>(null, 'GET', `/api/group/district/${pub}`)).map((x) => x.title)).toContain('Stewards');
    expect(await code(owner, 'PATCH', `/api/group/${g.groupId}`, { title: '' })).toBe('400 VALIDATION_FAILED');
    expect(await code(owner, 'PATCH', `/api/group/${g.groupId}`, { title: 'x'.repeat(GROUP_LIMITS.titleMax + 1) })).toBe('400 VALIDATION_FAILED');
    expect(await code(owner, 'PATCH', `/api/group/${g.groupId}`, { title: 'ok', ownerId: outsider.id })).toBe('400 VALIDATION_FAILED');
    expect(await code(owner, 'DELETE', `/api/group/${g.groupId}`)).toBe('204');
    expect((await ok<GroupView[]>(null, 'GET', `/api/group/district/${pub}`)).map((x) => x.title)).not.toContain('Stewards');
    expect(await code(owner, 'DELETE', `/api/group/${g.groupId}`)).toBe('404 NOT_FOUND');
  });

  it('a group image: the owner sets and removes it; members and the district’s visitors see it, outsiders of a private district do not', async () => {
    const g = await districtGroup(owner, priv, 'Crew');
    const set = await putImage(owner, g.groupId, await picture(300, 200, 'png'));
    expect(set.statusCode, set.body).toBe(200);
    const photo = (set.json() as GroupView).photo!;
    expect(photo).toMatch(new RegExp(`^/api/group/${g.groupId}/image\\?v=image-[0-9a-f]+$`));
    const file = await call(guest, 'GET', photo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await code(outsider, 'GET', photo)).toBe('403 DISTRICT_ACCESS_DENIED');
    expect(await code(null, 'GET', photo)).toBe('403 DISTRICT_ACCESS_DENIED');
    expect((await putImage(creator, g.groupId, await picture(64, 64, 'png'))).statusCode).toBe(404);
    expect((await putImage(owner, g.groupId, Buffer.from('not an image at all'))).statusCode).toBe(415);
    expect((await putImage(owner, g.groupId, Buffer.alloc(0))).statusCode).toBeGreaterThanOrEqual(400);
    expect((await ok<GroupView[]>(guest, 'GET', `/api/group/district/${priv}`)).find((x) => x.groupId === g.groupId)?.photo).toBe(photo);
    expect((await ok<GroupView>(owner, 'DELETE', `/api/group/${g.groupId}/image`)).photo).toBeNull();
    expect(await code(guest, 'GET', photo)).toBe('404 NOT_FOUND');
    // A person's own group: hidden while they keep their groups private.
    const mine = await ok<GroupView>(outsider, 'POST', '/api/group', { title: 'Book club' }, 201);
    const p = (await putImage(outsider, mine.groupId, await picture(64, 64, 'png'))).json().photo as string;
    await db.db.update(users).set({ showGroups: false }).where(eq(users.id, outsider.id));
    expect(await code(guest, 'GET', p)).toBe('404 NOT_FOUND');
    expect((await call(outsider, 'GET', p)).statusCode).toBe(200);
  });

  it('invitations: the Owner invites, the invited accept or refuse once; nobody else answers or sees them', async () => {
    const g = await districtGroup(owner, pub, 'Choir');
    const sent = await ok<GroupInvitationView[]>(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [invitee.id, guest.id] });
    expect(sent.map((i) => [i.name, i.status])).toEqual(
      expect.arrayContaining([
        ['Ines Invitee', 'pending'],
        ['Greta Guest', 'pending'],
      ]),
    );
    // Inviting again keeps the one pending invitation.
    expect(await ok<GroupInvitationView[]>(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [invitee.id] })).toHaveLength(2);
    const mine = await ok<GroupInvitationView[]>(invitee, 'GET', '/api/group/invitations');
    expect(mine).toHaveLength(1);
    const inv = mine[0]!;
    expect(inv).toMatchObject({ groupTitle: 'Choir', districtId: pub, inviterName: 'Odile Owner', status: 'pending' });
    // Someone else cannot answer it or withdraw it.
    for (const who of [guest, outsider, creator]) expect(await code(who, 'POST', `/api/group/invitation/${inv.invitationId}/accept`)).toBe('404 NOT_FOUND');
    expect(await code(invitee, 'DELETE', `/api/group/invitation/${inv.invitationId}`)).toBe('404 NOT_FOUND');
    expect(await code(null, 'POST', `/api/group/invitation/${inv.invitationId}/accept`)).toBe('401 UNAUTHENTICATED');
    expect(await code(invitee, 'POST', `/api/group/invitation/not-a-uuid/accept`)).toBe('400 VALIDATION_FAILED');
    // Two accepts at once: one wins, the member is in once.
    const both = await Promise.all([0, 1].map(() => call(invitee, 'POST', `/api/group/invitation/${inv.invitationId}/accept`)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().error.message).toBe(msg.groups.invitationAnswered);
    expect(await code(invitee, 'POST', `/api/group/invitation/${inv.invitationId}/refuse`)).toBe('409 CONFLICT');
    expect((await ok<{ userId: string }[]>(owner, 'GET', `/api/group/${g.groupId}/members`)).map((m) => m.userId)).toEqual([invitee.id]);
    // Greta refuses: not a member; the Owner's list shows both answers.
    const gretas = (await ok<GroupInvitationView[]>(guest, 'GET', '/api/group/invitations')).find((i) => i.groupId === g.groupId)!;
    expect((await ok<GroupInvitationView>(guest, 'POST', `/api/group/invitation/${gretas.invitationId}/refuse`)).status).toBe('refused');
    expect((await ok<GroupInvitationView[]>(owner, 'GET', `/api/group/${g.groupId}/invitations`)).map((i) => i.status).sort()).toEqual(['accepted', 'refused']);
    for (const who of [invitee, guest, outsider]) expect(await code(who, 'GET', `/api/group/${g.groupId}/invitations`)).toBe('404 NOT_FOUND');
    // A member, someone who refuses groups, an unknown id, or a non-owner's invitation are refused.
    expect(await code(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [invitee.id] })).toBe('409 CONFLICT');
    const refused = await call(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [shy.id] });
    expect(refused.json().error.message).toBe(msg.groups.refusesGroups);
    expect(await code(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [crypto.randomUUID()] })).toBe('400 VALIDATION_FAILED');
    expect(await code(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [] })).toBe('400 VALIDATION_FAILED');
    expect(await code(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: ['x\u0000'] })).toBe('400 VALIDATION_FAILED');
    expect(await code(creator, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [outsider.id] })).toBe('404 NOT_FOUND');
    // The Owner withdraws a pending invitation; an answered one stays.
    const [pending] = await ok<GroupInvitationView[]>(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [outsider.id] });
    const outsiders = pending!.userId === outsider.id ? pending! : (await ok<GroupInvitationView[]>(outsider, 'GET', '/api/group/invitations'))[0]!;
    expect(await code(owner, 'DELETE', `/api/group/invitation/${outsiders.invitationId}`)).toBe('204');
    expect(await ok<GroupInvitationView[]>(outsider, 'GET', '/api/group/invitations')).toEqual([]);
    expect(await code(owner, 'DELETE', `/api/group/invitation/${inv.invitationId}`)).toBe('409 CONFLICT');
  });

  it('a new group invitation notifies the invited person once; a replayed invite and a refused one notify nobody', async () => {
    const g = await districtGroup(owner, pub, 'Bell ringers');
    const [ada, ben] = [await person('Ada Asked'), await person('Ben Asked')];
    const inbox = async (who: User) =>
      (await ok<{ items: NotificationView[] }>(who, 'GET', '/api/notification/my')).items.filter((n) => n.type === 'groupInvite');
    await ok(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [ada.id] });
    // The same invitation again, and Ada with Ben: Ada still has one, Ben gets his.
    await ok(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [ada.id] });
    await ok(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [ada.id, ben.id] });
    const [note] = await inbox(ada);
    expect(await inbox(ada)).toHaveLength(1);
    expect(note).toMatchObject({
      text: msg.groups.invitedNotice('Odile Owner', 'Bell ringers'),
      payload: { actorId: owner.id, groupId: g.groupId, groupTitle: 'Bell ringers', districtId: pub, districtUrl: expect.stringContaining('groups-pub') },
      readAt: null,
    });
    expect(await inbox(ben)).toHaveLength(1);
    // Someone who does not allow being added to groups: the invite is refused and nothing is sent.
    expect(await code(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [shy.id] })).toBe('400 VALIDATION_FAILED');
    expect(await inbox(shy)).toEqual([]);
    // A person's own group notifies too, without a district.
    const mine = await ok<GroupView>(outsider, 'POST', '/api/group', { title: 'Chess friends' }, 201);
    await ok(outsider, 'POST', `/api/group/${mine.groupId}/invite`, { userIds: [ben.id] });
    const personal = (await inbox(ben)).find((n) => n.payload.groupId === mine.groupId);
    expect(personal?.payload).toMatchObject({ actorId: outsider.id, groupTitle: 'Chess friends' });
    expect(personal?.payload.districtUrl).toBeUndefined();
  });

  it('District → Groups → Invitations: everything for the Owner, one’s own pending ones for others, the no-access answer for a private district’s outsiders', async () => {
    const g = await districtGroup(owner, priv, 'Backstage');
    await ok(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [guest.id, creator.id] });
    const url = `/api/group/district/${priv}/invitations`;
    expect((await ok<GroupInvitationView[]>(owner, 'GET', url)).filter((i) => i.groupId === g.groupId)).toHaveLength(2);
    expect((await ok<GroupInvitationView[]>(guest, 'GET', url)).map((i) => i.userId)).toEqual([guest.id]);
    expect(await code(outsider, 'GET', url)).toBe('403 DISTRICT_ACCESS_DENIED');
    expect(await code(otherCreator, 'GET', url)).toBe('403 DISTRICT_ACCESS_DENIED');
    expect(await code(null, 'GET', url)).toBe('401 UNAUTHENTICATED');
    expect(await code(owner, 'GET', `/api/group/district/${crypto.randomUUID()}/invitations`)).toBe('404 NOT_FOUND');
  });

  it('a private district’s groups are its access list: their members enter as Guests, and leave with the group', async () => {
    const g = await districtGroup(owner, priv, 'Friends of the house');
    const info = () => code(invitee, 'GET', `/api/district/${priv}`);
    expect(await info()).toBe('403 DISTRICT_ACCESS_DENIED');
    const [inv] = (await ok<GroupInvitationView[]>(owner, 'POST', `/api/group/${g.groupId}/invite`, { userIds: [invitee.id] })).filter((i) => i.userId === invitee.id);
    // Invited is not enough; the invitation names the district's subdomain, for its no-access page.
    expect(await info()).toBe('403 DISTRICT_ACCESS_DENIED');
    expect((await ok<GroupInvitationView[]>(invitee, 'GET', '/api/group/invitations')).find((i) => i.groupId === g.groupId)).toMatchObject({
      districtId: priv,
      districtSubdomain: 'groups-priv',
      status: 'pending',
    });
    await ok(invitee, 'POST', `/api/group/invitation/${inv!.invitationId}/accept`);
    expect(await info()).toBe('200');
    expect((await ok<{ districtUserRole?: string }>(invitee, 'GET', `/api/district/${priv}`)).districtUserRole).toBe('Guest');
    // A Guest by group cannot manage anything.
    expect(await code(invitee, 'POST', `/api/group/district/${priv}`, { title: 'Coup' })).toBe('403 FORBIDDEN');
    expect(await code(owner, 'DELETE', `/api/group/${g.groupId}/members/${invitee.id}`)).toBe('204');
    expect(await info()).toBe('403 DISTRICT_ACCESS_DENIED');
  });

  it('a private district’s group members read its spaces like its Guests, by id, in its Spaces listing and in search, until they leave', async () => {
    const g = await districtGroup(owner, priv, 'Lantern keepers');
    const elsewhere = await districtGroup(outsider, other, 'Elsewhere crowd');
    const sceneId = await districtSpace(db, creator, 'Wombat cellar', { districtId: priv, publicAudience: false });
    const [joiner, stranger] = [await person('Jo Joiner'), await person('Sid Stranger')];
    await ok(owner, 'POST', `/api/group/${g.groupId}/members`, { userIds: [joiner.id] });
    await ok(outsider, 'POST', `/api/group/${elsewhere.groupId}/members`, { userIds: [stranger.id] });
    const byId = () => code(joiner, 'GET', `/api/publishedscene/metadata/${sceneId}`).then((c) => c.split(' ')[0]);
    const reads = async (who: User) => ({
      byId: (await call(who, 'GET', `/api/publishedscene/metadata/${sceneId}`)).statusCode === 200,
      listing: (await call(who, 'GET', `/api/district/${priv}/spaces/published`)).body.includes(sceneId),
      search: (await call(who, 'GET', '/api/publishedscene/metadata/search?q=Wombat')).body.includes(sceneId),
    });
    const all = { byId: true, listing: true, search: true };
    const none = { byId: false, listing: false, search: false };
    expect(await reads(guest)).toEqual(all);
    expect(await reads(joiner)).toEqual(all);
    // The JS decision and the listing SQL agree for the same person.
    expect(await new SceneAccess(db.db).readableIds(actor(joiner), [sceneId])).toEqual([sceneId]);
    expect(await reads(stranger)).toEqual(none);
    await ok(joiner, 'DELETE', `/api/group/${g.groupId}/members/${joiner.id}`, undefined, 204);
    expect(await reads(joiner)).toEqual(none);
    expect(await byId()).toBe('403');
    expect(await new SceneAccess(db.db).readableIds(actor(joiner), [sceneId])).toEqual([]);
  });

  it('a district group goes into space access lists of the district’s Owner and Creators, not anyone else’s', async () => {
    const g = await districtGroup(owner, pub, 'Patrons');
    const publish = async (who: User, title: string) => {
      const sceneId = (await ok<{ sceneId: string }>(who, 'POST', '/api/scene/metadata', { title, tags: TAGS }, 201)).sceneId;
      const slotId = (await ok<{ slotId: string }[]>(who, 'GET', '/api/slot/available'))[0]!.slotId;
      return call(who, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId, publishedPublic: false, privacyACLEnabled: true, groupPrivacyACL: [g.groupId] });
    };
    expect((await publish(creator, 'Creator patrons room')).statusCode).toBe(200);
    const res = await publish(outsider, 'Outsider room');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(msg.groups.notYours);
  });
});
