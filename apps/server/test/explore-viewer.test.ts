import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SceneCard } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { signUpUser, injectAs, type TestUser as User } from './support/users.ts';
import { SceneAccess } from '../src/modules/sceneAccess/access.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { ExploreRepo } from '../src/modules/explore/repo.ts';
import { ExploreService, TRENDING } from '../src/modules/explore/service.ts';

// The viewer's "Explore other spaces" lists that Explore itself does not have: RELATED (by shared
// tags) and TRENDING (likes and views of the last 7 days), both honouring privacy.

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };

describe.each(databases)('viewer explore lists on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: User;
  let bob: User;
  let cy: User;
  let eve: User;

  const call = (who: User | null, method: 'GET' | 'POST', url: string, payload?: object) => injectAs(app, who, method, url, payload, BROWSER);
  const list = async (who: User | null, url: string) => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SceneCard[]).map((c) => c.title);
  };
  const publish = async (who: User, title: string, tags: string[], extra: object = {}) => {
    const draft = await call(who, 'POST', '/api/scene/metadata', { title, tags, description: '' });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().sceneId as string;
    const [slot] = (await call(who, 'GET', '/api/slot/available')).json();
    const res = await call(who, 'POST', `/api/sceneactions/${id}/publish`, { slotId: slot.slotId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };

  let harbour: string;
  let lighthouse: string;
  let privateCove: string;

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada');
    bob = await signUpUser(app, db, 'bob@example.com', 'Bob');
    cy = await signUpUser(app, db, 'cy@example.com', 'Cy');
    eve = await signUpUser(app, db, 'eve@example.com', 'Eve');
    harbour = await publish(ada, 'Harbour', ['sea', 'boats', 'coast']);
    lighthouse = await publish(bob, 'Lighthouse', ['sea', 'coast', 'light']);
    await publish(cy, 'Forest', ['trees', 'moss', 'trail']);
    privateCove = await publish(eve, 'Private Cove', ['sea', 'coast', 'boats'], { publishedPublic: false });
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('RELATED lists other visible spaces sharing tags, most shared first, never the space itself or a private one', async () => {
    const more = await publish(await signUpUser(app, db, 'dee@example.com', 'Dee'), 'Sea Cave', ['sea', 'rocks', 'dark']);
    expect(await list(null, `/api/publishedscene/metadata/${harbour}/related`)).toEqual(['Lighthouse', 'Sea Cave']);
    // Eve owns the private cove, so Eve sees it (three shared tags put it first).
    expect(await list(eve, `/api/publishedscene/metadata/${harbour}/related`)).toEqual(['Private Cove', 'Lighthouse', 'Sea Cave']);
    expect(await list(null, `/api/publishedscene/metadata/${harbour}/related?ipp=1&cp=1`)).toEqual(['Sea Cave']);
    // One shared tag each: ties keep a stable but unspecified order.
    expect((await list(null, `/api/publishedscene/metadata/${more}/related`)).sort()).toEqual(['Harbour', 'Lighthouse']);
  });

  it('RELATED answers 404 for a space the caller cannot see and 400 for bad ids or paging', async () => {
    const hidden = await call(ada, 'GET', `/api/publishedscene/metadata/${privateCove}/related`);
    expect(hidden.statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/publishedscene/metadata/00000000-0000-4000-8000-000000000000/related')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/publishedscene/metadata/not-a-uuid/related')).statusCode).toBe(400);
    for (const q of ['ipp=0', 'ipp=101', 'cp=-1', 'cp=1001', 'x=1'])
      expect((await call(null, 'GET', `/api/publishedscene/metadata/${harbour}/related?${q}`)).statusCode, q).toBe(400);
  });

  it('TRENDING ranks public spaces by likes (2) and counted views (1) of the last 7 days', async () => {
    // Lighthouse: one like (2) + one view (1) = 3; Harbour: two views = 2; the private cove never trends.
    await call(ada, 'POST', `/api/scenelike/scene/${lighthouse}`);
    await call(ada, 'POST', `/api/sceneview/${lighthouse}`);
    await call(bob, 'POST', `/api/sceneview/${harbour}`);
    await call(cy, 'POST', `/api/sceneview/${harbour}`);
    await call(eve, 'POST', `/api/sceneview/${privateCove}`); // the owner's visit is not counted
    await call(bob, 'POST', `/api/scenelike/scene/${privateCove}`); // 404: Bob cannot see it
    expect(await list(null, '/api/publishedscene/metadata/trending')).toEqual(['Lighthouse', 'Harbour']);
    expect(await list(eve, '/api/publishedscene/metadata/trending?ipp=1&cp=1')).toEqual(['Harbour']);
    expect(await list(null, '/api/publishedscene/metadata/trending?cp=1')).toEqual([]);
    expect((await call(null, 'GET', '/api/publishedscene/metadata/trending?ipp=500')).statusCode).toBe(400);
  });

  it('TRENDING is computed once per minute, leaves out activity older than the window, and drops hidden spaces at once', async () => {
    const deps = { scenes: new ScenesRepo(db.db), access: new SceneAccess(db.db) };
    const titles = async (s: ExploreService, now?: Date) => (await s.trending(null, { cp: 0, ipp: 9 }, now)).map((c) => c.title);
    const cached = new ExploreService(new ExploreRepo(db.db), deps);
    expect(await titles(cached)).toEqual(['Lighthouse', 'Harbour']);
    // New activity waits for the next computation (a minute later).
    await call(cy, 'POST', `/api/scenelike/scene/${harbour}`);
    await call(eve, 'POST', `/api/scenelike/scene/${harbour}`);
    expect(await titles(cached)).toEqual(['Lighthouse', 'Harbour']);
    expect(await titles(cached, new Date(Date.now() + TRENDING.ttlMs))).toEqual(['Harbour', 'Lighthouse']);
    // A space hidden since the computation is gone from the next page read.
    await db.db.execute(`update scenes set visible = false where id = '${harbour}'` as never);
    expect(await titles(cached, new Date(Date.now() + TRENDING.ttlMs))).toEqual(['Lighthouse']);
    await db.db.execute(`update scenes set visible = true where id = '${harbour}'` as never);
    // Activity older than the window no longer counts.
    await db.db.execute(`update scene_likes set created_at = now() - interval '8 days'` as never);
    await db.db.execute(`update scene_views set viewed_at = now() - interval '8 days' where scene_id = '${harbour}'` as never);
    expect(await titles(new ExploreService(new ExploreRepo(db.db), { ...deps, trendingTtlMs: 0 }))).toEqual(['Lighthouse']);
  });

});
