import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exploreQuery, type ExploreQuery } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { ExploreRepo, TEXT_PROBE } from '../src/modules/explore/repo.ts';
import { RECOMMENDED_BOUNDS } from '../src/modules/explore/recommended.ts';
import { SocialRepo } from '../src/modules/social/repo.ts';

/** The documented global score (CONTEXT.md), computed here independently of the SQL function. */
const globalScore = (likes: number, views: number, ageDays: number) => 2 * Math.log(1 + likes) + Math.log(1 + views) + 3 * Math.exp(-ageDays / 14);

describe.each(databases)('Recommended ranking on %s', (_name, open) => {
  let db: TestDb;
  let repo: ExploreRepo;
  const ids = { viewer: '', alice: '', bruno: '' };
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const q = (over: Partial<ExploreQuery> = {}) => exploreQuery.parse({ filter: 'Recommended', ipp: 100, ...over });
  const rank = async () =>
    new Map(
      rows<{ scene_id: string; score: number }>(await db.db.execute(sql`select scene_id, score from scene_rank`)).map((r) => [r.scene_id, Number(r.score)]),
    );

  /** n published public spaces by `creator`, numbered from `from`, with chosen counts and age. */
  const spaces = async (creator: string, n: number, opts: { from?: number; tags?: string[]; likes?: string; views?: string; ageDays?: string } = {}) => {
    const r = await db.db.execute(sql`
      insert into scenes (id, owner_id, creator_id, title, tags, state, visible, published_public, content, published_content, published_at, likes_count, views_count)
      select gen_random_uuid(), ${creator}, ${creator}, 'Space ' || (${opts.from ?? 0} + g), string_to_array(${(opts.tags ?? ['hall', 'plain', 'room']).join(',')}, ','), 'Published', true, true, '{}'::jsonb, '{}'::jsonb,
        now() - (${sql.raw(opts.ageDays ?? '0')}) * interval '1 day', ${sql.raw(opts.likes ?? '0')}, ${sql.raw(opts.views ?? '0')}
      from generate_series(1, ${n}) g returning id`);
    return rows<{ id: string }>(r).map((x) => x.id);
  };

  beforeAll(async () => {
    db = await open();
    repo = new ExploreRepo(db.db);
    for (const k of Object.keys(ids) as (keyof typeof ids)[]) {
      const r = await db.db.execute(sql`insert into users (id, subject, login_provider, name) values (gen_random_uuid(), ${`test:${k}`}, 'test', ${k}) returning id`);
      ids[k] = rows<{ id: string }>(r)[0]!.id;
    }
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps scene_rank in step with likes, views, publishing and unpublishing', async () => {
    const [a, b] = await spaces(ids.alice, 2, { views: 'g * 10', ageDays: '3' });
    let r = await rank();
    expect(r.get(a!)).toBeCloseTo(globalScore(0, 10, 3), 3);
    expect(r.get(b!)).toBeCloseTo(globalScore(0, 20, 3), 3);
    const social = new SocialRepo(db.db);
    await social.like(a!, ids.viewer);
    await social.like(a!, ids.bruno);
    expect((await rank()).get(a!)).toBeCloseTo(globalScore(2, 10, 3), 3);
    await social.unlike(a!, ids.bruno);
    expect((await rank()).get(a!)).toBeCloseTo(globalScore(1, 10, 3), 3);
    // A draft has no rank; publishing gives it one, unpublishing takes it away again.
    await db.db.execute(sql`update scenes set state = 'Draft' where id = ${b!}`);
    expect((await rank()).has(b!)).toBe(false);
    await db.db.execute(sql`update scenes set state = 'Published' where id = ${b!}`);
    r = await rank();
    expect(r.get(b!)).toBeCloseTo(globalScore(0, 20, 3), 3);
    await db.db.execute(sql`delete from scenes where id in (${a!}, ${b!})`);
  });

  it('signed-out pages follow hiding and audience changes at once (scene_rank.listed), deep pages included', async () => {
    const made = await spaces(ids.bruno, 12, { from: 500, likes: 'g', ageDays: '2' });
    const best = [...made].reverse();
    const anon = async (cp: number, ipp: number) => (await repo.search(null, q({ cp, ipp }))).map((c) => c.id);
    expect(await anon(0, 12)).toEqual(best);
    expect(await anon(2, 4)).toEqual(best.slice(8, 12));
    const listed = async () => rows<{ listed: boolean }>(await db.db.execute(sql`select listed from scene_rank where scene_id = ${best[0]!}`))[0]?.listed;
    expect(await listed()).toBe(true);
    await db.db.execute(sql`update scenes set visible = false where id = ${best[0]!}`);
    await db.db.execute(sql`update scenes set published_public = false where id = ${best[9]!}`);
    expect(await listed()).toBe(false);
    const shown = [...best.slice(1, 9), ...best.slice(10)];
    expect(await anon(0, 12)).toEqual(shown);
    expect(await anon(2, 4)).toEqual(shown.slice(8));
    expect(await anon(1, 4)).toEqual(shown.slice(4, 8));
    // Signed in, the owner still finds the private one (readable as theirs); hidden is hidden to all lists.
    expect((await repo.search(ids.bruno, q({ ipp: 12 }))).map((c) => c.id)).toEqual(best.slice(1));
    await db.db.execute(sql`update scenes set visible = true, published_public = true where id in (${best[0]!}, ${best[9]!})`);
    expect(await listed()).toBe(true);
    expect(await anon(0, 12)).toEqual(best);
    await db.db.execute(sql`delete from scenes where creator_id = ${ids.bruno}`);
  });

  it('orders signed-out visitors by the global score; the refresh job re-ages recent spaces only', async () => {
    const fresh = await spaces(ids.alice, 3, { from: 100, likes: 'g', views: '0', ageDays: '0' });
    const popular = await spaces(ids.alice, 3, { from: 200, likes: '10 * g', views: '50 * g', ageDays: '40' });
    const old = await spaces(ids.alice, 1, { from: 300, likes: '1', views: '0', ageDays: '400' });
    const list = await repo.search(null, q());
    const expected = [
      ...fresh.map((id, i) => ({ id, s: globalScore(i + 1, 0, 0) })),
      ...popular.map((id, i) => ({ id, s: globalScore(10 * (i + 1), 50 * (i + 1), 40) })),
      ...old.map((id) => ({ id, s: globalScore(1, 0, 400) })),
    ].sort((x, y) => y.s - x.s);
    expect(list.map((c) => c.id)).toEqual(expected.map((e) => e.id));

    // Pretend the scores were last computed long ago with no recency term at all.
    await db.db.execute(sql`update scene_rank set score = 0, refreshed_at = now() - interval '1 hour'`);
    const refreshed = await repo.refreshRanks();
    expect(refreshed).toBe(fresh.length + popular.length);
    const r = await rank();
    expect(r.get(fresh[0]!)).toBeCloseTo(globalScore(1, 0, 0), 3);
    expect(r.get(popular[2]!)).toBeCloseTo(globalScore(30, 150, 40), 3);
    // Older than the refresh window: its recency term is below 1e-4 and the job leaves it alone.
    expect(r.get(old[0]!)).toBe(0);
    expect(await repo.refreshRanks()).toBe(0);
    await db.db.execute(sql`update scene_rank set score = atrium_recommend_score(s.likes_count, s.views_count, s.published_at, now()) from scenes s where s.id = scene_rank.scene_id`);
  });

  it('lifts followed creators and tags of liked spaces for the signed-in visitor only', async () => {
    await db.db.execute(sql`delete from scenes`);
    const plain = await spaces(ids.alice, 3, { from: 0, likes: '1', views: '0', ageDays: '10' });
    const [followed] = await spaces(ids.bruno, 1, { from: 10, likes: '0', views: '0', ageDays: '10' });
    const [tagged] = await spaces(ids.alice, 1, { from: 20, likes: '0', views: '0', ageDays: '10', tags: ['marble', 'statue', 'museum'] });
    const [liked] = await spaces(ids.alice, 1, { from: 30, likes: '0', views: '0', ageDays: '200', tags: ['marble', 'statue', 'museum'] });
    await db.db.execute(sql`insert into user_follows (follower_id, followee_id) values (${ids.viewer}, ${ids.bruno})`);
    await new SocialRepo(db.db).like(liked!, ids.viewer);

    const anon = (await repo.search(null, q())).map((c) => c.id);
    expect(anon.slice(0, 3).sort()).toEqual([...plain].sort());
    // Plain spaces 2·ln 2 + recency ≈ 2.86; followed +2 → 3.47; tagged +1.5 (3 shared tags, capped) → 2.97;
    // the liked one itself, 200 days old, 1.39 + 1.5 → 2.89: every personal term overtakes the plain ones.
    const personal = (await repo.search(ids.viewer, q())).map((c) => c.id);
    const base = globalScore(0, 0, 10);
    const scores = new Map([
      ...plain.map((id) => [id, globalScore(1, 0, 10)] as const),
      [followed!, base + 2],
      [tagged!, base + 1.5],
      [liked!, globalScore(1, 0, 200) + 1.5],
    ]);
    expect(personal).toEqual([...scores.entries()].sort((x, y) => y[1] - x[1] || (y[0] > x[0] ? 1 : -1)).map(([id]) => id));
    expect(personal.slice(0, 3)).toEqual([followed, tagged, liked]);
    // Signed out, the same spaces rank by the global score alone.
    expect(anon.at(-1)).toBe(liked);
  });

  it('pages past the re-ranked head, and through public ∪ own ∪ shared for other orders, without repeating or dropping a space', async () => {
    await db.db.execute(sql`delete from scenes`);
    // More than the head and than the text probe, so both hand-overs are crossed.
    const total = Math.max(RECOMMENDED_BOUNDS.headSize, TEXT_PROBE) + 45;
    const all = await spaces(ids.alice, total, { likes: 'g % 17', views: '(g * 7) % 31', ageDays: 'g % 60' });
    await db.db.execute(sql`insert into user_follows (follower_id, followee_id) values (${ids.viewer}, ${ids.alice}) on conflict do nothing`);
    // A private space by someone else stays out; one the viewer is listed on comes in.
    const [hidden, listed] = await spaces(ids.bruno, 2, { from: 9000, likes: '0', views: '0', ageDays: '0' });
    await db.db.execute(sql`update scenes set published_public = false, privacy_acl_enabled = true where id in (${hidden!}, ${listed!})`);
    await db.db.execute(sql`insert into scene_acl (scene_id, list, principal_type, principal_id) values (${listed!}, 'privacy', 'user', ${ids.viewer})`);
    const seen: string[] = [];
    for (let cp = 0; ; cp++) {
      const page = await repo.search(ids.viewer, q({ cp, ipp: 40 }));
      seen.push(...page.map((c) => c.id));
      if (page.length < 40) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...all, listed!].sort());
    const anon: string[] = [];
    for (let cp = 0; ; cp++) {
      const page = await repo.search(null, q({ cp, ipp: 50 }));
      anon.push(...page.map((c) => c.id));
      if (page.length < 50) break;
    }
    expect([...anon].sort()).toEqual([...all].sort());

    // The other orders cut pages from public ∪ own ∪ shared: same set, in order, nothing twice.
    const [own] = await spaces(ids.viewer, 1, { from: 9100, likes: '0', views: '0', ageDays: '1' });
    await db.db.execute(sql`update scenes set published_public = false where id = ${own!}`);
    for (const sort of ['date', 'likes'] as const) {
      const cards = [];
      for (let cp = 0; ; cp++) {
        const page = await repo.search(ids.viewer, exploreQuery.parse({ sort, cp, ipp: 40 }));
        cards.push(...page);
        if (page.length < 40) break;
      }
      expect(cards.map((c) => c.id).sort(), sort).toEqual([...all, listed!, own!].sort());
      const keys = cards.map((c) => (sort === 'date' ? c.publishedAt!.getTime() : c.likesCount));
      expect(keys, sort).toEqual([...keys].sort((x, y) => y - x));
    }
    // Search: a word in every title (over the probe, so the text condition stays) and rare ones (ids).
    const common: string[] = [];
    for (let cp = 0; ; cp++) {
      const page = await repo.search(ids.viewer, exploreQuery.parse({ q: 'space', cp, ipp: 100 }));
      common.push(...page.map((c) => c.id));
      if (page.length < 100) break;
    }
    expect(common.length).toBeGreaterThan(TEXT_PROBE);
    expect(common.sort()).toEqual([...all, listed!, own!].sort());
    const recommended: string[] = [];
    for (let cp = 0; ; cp++) {
      const page = await repo.search(ids.viewer, exploreQuery.parse({ q: 'space', filter: 'Recommended', cp, ipp: 100 }));
      recommended.push(...page.map((c) => c.id));
      if (page.length < 100) break;
    }
    expect(new Set(recommended).size).toBe(recommended.length);
    expect(recommended.sort()).toEqual(common);
    expect((await repo.search(ids.viewer, exploreQuery.parse({ q: '9002' }))).map((c) => c.id)).toEqual([listed]);
    expect(await repo.search(ids.viewer, exploreQuery.parse({ q: '9001' }))).toEqual([]);
    expect((await repo.search(ids.viewer, exploreQuery.parse({ q: '9002', filter: 'Recommended' }))).map((c) => c.id)).toEqual([listed]);
    expect(await repo.search(null, exploreQuery.parse({ q: 'nosuchword' }))).toEqual([]);
    const priv = await repo.search(ids.viewer, exploreQuery.parse({ filter: 'Private' }));
    expect(priv.map((c) => c.id).sort()).toEqual([listed!, own!].sort());
    expect(await repo.search(ids.bruno, exploreQuery.parse({ filter: 'Private', q: 'space' }))).toHaveLength(2);
  });
});
