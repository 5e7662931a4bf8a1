// The viewer's "Explore other spaces" lists that Explore itself lacks, at scale: RELATED (shared tags)
// and TRENDING (likes and views of the last 7 days) over 100,000 published spaces, ~950,000 likes and
// 300,000 counted views spread over 60 days, measured through the API (inject) next to the same SQL
// sent raw. TRENDING pages come from a ranking the service computes once a minute; that computation
// is timed on its own. Bounded: 100 runs per case.
import { SOCIAL_LIMITS } from '@atrium/shared';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { ExploreRepo } from '../apps/server/src/modules/explore/repo.ts';
import { TRENDING } from '../apps/server/src/modules/explore/service.ts';
import { openScratchDb } from './scratchDb.ts';
import { line, percentile } from './support.ts';

const SPACES = 100_000;
const USERS = 2_000;
const VIEWS = 300_000;
const RUNS = 100;
// 40 tags; every space has 3 of them, so a tag is on ~7,500 spaces.
const TAGS = Array.from({ length: 40 }, (_, i) => `tag${i}`);

const { db, client, close } = await openScratchDb();
try {
  const t0 = performance.now();
  const tags = `(array[${TAGS.map((t) => `'${t}'`).join(',')}])`;
  await client.query(`
    insert into users (id, subject, login_provider, name)
    select gen_random_uuid(), 'bench:' || n, 'bench', 'Creator ' || n from generate_series(1, ${USERS}) n`);
  await client.query(`create temp table bench_users as select row_number() over (order by id) - 1 as i, id from users where login_provider = 'bench'`);
  await client.query(`
    insert into scenes (id, owner_id, creator_id, title, description, tags, state, visible, published_public, content, published_content, published_at)
    select gen_random_uuid(), u.id, u.id, 'Space ' || n, '',
      array[${tags}[1 + n % 40], ${tags}[1 + (n / 40) % 40], ${tags}[1 + (n / 7) % 40]],
      'Published', true, n % 10 <> 0, '{}'::jsonb, '{}'::jsonb, now() - (n % 365) * interval '1 day'
    from generate_series(1, ${SPACES}) n join bench_users u on u.i = n % ${USERS}`);
  await client.query(`create temp table bench_scenes as select row_number() over (order by id) - 1 as i, id from scenes`);
  // Scene i gets (i % 20) likes, spread over the last 60 days (about 1 in 9 inside the trending window).
  await client.query(`
    insert into scene_likes (scene_id, user_id, created_at)
    select s.id, u.id, now() - ((s.i * 31 + j * 17) % (60 * 24)) * interval '1 hour' from bench_scenes s
    cross join generate_series(0, 19) j
    join bench_users u on u.i = (s.i * 7 + j * 97) % ${USERS}
    where j < s.i % 20`);
  await client.query(`
    insert into scene_views (id, scene_id, visitor_key, viewed_at)
    select gen_random_uuid(), s.id, 'a:' || n, now() - (n % (60 * 24)) * interval '1 hour'
    from generate_series(1, ${VIEWS}) n join bench_scenes s on s.i = (n::bigint * 7919) % ${SPACES}`);
  await client.query(`update scenes s set likes_count = l.n from (select scene_id, count(*) n from scene_likes group by scene_id) l where l.scene_id = s.id`);
  await client.query('vacuum analyze');
  const likes = (await client.query('select count(*)::int n from scene_likes')).rows[0].n as number;
  const recent = (await client.query(`select (select count(*) from scene_likes where created_at > now() - interval '7 days') + (select count(*) from scene_views where viewed_at > now() - interval '7 days') n`)).rows[0].n as string;
  line('seeded spaces / likes / views', `${SPACES.toLocaleString('en-US')} / ${likes.toLocaleString('en-US')} / ${VIEWS.toLocaleString('en-US')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  line('likes + views inside the 7-day window', Number(recent).toLocaleString('en-US'));

  const { app } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '10000000' });
  const repo = new ExploreRepo(db.db);
  // The once-a-minute TRENDING computation itself (every like and view of the window aggregated).
  const compute: number[] = [];
  let trendIds: string[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    trendIds = await repo.trendingIds(new Date(Date.now() - SOCIAL_LIMITS.trendingWindowDays * 86_400_000), TRENDING.maxIds);
    if (i >= 2) compute.push(performance.now() - t);
  }
  compute.sort((a, b) => a - b);
  line('TRENDING ranking computation (once a minute)', `p50 ${percentile(compute, 50).toFixed(0)} ms, max ${compute.at(-1)!.toFixed(0)} ms`);
  const publicIds = (await client.query<{ id: string; tags: string[] }>('select id, tags from scenes where published_public order by id limit 500')).rows;

  const cases = [
    {
      label: 'RELATED (3 tags, ~20k candidates)',
      url: (i: number) => `/api/publishedscene/metadata/${publicIds[i % publicIds.length]!.id}/related`,
      raw: (i: number) => {
        const s = publicIds[i % publicIds.length]!;
        return repo.related(null, s.id, s.tags, 0, 9).toSQL();
      },
    },
    {
      // Served from the ranking computed once a minute: a page is the cards of 9 ids.
      label: 'TRENDING page 1 (ranking cached)',
      url: () => '/api/publishedscene/metadata/trending',
      raw: () => repo.many(null, trendIds.slice(0, 9)).toSQL(),
    },
    {
      label: 'TRENDING page 20 (ranking cached)',
      url: () => '/api/publishedscene/metadata/trending?cp=19',
      raw: () => repo.many(null, trendIds.slice(171, 180)).toSQL(),
    },
  ];
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      let t = performance.now();
      const res = await app.inject({ url: c.url(i) });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${c.url(i)}: ${res.statusCode} ${res.body}`);
      const q = c.raw(i);
      t = performance.now();
      await client.query(q.sql.replaceAll('"public".', ''), q.params as unknown[]);
      const rawMs = performance.now() - t;
      if (i >= 5) {
        api.push(ms);
        raw.push(rawMs);
      }
    }
    api.sort((a, b) => a - b);
    raw.sort((a, b) => a - b);
    line(
      c.label,
      `API p50 ${percentile(api, 50).toFixed(1)} ms p99 ${percentile(api, 99).toFixed(1)} ms | raw SQL p50 ${percentile(raw, 50).toFixed(1)} ms p99 ${percentile(raw, 99).toFixed(1)} ms`,
    );
  }
  await app.close();
} finally {
  await close();
}
