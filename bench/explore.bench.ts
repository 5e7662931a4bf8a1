// Explore at scale: 100,000 published spaces and ~1,000,000 likes seeded with generate_series into a
// scratch PostgreSQL schema, then search and each sort measured through the API (inject, so routing,
// validation and serialisation count) next to the same SQL sent raw. Bounded: ~200 runs per query.
import pg from 'pg';
import type { ExploreQuery } from '@atrium/shared';
import { openTestPostgres, TEST_DATABASE_URL } from '../apps/server/test/support/db.ts';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { ExploreRepo } from '../apps/server/src/modules/explore/repo.ts';
import { line, percentile } from './support.ts';

const SPACES = 100_000;
const USERS = 2_000;
const RUNS = 100;
// Pseudo-words from three syllables: 8,000 distinct words, each in about a dozen descriptions.
const SYLL = ['ka', 'lo', 'mi', 'ru', 'ten', 'vo', 'zi', 'pa', 'nor', 'qui', 'sel', 'dra', 'fu', 'gho', 'bel', 'cra', 'jun', 'wex', 'yol', 'har'];
const rareWord = (n: number) => `${SYLL[n % 20]}${SYLL[Math.floor(n / 20) % 20]}${SYLL[Math.floor(n / 400) % 20]}`;
const WORDS = ['gallery', 'museum', 'sculpture', 'garden', 'harbour', 'studio', 'temple', 'forest', 'library', 'loft', 'atrium', 'plaza', 'castle', 'market', 'theatre', 'villa'];

const db = await openTestPostgres();
const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
await client.connect();
await client.query(`set search_path to ${db.schema}`);
try {
  const t0 = performance.now();
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const syll = `(array[${SYLL.map((w) => `'${w}'`).join(',')}])`;
  await client.query(`
    insert into users (id, subject, login_provider, name)
    select gen_random_uuid(), 'bench:' || n, 'bench', 'Creator ' || ${words}[1 + n % ${WORDS.length}] || ' ' || n
    from generate_series(1, ${USERS}) n`);
  await client.query(`create temp table bench_users as select row_number() over (order by id) - 1 as i, id from users where login_provider = 'bench'`);
  await client.query(`
    insert into scenes (id, owner_id, creator_id, title, description, tags, state, visible, published_public, content, published_content, published_at, views_count)
    select gen_random_uuid(), u.id, u.id,
      initcap(${words}[1 + n % ${WORDS.length}]) || ' ' || initcap(${words}[1 + (n / 7) % ${WORDS.length}]) || ' ' || n,
      'A space about ' || ${words}[1 + (n / 3) % ${WORDS.length}] || ' and ' || ${words}[1 + (n / 11) % ${WORDS.length}]
        || ' ' || ${syll}[1 + n % 20] || ${syll}[1 + (n / 20) % 20] || ${syll}[1 + (n / 400) % 20],
      array[${words}[1 + (n / 5) % ${WORDS.length}], ${words}[1 + (n / 13) % ${WORDS.length}], 'space'],
      'Published', true, n % 10 <> 0, '{}'::jsonb, '{}'::jsonb,
      now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second',
      (n * 7919) % 5000
    from generate_series(1, ${SPACES}) n join bench_users u on u.i = n % ${USERS}`);
  await client.query(`create temp table bench_scenes as select row_number() over (order by id) - 1 as i, id from scenes`);
  // Scene i gets (i % 20) likes from distinct users: ~950,000 likes, counts from 0 to 19.
  await client.query(`
    insert into scene_likes (scene_id, user_id)
    select s.id, u.id from bench_scenes s
    cross join generate_series(0, 19) j
    join bench_users u on u.i = (s.i * 7 + j * 97) % ${USERS}
    where j < s.i % 20`);
  await client.query(`update scenes s set likes_count = l.n from (select scene_id, count(*) n from scene_likes group by scene_id) l where l.scene_id = s.id`);
  await client.query('analyze');
  const likes = (await client.query('select count(*)::int n from scene_likes')).rows[0].n as number;
  line('seeded spaces / likes', `${SPACES.toLocaleString('en-US')} / ${likes.toLocaleString('en-US')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { app } = await makeTestApp(db);
  const repo = new ExploreRepo(db.db);
  const cases: { label: string; query: string; q: ExploreQuery }[] = [];
  const base = { filter: 'All', sort: 'date', cp: 0, ipp: 9 } as const;
  cases.push({ label: 'search common word (1 in 16 spaces)', query: 'q=WORD', q: { ...base, q: 'WORD' } });
  cases.push({ label: 'search common word, sort Likes', query: 'q=WORD&sort=likes', q: { ...base, q: 'WORD', sort: 'likes' } });
  cases.push({ label: 'search rare word (~12 spaces)', query: 'q=RARE', q: { ...base, q: 'RARE' } });
  cases.push({ label: 'search creator name', query: 'q=Creator+NUM', q: { ...base, q: 'Creator NUM' } });
  cases.push({ label: 'sort Date Published', query: 'sort=date', q: base });
  cases.push({ label: 'sort Views', query: 'sort=views', q: { ...base, sort: 'views' } });
  cases.push({ label: 'sort Likes', query: 'sort=likes', q: { ...base, sort: 'likes' } });
  cases.push({ label: 'sort Likes, page 50', query: 'sort=likes&cp=50', q: { ...base, sort: 'likes', cp: 50 } });
  cases.push({ label: 'Recommended (signed out)', query: 'filter=Recommended', q: { ...base, filter: 'Recommended' } });

  const word = (i: number) => WORDS[i % WORDS.length]!;
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    // Recommended scores every listed space, so it gets fewer runs to keep the bench bounded.
    const runs = c.q.filter === 'Recommended' ? 20 : RUNS;
    for (let i = 0; i < runs + 10; i++) {
      const rare = rareWord((i * 7919) % 8000);
      const num = String(1 + ((i * 37) % USERS));
      const url = `/api/publishedscene/metadata/search?${c.query.replace('WORD', word(i)).replace('RARE', rare).replace('NUM', num)}`;
      let t = performance.now();
      const res = await app.inject(url);
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const q = c.q.q ? { ...c.q, q: c.q.q.replace('WORD', word(i)).replace('RARE', rare).replace('NUM', num) } : c.q;
      t = performance.now();
      const { sql, params } = repo.build(null, q, q.q ? await repo.creatorsNamed(q.q) : []).toSQL();
      await client.query(sql.replaceAll('"public".', ''), params);
      const rawMs = performance.now() - t;
      if (i === 0 && process.env.EXPLAIN) {
        const plan = await client.query(`explain analyze ${sql.replaceAll('"public".', '')}`, params);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
      if (i >= 10) {
        api.push(ms);
        raw.push(rawMs);
      }
    }
    api.sort((a, b) => a - b);
    raw.sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    line(c.label, `API p50 ${f(percentile(api, 50))} / p99 ${f(percentile(api, 99))} ms   SQL p50 ${f(percentile(raw, 50))} / p99 ${f(percentile(raw, 99))} ms`, 'API p99 < 30 ms');
  }
  await app.close();
} finally {
  await client.end();
  await db.close();
}
