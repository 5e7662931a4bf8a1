import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { Room } from '@colyseus/sdk';
import { emptySceneDocument, HUB_EVENTS, HUB_METHODS, REALTIME_PROTOCOL_VERSION, SPACE_ROOM, type HubAck, type SceneLiveCount } from '@atrium/shared';
import { sceneAcl } from '../src/db/schema/index.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { connected, hub, joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

// Issue 13 (Trust): who may sit in a live room is decided by the room's own space, through
// publishing's access rule, and live counts of spaces a caller may not read are not given.

describe.each(databases)('realtime access on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: Person;
  let friend: Person; // on the private space's privacy list
  let stranger: Person;
  const rooms: Room[] = [];
  const sockets: Socket[] = [];
  const track = (r: Room) => (rooms.push(r), r);
  const options = (sceneId: string, draft?: boolean) => ({ protocol: REALTIME_PROTOCOL_VERSION, sceneId, ...(draft ? { draft } : {}) });

  /** Published, not public, visible to `listed` only, made by `creatorId` (defaults to the owner). */
  async function privateSpace(listed: Person[], creatorId = owner.id) {
    const doc = emptySceneDocument();
    const row = await new ScenesRepo(db.db).insert({
      title: 'Private room',
      state: 'Published',
      publishedPublic: false,
      privacyAclEnabled: true,
      visible: true,
      ownerId: owner.id,
      creatorId,
      content: doc as object,
      publishedContent: doc as object,
      publishedAt: new Date(),
    });
    for (const p of listed) await db.db.insert(sceneAcl).values({ sceneId: row.id, list: 'privacy', principalType: 'user', principalId: p.id });
    return row;
  }

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    [owner, friend, stranger] = (await makePeople(db.db, 3, 'acc')) as [Person, Person, Person];
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app.close();
    await db.close();
  });

  it('keeps a stranger out of a private space’s room, even by its room id with another space in the options', async () => {
    const secret = await privateSpace([friend]);
    const open = await makeSpace(db.db);
    const inside = track(await joinSpace(spaceClient(base, friend.token), secret.id));
    await expect(joinSpace(spaceClient(base, stranger.token), secret.id)).rejects.toMatchObject({ code: 403 });
    // An invite link's ?instance= carries the room id: pairing it with a space the stranger may read is no key.
    await expect(spaceClient(base, stranger.token).joinById(inside.roomId, options(open.id))).rejects.toMatchObject({ code: 404 });
    await expect(spaceClient(base, stranger.token).joinById(inside.roomId, options(secret.id))).rejects.toMatchObject({ code: 403 });
    // The one who may read it can follow the link.
    const viaLink = track(await spaceClient(base, owner.token).joinById(inside.roomId, options(secret.id)));
    expect(viaLink.roomId).toBe(inside.roomId);
    await until(() => (inside.state as { avatars?: Map<string, unknown> }).avatars?.size === 2, 5000, 'two visitors');
  });

  it('keeps everyone but the owner out of a draft preview, whichever options reach its room', async () => {
    const draft = await makeSpace(db.db, { state: 'Draft', ownerId: owner.id });
    const open = await makeSpace(db.db);
    const preview = track(await spaceClient(base, owner.token).joinOrCreate(SPACE_ROOM, options(draft.id, true)));
    await expect(spaceClient(base, stranger.token).joinById(preview.roomId, options(open.id))).rejects.toMatchObject({ code: 404 });
    await expect(spaceClient(base, stranger.token).joinById(preview.roomId, options(draft.id, true))).rejects.toMatchObject({ code: 403 });
    // The published version's visitors never share an instance with a draft preview.
    const published = await makeSpace(db.db, { ownerId: owner.id });
    const ownerPreview = track(await spaceClient(base, owner.token).joinOrCreate(SPACE_ROOM, options(published.id, true)));
    const visitor = track(await joinSpace(spaceClient(base, stranger.token), published.id));
    expect(visitor.roomId).not.toBe(ownerPreview.roomId);
    await expect(spaceClient(base, stranger.token).joinById(ownerPreview.roomId, options(published.id))).rejects.toMatchObject({ code: 404 });
  });

  it('applies publishing’s rule: being the creator of someone else’s private space is no pass', async () => {
    const space = await privateSpace([], stranger.id);
    await expect(joinSpace(spaceClient(base, stranger.token), space.id)).rejects.toMatchObject({ code: 403 });
    track(await joinSpace(spaceClient(base, owner.token), space.id));
  });

  it('gives live counts only of spaces the caller may read, over HTTP and on the feed', async () => {
    const secret = await privateSpace([friend]);
    const open = await makeSpace(db.db);
    track(await joinSpace(spaceClient(base, friend.token), secret.id));
    track(await joinSpace(spaceClient(base, friend.token), open.id));
    const live = async (who: Person | null) => {
      const res = await app.inject({ method: 'GET', url: `/api/live?sceneIds=${secret.id},${open.id},not-a-uuid`, headers: who ? bearer(who.token) : {} });
      expect(res.statusCode).toBe(200);
      return (res.json() as { scenes: SceneLiveCount[] }).scenes;
    };
    await until(async () => (await live(friend)).filter((s) => s.count === 1).length === 2, 5000, 'counts of both spaces');
    expect((await live(null)).map((s) => s.sceneId)).toEqual([open.id]);
    expect((await live(stranger)).map((s) => s.sceneId)).toEqual([open.id]);
    expect((await live(friend)).map((s) => s.sceneId)).toEqual([secret.id, open.id]);

    // The feed answers a watch list with the current figures before its ack.
    const watch = async (token?: string) => {
      const s = hub(base, 'liveCounts', token);
      sockets.push(s);
      await connected(s);
      const seen: string[] = [];
      s.on(HUB_EVENTS.liveVisitorsInScene, (e: SceneLiveCount) => seen.push(e.sceneId));
      const ack = (await s.timeout(3000).emitWithAck(HUB_METHODS.watchScenes, { sceneIds: [secret.id, open.id] })) as HubAck;
      expect(ack).toEqual({ ok: true });
      return seen;
    };
    expect(await watch()).toEqual([open.id]);
    expect((await watch(friend.token)).sort()).toEqual([secret.id, open.id].sort());
  });
});
