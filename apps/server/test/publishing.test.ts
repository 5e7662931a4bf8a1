import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emptySceneDocument, msg, type SceneCard } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, injectAs, type TestUser as User, type Method } from './support/users.ts';
import { newId } from '../src/db/newId.ts';
import { scenes, slots } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { NotificationsService } from '../src/modules/notifications/service.ts';
import { NotificationsRepo } from '../src/modules/notifications/repo.ts';
import { SlotsRepo } from '../src/modules/slots/repo.ts';
import { SlotsService } from '../src/modules/slots/service.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36' };
const TAGS = ['gallery', 'painting', 'museum'];

describe.each(databases)('publishing, slots and access on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: User; // free
  let bob: User; // free
  let sam: User; // Standard
  let pia: User; // Pro

  const call = (who: User | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    injectAs(app, who, method, url, payload, headers);
  const draft = async (who: User, title: string, tags = TAGS, description = '') => {
    const res = await call(who, 'POST', '/api/scene/metadata', { title, tags, description });
    expect(res.statusCode).toBe(201);
    return res.json().sceneId as string;
  };
  const freeSlot = async (who: User) => (await call(who, 'GET', '/api/slot/available')).json()[0].slotId as string;
  const publish = (who: User, id: string, body: object) => call(who, 'POST', `/api/sceneactions/${id}/publish`, body);
  const search = async (who: User | null, query: string) => {
    const res = await call(who, 'GET', `/api/publishedscene/metadata/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SceneCard[];
  };

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada Lovelace');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob Marley');
    sam = await signUpUser(app, db, 'sam@example.com', 'Sam Standard', 'pro-user');
    pia = await signUpUser(app, db, 'pia@example.com', 'Pia Pro', 'premium-user');
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('gives a free account its trial slot (30 days), Standard 1 plan slot and Pro 4 (spec §9)', async () => {
    const mine = (await call(ada, 'GET', '/api/slot/my')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'trial', active: false, expired: false });
    const days = (Date.parse(mine[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await call(sam, 'GET', '/api/slot/my')).json()).toMatchObject([{ kind: 'plan' }]);
    expect((await call(pia, 'GET', '/api/slot/me')).json()).toMatchObject({ total: 4, used: 0, available: 4, planSlots: 4 });
    // Asking again never makes more.
    expect((await call(pia, 'GET', '/api/slot/my')).json()).toHaveLength(4);
    expect((await call(null, 'GET', '/api/slot/my')).statusCode).toBe(401);
    // Someone else's slot is not found: slot ids cannot be probed.
    const other = await call(bob, 'GET', `/api/slot/${mine[0].slotId}`);
    expect(other.statusCode).toBe(404);
  });

  it('publishes into a slot; refuses others’ scenes and slots, taken slots, missing slots and bad tags', async () => {
    const id = await draft(ada, 'Blue Period Gallery', TAGS, 'Picasso paintings in blue');
    const slot = await freeSlot(ada);
    // Another person's draft and another person's slot are both simply not found.
    expect((await publish(bob, id, { slotId: slot })).statusCode).toBe(404);
    expect((await publish(ada, id, { slotId: await freeSlot(bob) })).statusCode).toBe(404);
    const noSlot = await publish(ada, id, {});
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().error.message).toContain(msg.publishing.assignSlot);
    const few = await draft(ada, 'Two tags', ['aa', 'bb']);
    const fewRes = await publish(ada, few, { slotId: slot });
    expect(fewRes.statusCode).toBe(400);
    expect(fewRes.json().error.details.fieldErrors.tags).toEqual([msg.minTags(3)]);

    const ok = await publish(ada, id, { slotId: slot });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'Published', publishedPublic: true, visible: true, slotId: slot, likes: 0 });
    expect(ok.json().expiresAt).not.toBeNull();
    expect((await call(ada, 'GET', '/api/slot/available')).json()).toEqual([]);

    const second = await draft(ada, 'Second', TAGS);
    const taken = await publish(ada, second, { slotId: slot });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SLOT_TAKEN');
    // Republishing into its own slot is fine.
    expect((await publish(ada, id, { slotId: slot })).statusCode).toBe(200);
    await call(ada, 'POST', `/api/sceneactions/${second}/delete`);
    await call(ada, 'POST', `/api/sceneactions/${few}/delete`);

    const found = await search(null, 'q=picasso');
    expect(found.map((c) => c.sceneId)).toEqual([id]);
    expect(found[0]!.creator).toMatchObject({ userId: ada.id, name: 'Ada Lovelace' });
    expect((await search(null, 'q=lovelace')).map((c) => c.sceneId)).toContain(id);
    expect((await search(null, 'q=museum')).map((c) => c.sceneId)).toContain(id);
  });

  it('keeps the live version until republish', async () => {
    const id = await draft(pia, 'Versioned', TAGS);
    await publish(pia, id, { slotId: await freeSlot(pia) });
    const etag = (await call(null, 'GET', `/api/publishedscene/content/${id}`)).headers.etag;
    const put = await call(pia, 'PUT', `/api/scene/content/${id}`, { baseVersion: 1, document: emptySceneDocument() });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(null, 'GET', `/api/publishedscene/content/${id}`)).headers.etag).toBe(etag);
    const slot = (await call(pia, 'GET', `/api/publishedscene/metadata/many/${id}`)).json()[0].slotId;
    await publish(pia, id, { slotId: slot });
    expect((await call(null, 'GET', `/api/publishedscene/content/${id}`)).headers.etag).not.toBe(etag);
  });

  it('enforces the privacy list on metadata, content, cover, search and social; ACLs need Standard', async () => {
    const adaDraft = await draft(ada, 'Ada private', TAGS);
    const needPlan = await publish(ada, adaDraft, { slotId: (await call(ada, 'GET', '/api/slot/my')).json()[0].slotId, privacyACLEnabled: true });
    expect(needPlan.statusCode).toBe(403);
    expect(needPlan.json().error.code).toBe('PLAN_REQUIRED');

    const id = await draft(sam, 'Secret Sculpture Garden', TAGS);
    const res = await publish(sam, id, {
      slotId: await freeSlot(sam),
      publishedPublic: false,
      privacyACLEnabled: true,
      userPrivacyACL: [bob.id],
      communicationACLEnabled: true,
      userCommunicationACL: [bob.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [`/api/publishedscene/metadata/${id}`, `/api/publishedscene/content/${id}`]) {
      expect((await call(bob, 'GET', url)).statusCode).toBe(200);
      expect((await call(sam, 'GET', url)).statusCode).toBe(200);
      const denied = await call(ada, 'GET', url);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error).toMatchObject({ code: 'SPACE_ACCESS_DENIED', message: msg.spaceAccessDeniedTitle });
      expect((await call(null, 'GET', url)).json().error.code).toBe('SPACE_ACCESS_DENIED');
    }
    expect((await search(bob, 'q=sculpture&filter=Private')).map((c) => c.sceneId)).toEqual([id]);
    expect(await search(ada, 'q=sculpture')).toEqual([]);
    expect(await search(null, 'q=sculpture')).toEqual([]);
    expect((await call(ada, 'GET', `/api/publishedscene/metadata/many/${id}`)).json()).toEqual([]);
    // Social on a space you cannot see: 404, no existence leak.
    expect((await call(ada, 'POST', `/api/scenelike/scene/${id}`)).statusCode).toBe(404);
    expect((await call(ada, 'POST', `/api/scenecomment/scene/${id}`, { body: 'hi' })).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/scenelike/scene/${id}`)).statusCode).toBe(200);

    // Only the owner sees who is on the list; a listed visitor learns just their own answer.
    const comm = await call(bob, 'GET', `/api/sceneaccess/${id}/communication`);
    expect(comm.json()).toMatchObject({ enabled: true, users: [], allowed: true });
    expect((await call(sam, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ users: [bob.id], allowed: true });
    expect((await call(pia, 'GET', `/api/sceneaccess/${id}/communication`)).statusCode).toBe(403);
    const lists = await call(sam, 'PUT', `/api/sceneaccess/${id}`, {
      privacyACLEnabled: true,
      userPrivacyACL: [bob.id, pia.id],
      communicationACLEnabled: true,
      userCommunicationACL: [bob.id],
    });
    expect(lists.json().userPrivacyACL.sort()).toEqual([bob.id, pia.id].sort());
    expect((await call(pia, 'GET', `/api/sceneaccess/${id}/communication`)).json()).toMatchObject({ allowed: false });
    expect((await call(ada, 'GET', `/api/sceneaccess/${id}`)).statusCode).toBe(403);
  });

  it('hides, unhides, moves, duplicates, unpublishes and deletes (owner only)', async () => {
    const id = await draft(pia, 'Hideable Harbour', TAGS);
    await publish(pia, id, { slotId: await freeSlot(pia) });
    expect((await call(bob, 'PATCH', `/api/scene/metadata/${id}/visibility`, { visible: false })).statusCode).toBe(403);
    const hidden = await call(pia, 'PATCH', `/api/scene/metadata/${id}/visibility`, { visible: false });
    expect(hidden.json().visible).toBe(false);
    expect((await call(bob, 'GET', `/api/publishedscene/metadata/${id}`)).statusCode).toBe(404);
    expect(await search(bob, 'q=harbour')).toEqual([]);
    expect((await call(bob, 'POST', `/api/scenelike/scene/${id}`)).statusCode).toBe(404);
    expect((await call(pia, 'GET', '/api/publishedscene/metadata/my?state=Published')).json().map((c: SceneCard) => c.sceneId)).toContain(id);
    await call(pia, 'PATCH', `/api/scene/metadata/${id}/visibility`, { visible: 'true' });
    expect((await search(bob, 'q=harbour')).map((c) => c.sceneId)).toEqual([id]);

    const target = await freeSlot(pia);
    const moved = await call(pia, 'POST', `/api/sceneactions/${id}/move`, { slotId: target });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().slotId).toBe(target);
    const samsSlot = ((await call(sam, 'GET', '/api/slot/my')).json() as { slotId: string }[])[0]!.slotId;
    expect((await call(pia, 'POST', `/api/sceneactions/${id}/move`, { slotId: samsSlot })).statusCode).toBe(404);

    const copy = await call(pia, 'POST', `/api/sceneactions/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ state: 'Draft', title: 'Hideable Harbour (copy)' });
    expect((await call(bob, 'POST', `/api/sceneactions/${id}/duplicate`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/sceneactions/${id}/duplicate`)).statusCode).toBe(401);

    const un = await call(pia, 'POST', `/api/sceneactions/${id}/unpublish`);
    expect(un.json()).toMatchObject({ state: 'Draft', slotId: null });
    expect((await call(null, 'GET', `/api/publishedscene/metadata/${id}`)).statusCode).toBe(404);
    // Unpublished, it is a draft again: to others it does not exist.
    expect((await call(bob, 'POST', `/api/sceneactions/${id}/delete`)).statusCode).toBe(404);
    expect((await call(pia, 'POST', `/api/sceneactions/${id}/delete`)).statusCode).toBe(204);
    expect((await call(pia, 'GET', `/api/scene/metadata/${id}`)).statusCode).toBe(404);
  });

  it('counts likes exactly under parallel requests, idempotently, and notifies the owner once per liker', async () => {
    const id = await draft(pia, 'Popular Plaza', TAGS);
    await publish(pia, id, { slotId: await freeSlot(pia) });
    const likers = [ada, bob, sam, pia];
    const all = await Promise.all(likers.flatMap((u) => Array.from({ length: 5 }, () => call(u, 'POST', `/api/scenelike/scene/${id}`))));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call(null, 'GET', `/api/scenelike/scene/${id}`)).json()).toEqual({ liked: false, likes: 4 });
    expect((await call(ada, 'GET', `/api/scenelike/scene/${id}`)).json()).toEqual({ liked: true, likes: 4 });
    const un = await Promise.all([1, 2, 3].map(() => call(ada, 'DELETE', `/api/scenelike/scene/${id}`)));
    expect(un.map((r) => r.json().likes)).toContain(3);
    expect((await call(null, 'GET', `/api/scenelike/scene/${id}`)).json().likes).toBe(3);
    const notes = (await call(pia, 'GET', '/api/notification/my?limit=50')).json();
    expect(notes.items.filter((n: { type: string; payload: { sceneId: string } }) => n.type === 'like' && n.payload.sceneId === id)).toHaveLength(3);
    expect((await search(null, 'q=plaza&sort=likes'))[0]!.likes).toBe(3);
  });

  it('counts a view once per visitor per 6 hours, never for bots or the owner', async () => {
    const id = await draft(pia, 'Viewed Valley', TAGS);
    await publish(pia, id, { slotId: await freeSlot(pia) });
    const view = (who: User | null, headers: Record<string, string> = BROWSER, ip = '10.0.0.1') =>
      app.inject({ method: 'POST', url: `/api/sceneview/${id}`, headers: { ...(who ? bearer(who.token) : {}), ...headers }, remoteAddress: ip });
    expect((await view(bob)).json()).toEqual({ counted: true, views: 1 });
    const twice = await Promise.all([view(bob), view(bob)]);
    expect(twice.map((r) => r.json().counted)).toEqual([false, false]);
    expect((await view(pia)).json().counted).toBe(false);
    expect((await view(null, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).json().counted).toBe(false);
    // Headless browsers, link previews and scripts are bots too (the isbot list); so is a missing UA.
    for (const ua of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
    ])
      expect((await view(null, { 'user-agent': ua }, '10.9.9.9')).json().counted, ua).toBe(false);
    expect((await view(null, {}, '10.9.9.9')).json().counted).toBe(false);
    expect((await view(null)).json()).toEqual({ counted: true, views: 2 });
    expect((await view(null, BROWSER, '10.0.0.2')).json()).toEqual({ counted: true, views: 3 });
    // The window is relative to the last counted view: rows older than 6 hours no longer block.
    await db.db.execute(`update scene_views set viewed_at = now() - interval '7 hours' where scene_id = '${id}'` as never);
    expect((await view(bob)).json()).toEqual({ counted: true, views: 4 });
    // Bob's visit is in his history.
    expect((await search(bob, 'filter=History')).map((c) => c.sceneId)).toContain(id);
  });

  it('comments with one level of replies, edit flag, author/owner delete, HTML as text, comments off and 429', async () => {
    const id = await draft(sam, 'Talk Theatre', TAGS);
    // Standard gives one slot (spec §9), already holding the garden: Sam bought another.
    await db.db.insert(slots).values({ id: newId(), ownerId: sam.id, kind: 'purchased', productId: 'extra-slot', priceCoin: 600 });
    await publish(sam, id, { slotId: await freeSlot(sam) });
    const html = '<script>alert("x")</script><b>bold</b>';
    const c1 = await call(bob, 'POST', `/api/scenecomment/scene/${id}`, { body: html });
    expect(c1.statusCode, c1.body).toBe(201);
    expect(c1.json()).toMatchObject({ body: html, edited: false, parentCommentId: null, user: { userId: bob.id } });
    const r1 = await call(ada, 'POST', `/api/scenecomment/scene/${id}`, { body: 'Reply!', parentCommentId: c1.json().commentId });
    expect(r1.statusCode).toBe(201);
    const deep = await call(bob, 'POST', `/api/scenecomment/scene/${id}`, { body: 'deeper', parentCommentId: r1.json().commentId });
    expect(deep.statusCode).toBe(400);
    expect((await call(bob, 'POST', `/api/scenecomment/scene/${id}`, { body: '   ' })).statusCode).toBe(400);
    expect((await call(bob, 'POST', `/api/scenecomment/scene/${id}`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);

    const list = (await call(null, 'GET', `/api/scenecomment/scene/${id}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].childComments.map((c: { body: string }) => c.body)).toEqual(['Reply!']);
    expect((await call(ada, 'PATCH', `/api/scenecomment/${c1.json().commentId}`, { body: 'hacked' })).statusCode).toBe(403);
    const edited = await call(bob, 'PATCH', `/api/scenecomment/${c1.json().commentId}`, { body: 'Better words' });
    expect(edited.json()).toMatchObject({ body: 'Better words', edited: true });
    expect((await call(ada, 'DELETE', `/api/scenecomment/${c1.json().commentId}`)).statusCode).toBe(403);
    const c2 = await call(ada, 'POST', `/api/scenecomment/scene/${id}`, { body: 'Owner will remove this' });
    expect((await call(sam, 'DELETE', `/api/scenecomment/${c2.json().commentId}`)).statusCode).toBe(204);
    expect((await call(bob, 'DELETE', `/api/scenecomment/${c1.json().commentId}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/scenecomment/scene/${id}`)).json()).toEqual([]);
    expect((await search(null, 'q=theatre'))[0]!.comments).toBe(0);

    const kinds = (await call(bob, 'GET', '/api/notification/my')).json().items.map((n: { type: string }) => n.type);
    expect(kinds).toContain('reply');
    const samNotes = (await call(sam, 'GET', '/api/notification/my')).json();
    expect(samNotes.items.some((n: { type: string; text: string }) => n.type === 'comment' && n.text.includes('Bob Marley'))).toBe(true);

    // Comments off: new comments and edits are refused.
    const c3 = await call(pia, 'POST', `/api/scenecomment/scene/${id}`, { body: 'before off' });
    const slot = (await search(sam, 'q=theatre'))[0]!.slotId!;
    await publish(sam, id, { slotId: slot, comments: false });
    const off = await call(pia, 'POST', `/api/scenecomment/scene/${id}`, { body: 'after off' });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('COMMENTS_DISABLED');
    expect((await call(pia, 'PATCH', `/api/scenecomment/${c3.json().commentId}`, { body: 'edit' })).statusCode).toBe(403);
    await publish(sam, id, { slotId: slot, comments: true });

    // Flood: the sixth comment within a minute is refused.
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await call(pia, 'POST', `/api/scenecomment/scene/${id}`, { body: `flood ${i}` })).statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(4); // c3 counted as the first of five
    expect(codes.at(-1)).toBe(429);
  });

  it('keeps favourites and notifies follows; marks notifications read', async () => {
    const [card] = await search(bob, 'q=picasso');
    const id = card!.sceneId;
    expect((await call(bob, 'POST', `/api/scenefavourite/scene/${id}`)).json()).toEqual({ favourite: true });
    expect((await call(bob, 'POST', `/api/scenefavourite/scene/${id}`)).json()).toEqual({ favourite: true });
    expect((await search(bob, 'filter=Favorites')).map((c) => c.sceneId)).toEqual([id]);
    expect((await call(null, 'GET', '/api/publishedscene/metadata/search?filter=Favorites')).statusCode).toBe(401);
    await call(bob, 'DELETE', `/api/scenefavourite/scene/${id}`);
    expect(await search(bob, 'filter=Favorites')).toEqual([]);

    await call(bob, 'POST', `/api/userFollow/${ada.id}`);
    await call(bob, 'POST', `/api/userFollow/${ada.id}`);
    const notes = (await call(ada, 'GET', '/api/notification/my')).json();
    const follows = notes.items.filter((n: { type: string }) => n.type === 'follow');
    expect(follows).toHaveLength(1);
    expect(follows[0].text).toBe(msg.social.notification.follow('Bob Marley'));
    expect(notes.unread).toBeGreaterThan(0);
    expect((await call(bob, 'POST', `/api/notification/${follows[0].notificationId}/read`)).statusCode).toBe(404);
    expect((await call(ada, 'POST', `/api/notification/${follows[0].notificationId}/read`)).json().readAt).not.toBeNull();
    await call(ada, 'POST', '/api/notification/read-all');
    expect((await call(ada, 'GET', '/api/notification/my')).json().unread).toBe(0);
  });

  it('answers 400 to out-of-range paging and unknown filters; pages 9 by default; sorts and recommends', async () => {
    for (const q of ['cp=-1', 'ipp=0', 'ipp=101', 'cp=1001', 'filter=Everything', 'sort=random', 'cp=abc', 'extra=1']) {
      const res = await call(null, 'GET', `/api/publishedscene/metadata/search?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    // Twelve more public spaces (as the demo seed makes them), published a minute apart.
    const repo = new ScenesRepo(db.db);
    for (let i = 0; i < 12; i++)
      await repo.insert({
        ownerId: bob.id,
        creatorId: bob.id,
        title: `Bulk ${i}`,
        tags: TAGS,
        state: 'Published',
        publishedPublic: true,
        content: emptySceneDocument(),
        publishedContent: emptySceneDocument(),
        publishedAt: new Date(Date.now() - i * 60_000),
        viewsCount: i * 7 % 5,
      });
    const all = await search(null, 'ipp=100');
    expect(all.length).toBeGreaterThan(9);
    expect(await search(null, '')).toHaveLength(9);
    expect((await search(null, 'cp=1')).map((c) => c.sceneId)).toEqual(all.slice(9, 18).map((c) => c.sceneId));
    expect(all.map((c) => c.publishedAt)).toEqual([...all.map((c) => c.publishedAt)].sort().reverse());
    const byViews = await search(null, 'sort=views&ipp=50');
    expect(byViews.map((c) => c.views)).toEqual([...byViews.map((c) => c.views)].sort((a, b) => b - a));
    const rec = await search(bob, 'filter=Recommended&ipp=50');
    expect(rec.length).toBe((await search(bob, 'ipp=50')).length);
    const pub = await search(bob, 'filter=Public&ipp=50');
    expect(pub.every((c) => c.publishedPublic)).toBe(true);
    expect((await search(null, `userId=${ada.id}`)).every((c) => c.ownerId === ada.id)).toBe(true);
  });

  it('the expiry job unpublishes trial-slot spaces and notifies once; it is idempotent', async () => {
    const slots = new SlotsService({ db: db.db, repo: new SlotsRepo(db.db), notifications: new NotificationsService(new NotificationsRepo(db.db)) });
    const [card] = await search(null, 'q=picasso');
    expect(card!.expiresAt).not.toBeNull();
    expect(await slots.expireDue(new Date())).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    const done = await Promise.all([slots.expireDue(later), slots.expireDue(later)]);
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await slots.expireDue(later)).toBe(0);
    expect(await search(null, 'q=picasso')).toEqual([]);
    const notes = (await call(ada, 'GET', '/api/notification/my')).json().items;
    expect(notes.filter((n: { type: string }) => n.type === 'slotExpired')).toHaveLength(1);
    expect((await call(ada, 'GET', '/api/slot/my')).json()[0]).toMatchObject({ active: false, sceneId: null });
    // An expired slot cannot take a space: age Ada's account past the trial.
    await db.db.execute(`update slots set expires_at = now() - interval '1 day' where owner_id = '${ada.id}'` as never);
    const res = await publish(ada, card!.sceneId, { slotId: card!.slotId! });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NO_AVAILABLE_SLOT');
    expect((await call(ada, 'GET', '/api/slot/available')).json()).toEqual([]);
  });
  it('sorts the owner’s own spaces by last change, views or likes, and refuses an unknown sort', async () => {
    const carl = await signUpUser(app, db, 'carl@example.com', 'Carl Counts', 'premium-user');
    const [a, b, c] = [await draft(carl, 'Quiet Atrium'), await draft(carl, 'Busy Atrium'), await draft(carl, 'Loved Atrium')];
    await db.db.update(scenes).set({ viewsCount: 50, likesCount: 1 }).where(eq(scenes.id, b));
    await db.db.update(scenes).set({ viewsCount: 5, likesCount: 9 }).where(eq(scenes.id, c));
    // Last change first: a touched after the others.
    await db.db.update(scenes).set({ updatedAt: new Date(Date.now() + 60_000) }).where(eq(scenes.id, a));
    const ids = async (query: string) => {
      const res = await call(carl, 'GET', `/api/publishedscene/metadata/my?state=Draft${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SceneCard[]).map((card) => card.sceneId);
    };
    expect((await ids('')).indexOf(a)).toBe(0);
    expect(await ids('&sort=date')).toEqual(await ids(''));
    expect(await ids('&sort=views')).toEqual([b, c, a]);
    expect(await ids('&sort=likes')).toEqual([c, b, a]);
    const bad = await call(carl, 'GET', '/api/publishedscene/metadata/my?sort=price');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });
});
