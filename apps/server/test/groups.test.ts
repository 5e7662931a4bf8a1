import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GROUP_LIMITS, msg, type GroupView, type SceneCard } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { signUpUser, injectAs, type TestUser as User, type Method } from './support/users.ts';

const TAGS = ['gallery', 'painting', 'museum'];

describe.each(databases)('user groups and group access lists on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let owner: User; // Pro: access lists and enough slots
  let other: User; // Standard, owns a group of their own
  let member: User;
  let outsider: User;
  let free: User;

  const call = (who: User | null, method: Method, url: string, payload?: object) => injectAs(app, who, method, url, payload);
  const group = async (who: User, title: string, members: User[] = []) => {
    const res = await call(who, 'POST', '/api/group', { title });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as GroupView;
    if (members.length) expect((await call(who, 'POST', `/api/group/${g.groupId}/members`, { userIds: members.map((m) => m.id) })).statusCode).toBe(200);
    return g.groupId;
  };
  const publishPrivate = async (who: User, title: string, acl: object) => {
    const draft = await call(who, 'POST', '/api/scene/metadata', { title, tags: TAGS });
    const id = draft.json().sceneId as string;
    const slotId = (await call(who, 'GET', '/api/slot/available')).json()[0].slotId as string;
    const res = await call(who, 'POST', `/api/sceneactions/${id}/publish`, { slotId, publishedPublic: false, ...acl });
    return { id, res };
  };
  const search = async (who: User | null, query: string) => (await call(who, 'GET', `/api/publishedscene/metadata/search?${query}`)).json() as SceneCard[];

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    owner = await signUpUser(app, db, 'owner@example.com', 'Olga Owner', 'premium-user');
    other = await signUpUser(app, db, 'other@example.com', 'Otto Other', 'pro-user');
    member = await signUpUser(app, db, 'member@example.com', 'Mia Member');
    outsider = await signUpUser(app, db, 'outsider@example.com', 'Oscar Outsider');
    free = await signUpUser(app, db, 'free@example.com', 'Fred Free');
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('creates, renames, lists, fills and deletes groups; only the owner manages them', async () => {
    const id = await group(owner, 'Friends', [member]);
    expect((await call(owner, 'GET', '/api/group/my')).json()).toMatchObject([{ groupId: id, title: 'Friends', memberCount: 1, ownerId: owner.id }]);
    expect((await call(member, 'GET', '/api/group/me')).json().map((g: GroupView) => g.groupId)).toEqual([id]);
    expect((await call(outsider, 'GET', '/api/group/me')).json()).toEqual([]);

    // Same title twice (any case) is a conflict; renaming to a free title works.
    const dup = await call(owner, 'POST', '/api/group', { title: 'friends' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(msg.groups.titleTaken);
    const renamed = await call(owner, 'PATCH', `/api/group/${id}`, { title: 'Close friends', description: 'People I trust' });
    expect(renamed.json()).toMatchObject({ title: 'Close friends', description: 'People I trust' });

    // Someone else's group is not found for every management call.
    for (const [method, url, body] of [
      ['PATCH', `/api/group/${id}`, { title: 'Mine now' }],
      ['DELETE', `/api/group/${id}`, undefined],
      ['POST', `/api/group/${id}/members`, { userIds: [outsider.id] }],
      ['DELETE', `/api/group/${id}/members/${member.id}`, undefined],
      ['GET', `/api/group/${id}/members`, undefined],
    ] as const) {
      const res = await call(outsider, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(outsider, 'GET', `/api/group/many/${id}`)).json()).toEqual([]);
    // Members may see the group and who is in it.
    expect((await call(member, 'GET', `/api/group/many/${id}`)).json()).toHaveLength(1);
    expect((await call(member, 'GET', `/api/group/${id}/members`)).json().map((m: { userId: string }) => m.userId)).toEqual([member.id]);

    // Adding twice keeps one membership; unknown users are refused.
    await call(owner, 'POST', `/api/group/${id}/members`, { userIds: [member.id, outsider.id] });
    expect((await call(owner, 'GET', `/api/group/${id}/members`)).json()).toHaveLength(2);
    const ghost = await call(owner, 'POST', `/api/group/${id}/members`, { userIds: ['0190e0e0-0000-7000-8000-000000000000'] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().error.message).toBe(msg.groups.unknownUsers);
    // A member may leave; the owner removes anyone.
    expect((await call(outsider, 'DELETE', `/api/group/${id}/members/${outsider.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/group/${id}/members`)).json()).toHaveLength(1);

    // Settings 'Allow others to add me to groups' off: nobody can add them, and nothing of the request is applied.
    expect((await call(outsider, 'PATCH', '/api/settings/my', { allowGroupInvites: false })).statusCode).toBe(200);
    const refused = await call(owner, 'POST', `/api/group/${id}/members`, { userIds: [free.id, outsider.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(msg.groups.refusesGroups);
    expect((await call(owner, 'GET', `/api/group/${id}/members`)).json()).toHaveLength(1);
    expect((await call(outsider, 'PATCH', '/api/settings/my', { allowGroupInvites: true })).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/group/${id}/members`, { userIds: [outsider.id] })).statusCode).toBe(200);
    expect((await call(outsider, 'DELETE', `/api/group/${id}/members/${outsider.id}`)).statusCode).toBe(204);

    // A profile lists the person's own groups; others see them only while the person shows groups.
    expect((await call(owner, 'GET', `/api/group/user/${owner.id}`)).json().map((g: GroupView) => g.groupId)).toContain(id);
    expect((await call(member, 'GET', `/api/group/user/${owner.id}`)).json().map((g: GroupView) => g.groupId)).toContain(id);
    expect((await call(owner, 'PATCH', '/api/settings/my', { showGroups: false })).statusCode).toBe(200);
    const hidden = await call(member, 'GET', `/api/group/user/${owner.id}`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.message).toBe(msg.groups.hidden);
    expect((await call(owner, 'GET', `/api/group/user/${owner.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'PATCH', '/api/settings/my', { showGroups: true })).statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/group/user/0190e0e0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(member, 'GET', '/api/group/user/not-a-uuid')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/group/user/${owner.id}`)).statusCode).toBe(401);

    const gone = await group(owner, 'Temporary');
    expect((await call(owner, 'DELETE', `/api/group/${gone}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/api/group/my')).json().map((g: GroupView) => g.groupId)).toEqual([id]);
  });

  it('refuses bad input: empty or long titles, bad ids, too many members per request, signed out', async () => {
    expect((await call(owner, 'POST', '/api/group', { title: '  ' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/api/group', { title: 'x'.repeat(GROUP_LIMITS.titleMax + 1) })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/api/group', { title: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', '/api/group/not-a-uuid', { title: 'x' })).statusCode).toBe(400);
    const tooMany = Array.from({ length: GROUP_LIMITS.membersPerRequest + 1 }, () => member.id);
    const id = await group(owner, 'Big');
    expect((await call(owner, 'POST', `/api/group/${id}/members`, { userIds: tooMany })).statusCode).toBe(400);
    expect((await call(owner, 'POST', `/api/group/${id}/members`, { userIds: [] })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/group/my')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/group', { title: 'Anon' })).statusCode).toBe(401);
  });

  it('lets a group on the privacy list in, on every read; membership changes apply at once', async () => {
    const friends = await group(owner, 'Visitors', [member]);
    const { id, res } = await publishPrivate(owner, 'Group Gallery Zephyr', {
      privacyACLEnabled: true,
      groupPrivacyACL: [friends],
      communicationACLEnabled: true,
      groupCommunicationACL: [friends],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reads = [`/api/publishedscene/metadata/${id}`, `/api/publishedscene/content/${id}`];
    for (const url of reads) {
      expect((await call(member, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(outsider, 'GET', url)).json().error.code).toBe('SPACE_ACCESS_DENIED');
    }
    expect((await search(member, 'q=zephyr')).map((c) => c.sceneId)).toEqual([id]);
    expect((await search(member, 'q=zephyr&filter=Recommended')).map((c) => c.sceneId)).toEqual([id]);
    expect(await search(outsider, 'q=zephyr')).toEqual([]);
    expect(await search(outsider, 'q=zephyr&filter=Recommended')).toEqual([]);
    expect((await call(member, 'GET', `/api/publishedscene/metadata/many/${id}`)).json()).toHaveLength(1);
    expect((await call(outsider, 'GET', `/api/publishedscene/metadata/many/${id}`)).json()).toEqual([]);
    // The member may talk; which groups are listed is the owner's to see.
    expect((await call(member, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ allowed: true, groups: [] });
    expect((await call(owner, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ allowed: true, groups: [friends] });
    expect((await call(owner, 'GET', `/api/sceneaccess/${id}`)).json()).toMatchObject({ groupPrivacyACL: [friends], groupCommunicationACL: [friends] });

    // Adding the outsider lets them in; removing the member shuts them out.
    await call(owner, 'POST', `/api/group/${friends}/members`, { userIds: [outsider.id] });
    await call(owner, 'DELETE', `/api/group/${friends}/members/${member.id}`);
    for (const url of reads) {
      expect((await call(outsider, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(member, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await search(outsider, 'q=zephyr')).map((c) => c.sceneId)).toEqual([id]);
    expect(await search(member, 'q=zephyr')).toEqual([]);
    expect((await call(member, 'GET', `/api/sceneaccess/${id}/communication`)).statusCode).toBe(403);

    // Deleting the group removes its entries: the outsider is out again.
    await call(owner, 'DELETE', `/api/group/${friends}`);
    expect((await call(outsider, 'GET', reads[0]!)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/api/sceneaccess/${id}`)).json()).toMatchObject({ groupPrivacyACL: [], groupCommunicationACL: [] });
  });

  it('a group on the communication list only decides who may talk', async () => {
    const talkers = await group(owner, 'Talkers', [member]);
    const { id, res } = await publishPrivate(owner, 'Quiet Hall', {});
    expect(res.statusCode).toBe(200);
    const put = await call(owner, 'PUT', `/api/sceneaccess/${id}`, {
      privacyACLEnabled: false,
      userPrivacyACL: [],
      communicationACLEnabled: true,
      userCommunicationACL: [],
      groupCommunicationACL: [talkers],
    });
    expect(put.statusCode, put.body).toBe(200);
    // Not public and no privacy list: only the owner reads it, so only the owner may talk.
    expect((await call(member, 'GET', `/api/sceneaccess/${id}/communication`)).statusCode).toBe(403);
    await call(owner, 'PUT', `/api/sceneaccess/${id}`, {
      privacyACLEnabled: true,
      userPrivacyACL: [member.id, outsider.id],
      communicationACLEnabled: true,
      userCommunicationACL: [],
      groupCommunicationACL: [talkers],
    });
    expect((await call(member, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ allowed: true });
    expect((await call(outsider, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ allowed: false });
  });

  it('refuses other users’ group ids and unknown ones, and group lists without a plan', async () => {
    const theirs = await group(other, 'Otto’s club', [outsider]);
    const mine = await group(owner, 'Mine', [member]);
    const { res } = await publishPrivate(owner, 'Borrowed Group', { privacyACLEnabled: true, groupPrivacyACL: [mine, theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: msg.groups.notYours });
    expect(res.json().error.details.fieldErrors).toHaveProperty('groupPrivacyACL');
    const { id, res: ok } = await publishPrivate(owner, 'Own Group Only', { privacyACLEnabled: true, groupPrivacyACL: [mine] });
    expect(ok.statusCode, ok.body).toBe(200);
    const put = await call(owner, 'PUT', `/api/sceneaccess/${id}`, {
      privacyACLEnabled: true,
      userPrivacyACL: [],
      communicationACLEnabled: true,
      userCommunicationACL: [],
      groupCommunicationACL: ['0190e0e0-0000-7000-8000-000000000001'],
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.details.fieldErrors).toHaveProperty('groupCommunicationACL');
    // The refused write changed nothing; the outsider (in Otto's group) stays out.
    expect((await call(owner, 'GET', `/api/sceneaccess/${id}`)).json()).toMatchObject({ groupPrivacyACL: [mine], groupCommunicationACL: [] });
    expect((await call(outsider, 'GET', `/api/publishedscene/metadata/${id}`)).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/api/sceneactions/${id}/publish`, { slotId: 'x', groupPrivacyACL: ['nope'] })).statusCode).toBe(400);

    const freeGroup = await group(free, 'Free friends', [member]);
    const { res: plan } = await publishPrivate(free, 'Free private', { privacyACLEnabled: true, groupPrivacyACL: [freeGroup] });
    expect(plan.statusCode).toBe(403);
    expect(plan.json().error.code).toBe('PLAN_REQUIRED');
  });
});
