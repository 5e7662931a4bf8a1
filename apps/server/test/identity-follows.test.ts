import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { FollowsRepo } from '../src/modules/follows/repo.ts';
import { UsersRepo } from '../src/modules/users/repo.ts';
import { ApiKeysService } from '../src/modules/apikeys/service.ts';
import { ApiKeysRepo } from '../src/modules/apikeys/repo.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe.each(databases)('follows and API keys on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let users: UsersRepo;
  let follows: FollowsRepo;
  let keys: ApiKeysService;
  const people: { id: string; key: string }[] = [];

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    users = new UsersRepo(db.db);
    follows = new FollowsRepo(db.db);
    keys = new ApiKeysService(new ApiKeysRepo(db.db));
    // People as an external provider would introduce them (subject only), each with a personal API key.
    for (const i of range(16)) {
      const u = await users.ensure({
        subject: `ext-${i}`,
        loginProvider: 'test',
        email: `p${i}@example.org`,
        name: `Person ${i}`,
        role: 'free-user',
      });
      people.push({ id: u.id, key: (await keys.createFor(u.id, 'test')).key });
    }
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const counts = async (id: string) => {
    const u = (await users.byId(id))!;
    return { followers: u.numOfFollowers, following: u.numOfFollowing };
  };

  it('counts a follower once when the same follow arrives 20 times at once', async () => {
    const [a, b] = [people[0]!, people[1]!];
    const results = await Promise.all(
      range(20).map(() =>
        app.inject({ method: 'POST', url: `/api/userFollow/${b.id}`, headers: bearer(a.key) }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(b.id)).toMatchObject({ followers: 1 });
    expect(await counts(a.id)).toMatchObject({ following: 1 });
  });

  it('keeps exact counts when many people follow and unfollow concurrently', async () => {
    const star = people[2]!;
    const fans = people.slice(3);
    await Promise.all(
      fans.map((f) =>
        app.inject({ method: 'POST', url: `/api/userFollow/${star.id}`, headers: bearer(f.key) }),
      ),
    );
    expect((await counts(star.id)).followers).toBe(fans.length);
    // Half unfollow twice while the rest follow again: the counter must equal the edges.
    await Promise.all(
      fans.flatMap((f, i) =>
        i % 2 === 0
          ? [follows.unfollow(f.id, star.id), follows.unfollow(f.id, star.id)]
          : [follows.follow(f.id, star.id), follows.follow(f.id, star.id)],
      ),
    );
    const edges = await follows.countEdges(star.id);
    expect(edges.followers).toBe(Math.floor(fans.length / 2));
    expect((await counts(star.id)).followers).toBe(edges.followers);
    for (const f of fans) {
      const e = await follows.countEdges(f.id);
      expect((await counts(f.id)).following).toBe(e.following);
    }
  });

  it('lists followers and following with paging and a total, newest first', async () => {
    const star = people[2]!;
    const page = await app.inject({ method: 'GET', url: `/api/userFollow/${star.id}/followers?ipp=3` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String((await counts(star.id)).followers));
    expect(page.json()).toHaveLength(3);
    const following = await app.inject({ method: 'GET', url: `/api/userFollow/${people[0]!.id}/following` });
    expect(following.json().map((u: { userId: string }) => u.userId)).toEqual([people[1]!.id]);
    const status = await app.inject({
      method: 'GET',
      url: `/api/userFollow/${people[1]!.id}`,
      headers: bearer(people[0]!.key),
    });
    expect(status.json()).toEqual({ following: true, numOfFollowers: 1 });
    const viewed = await app.inject({
      method: 'GET',
      url: `/api/user/${people[1]!.id}`,
      headers: bearer(people[0]!.key),
    });
    expect(viewed.json().isFollowed).toBe(true);
  });

  it('refuses following oneself, unknown users, and anonymous follows', async () => {
    const a = people[0]!;
    expect(
      (await app.inject({ method: 'POST', url: `/api/userFollow/${a.id}`, headers: bearer(a.key) }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/userFollow/00000000-0000-7000-8000-000000000000',
          headers: bearer(a.key),
        })
      ).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/userFollow/${people[1]!.id}` })).statusCode).toBe(
      401,
    );
  });

  it('creates, lists and revokes API keys; only a hash is stored; a key cannot mint keys', async () => {
    const a = people[0]!;
    // Minting needs a signed-in session, not a key.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/apikeys',
          headers: bearer(a.key),
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/apikeys', headers: bearer(a.key) });
    expect(list.json()).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(a.key);
    const stored = await db.queryRows<{ key_hash: string }>(
      `select key_hash from api_keys where user_id = '${a.id}'`,
    );
    expect(stored[0]!.key_hash).not.toContain(a.key.slice(4));
    const other = people[1]!;
    const foreignId = (
      await app.inject({ method: 'GET', url: '/api/apikeys', headers: bearer(other.key) })
    ).json()[0].id as string;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/apikeys/${foreignId}`, headers: bearer(a.key) }))
        .statusCode,
    ).toBe(404);
    const own = list.json()[0].id as string;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/apikeys/${own}`, headers: bearer(a.key) })).statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(a.key) })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer('atr_forged-key') }))
        .statusCode,
    ).toBe(401);
  });
});
