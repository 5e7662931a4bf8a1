import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Room } from '@colyseus/sdk';
import { eq } from 'drizzle-orm';
import { REALTIME_PROTOCOL_VERSION, SPACE_ROOM, type HappeningNowItem } from '@atrium/shared';
import { scenes } from '../src/db/schema/index.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient, until, type Person } from './support/realtime.ts';

// Issue 20 Explore "happening now": spaces with an event on or people in them now, only those the
// caller may see, events first; empty when nothing happens.
describe.each(databases)('explore happening now on %s', (_name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  let base: string;
  let owner: Person;
  let visitor: Person;
  const rooms: Room[] = [];

  const happening = async (who: Person | null) => {
    const res = await app.inject({ url: '/api/publishedscene/metadata/happeningnow', ...(who ? { headers: bearer(who.token) } : {}) });
    expect(res.statusCode).toBe(200);
    return res.json<HappeningNowItem[]>();
  };
  const liveEvent = async (sceneId: string, title: string, durationMinutes = 30) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/sceneevent/scene/${sceneId}`,
      headers: bearer(owner.token),
      payload: { title, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ eventId: string }>().eventId;
  };

  beforeAll(async () => {
    db = await openDb();
    ({ app } = await makeTestApp(db));
    base = await listen(app);
    [owner, visitor] = (await makePeople(db.db, 2, 'happening')) as [Person, Person];
  }, 120_000);
  afterAll(async () => {
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 1000))]);
    await app?.close();
    await db?.close();
  });

  it('is empty when nothing happens, then lists live events first and occupied spaces after, and drops them when over', async () => {
    expect(await happening(null)).toEqual([]);
    // An upcoming event is not happening now.
    const quiet = (await makeSpace(db.db, { ownerId: owner.id })).id;
    await app.inject({
      method: 'POST',
      url: `/api/sceneevent/scene/${quiet}`,
      headers: bearer(owner.token),
      payload: { title: 'Later', startsAt: new Date(Date.now() + 3600_000).toISOString(), durationMinutes: 30 },
    });
    expect(await happening(null)).toEqual([]);

    const busy = (await makeSpace(db.db, { ownerId: owner.id })).id;
    const room = await joinSpace(spaceClient(base, visitor.token), busy);
    rooms.push(room);
    await until(async () => (await happening(null)).length === 1, 5000, 'the occupied space');
    expect(await happening(null)).toMatchObject([{ card: { sceneId: busy }, event: null, present: 1 }]);

    const party = (await makeSpace(db.db, { ownerId: owner.id })).id;
    const eventId = await liveEvent(party, 'Opening night');
    const list = await happening(visitor);
    expect(list.map((i) => i.card.sceneId)).toEqual([party, busy]);
    expect(list[0]).toMatchObject({ event: { eventId, title: 'Opening night' }, present: 0 });

    // The event cancelled and the visitor gone: nothing happens any more.
    await app.inject({ method: 'DELETE', url: `/api/sceneevent/${eventId}`, headers: bearer(owner.token) });
    await room.leave();
    await until(async () => (await happening(null)).length === 0, 5000, 'an empty list');
  });

  it("shows a private space's event only to those who may see the space; draft previews are not counted", async () => {
    const secret = (await makeSpace(db.db, { ownerId: owner.id })).id;
    await liveEvent(secret, 'Members only');
    await db.db.update(scenes).set({ publishedPublic: false, privacyAclEnabled: true }).where(eq(scenes.id, secret));
    expect((await happening(null)).map((i) => i.card.sceneId)).not.toContain(secret);
    expect((await happening(visitor)).map((i) => i.card.sceneId)).not.toContain(secret);
    expect((await happening(owner)).map((i) => i.card.sceneId)).toContain(secret);

    // The owner previewing the draft of a published space is not "people in the space".
    const draft = (await makeSpace(db.db, { ownerId: owner.id })).id;
    const preview = await spaceClient(base, owner.token).joinOrCreate(SPACE_ROOM, {
      protocol: REALTIME_PROTOCOL_VERSION,
      sceneId: draft,
      draft: true,
    });
    rooms.push(preview);
    await new Promise((r) => setTimeout(r, 300));
    expect((await happening(owner)).map((i) => i.card.sceneId)).not.toContain(draft);
    await preview.leave();
  });
});
