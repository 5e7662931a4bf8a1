// Explore at scale: published spaces and likes (10 per space on average) seeded with generate_series
// into a scratch PostgreSQL schema, then search and each sort measured through the API (inject, so
// routing, validation and serialisation count) next to the same SQL sent raw. Bounded: ~100 runs per
// query. EXPLORE_SPACES sets the scale (default 100,000 spaces / 1,000,000 likes; the issue's target
// is EXPLORE_SPACES=1000000, 10,000,000 likes, whose seed takes minutes). EXPLORE_KEEP=1 keeps the
// seeded schema and prints its name; EXPLORE_SCHEMA=<name> measures again on a kept one (pending
// migrations are applied to it first), skipping the seed.
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ExploreQuery } from '@atrium/shared';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { bearer, signIn } from '../apps/server/test/support/identity.ts';
import { ExploreRepo, TEXT_PROBE } from '../apps/server/src/modules/explore/repo.ts';
import { BROWSING, globalRanked, likedTagsQuery, personalHeadSql, RECOMMENDED_BOUNDS } from '../apps/server/src/modules/explore/recommended.ts';
import { seedDistricts } from './exploreDistricts.ts';
import { openScratchDb } from './scratchDb.ts';
import { line, percentile } from './support.ts';

const SPACES = Number(process.env.EXPLORE_SPACES ?? 100_000);
if (!Number.isInteger(SPACES) || SPACES < 10_000) throw new Error('EXPLORE_SPACES must be an integer ≥ 10000');
// The 100k shape scaled: 50 spaces per creator, and the visitor's own lists keep their sizes.
const SCALE = SPACES / 100_000;
const USERS = Math.max(2_000, Math.round(SPACES / 50));
const every = (n: number) => Math.max(1, Math.round(n * SCALE));
const RUNS = Number(process.env.EXPLORE_RUNS ?? 100);
// Pseudo-words from syllables: 8,000 distinct three-syllable words at 100k spaces (each in about a
// dozen descriptions), four syllables from 200k up so a rare word stays rare.
const SYLL = ['ka', 'lo', 'mi', 'ru', 'ten', 'vo', 'zi', 'pa', 'nor', 'qui', 'sel', 'dra', 'fu', 'gho', 'bel', 'cra', 'jun', 'wex', 'yol', 'har'];
const SYLLABLES = SPACES >= 200_000 ? 4 : 3;
const VOCAB = 20 ** SYLLABLES;
const rareWord = (n: number) => Array.from({ length: SYLLABLES }, (_, k) => SYLL[Math.floor(n / 20 ** k) % 20]).join('');
const WORDS = ['gallery', 'museum', 'sculpture', 'garden', 'harbour', 'studio', 'temple', 'forest', 'library', 'loft', 'atrium', 'plaza', 'castle', 'market', 'theatre', 'villa'];
const reuse = process.env.EXPLORE_SCHEMA;

const { db, client, close } = await openScratchDb(reuse ? { schema: reuse } : { keep: process.env.EXPLORE_KEEP === '1' });
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const ANALYZE = 'vacuum analyze users, scenes, scene_rank, scene_likes, scene_favourites, visit_history, scene_acl, user_follows';

/**
 * Bulk load as an operator would restore a dump: triggers and foreign-key checks off for this session
 * (the rows are consistent by construction; scene_rank is filled in one statement as migration 0008
 * does), secondary indexes and the likes key dropped first and built once after the load.
 */
async function seed() {
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const syll = `(array[${SYLL.map((w) => `'${w}'`).join(',')}])`;
  const rare = Array.from({ length: SYLLABLES }, (_, k) => `${syll}[1 + (n / ${20 ** k}) % 20]`).join(' || ');
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  const tables = `('scenes', 'scene_likes', 'scene_rank')`;
  const indexes = (
    await client.query(`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename in ${tables}
      and indexname not in (select conname from pg_constraint where connamespace = current_schema()::regnamespace)`)
  ).rows as { indexname: string; indexdef: string }[];
  const likesKey = (
    await client.query(`select conname, pg_get_constraintdef(oid) def from pg_constraint where conrelid = 'scene_likes'::regclass and contype = 'p'`)
  ).rows[0] as { conname: string; def: string };
  for (const i of indexes) await client.query(`drop index ${i.indexname}`);
  await client.query(`alter table scene_likes drop constraint ${likesKey.conname}`);

  let t = performance.now();
  await client.query(`
    insert into users (id, subject, login_provider, name)
    select gen_random_uuid(), 'bench:' || n, 'bench', 'Creator ' || ${words}[1 + n % ${WORDS.length}] || ' ' || n
    from generate_series(1, ${USERS}) n`);
  await client.query(`create table bench_users as select row_number() over (order by id) - 1 as i, id from users where login_provider = 'bench'`);
  // i (likes, the visitor's lists) numbers the spaces in id order, so it is independent of n (text,
  // privacy, age, views): the most liked spaces are not all private, nor all of one age.
  await client.query(`create table bench_scenes as select row_number() over (order by id) - 1 as i, id, n
    from (select n, gen_random_uuid() as id from generate_series(1, ${SPACES}) n) s`);
  await client.query(`alter table bench_users add primary key (i)`);
  // Scene i gets k + (k % 2) likes from distinct users, k = i % 20: 10 per space on average, counts
  // from 0 to 20 (1,000,000 likes at 100k spaces, the issue's figure; 10,000,000 at 1M).
  await client.query(`
    insert into scenes (id, owner_id, creator_id, title, description, tags, state, visible, published_public, privacy_acl_enabled,
      content, published_content, published_at, views_count, likes_count)
    select s.id, u.id, u.id,
      initcap(${words}[1 + n % ${WORDS.length}]) || ' ' || initcap(${words}[1 + (n / 7) % ${WORDS.length}]) || ' ' || n,
      'A space about ' || ${words}[1 + (n / 3) % ${WORDS.length}] || ' and ' || ${words}[1 + (n / 11) % ${WORDS.length}] || ' ' || ${rare},
      array[${words}[1 + (n / 5) % ${WORDS.length}], ${words}[1 + (n / 13) % ${WORDS.length}], 'space'],
      'Published', true, n % 10 <> 0, n % 10 = 0, '{}'::jsonb, '{}'::jsonb,
      now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second',
      (n::bigint * 7919 % 5000)::int, s.i % 20 + s.i % 20 % 2
    from bench_scenes s join bench_users u on u.i = s.n % ${USERS} order by s.n`);
  await client.query(`
    insert into scene_rank (scene_id, creator_id, listed, score)
    select id, creator_id, visible and published_public and not district_private,
      atrium_recommend_score(likes_count, views_count, coalesce(published_at, created_at), now()) from scenes where state = 'Published'`);
  line('  spaces loaded', secs(t));
  t = performance.now();
  const batch = 100_000;
  for (let from = 0; from < SPACES; from += batch) {
    await client.query(`
      insert into scene_likes (scene_id, user_id)
      select s.id, u.id from bench_scenes s
      cross join generate_series(0, 19) j
      join bench_users u on u.i = (s.i * 7 + j * 97) % ${USERS}
      where s.i >= ${from} and s.i < ${from + batch} and j < s.i % 20 + s.i % 2`);
  }
  line('  likes loaded', secs(t));
  t = performance.now();
  await client.query(`alter table scene_likes add constraint ${likesKey.conname} ${likesKey.def}`);
  for (const i of indexes) await client.query(i.indexdef);
  await client.query(`set session_replication_role = origin`);
  line('  indexes built', secs(t));
  t = performance.now();
  // Steady state as autovacuum keeps it: statistics and the visibility map.
  await client.query(ANALYZE);
  line('  vacuum analyze', secs(t));
}

try {
  const t0 = performance.now();
  if (!reuse) await seed();
  const likes = (await client.query('select count(*)::int n from scene_likes')).rows[0].n as number;
  line('seeded spaces / likes', `${SPACES.toLocaleString('en-US')} / ${likes.toLocaleString('en-US')}${reuse ? ` (kept schema ${reuse})` : ` in ${secs(t0)}`}`);

  // The bench is one client sending thousands of requests a minute: lift the per-IP limit.
  const { app } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '10000000' });
  const repo = new ExploreRepo(db.db);
  const dialect = new PgDialect();

  // A signed-in visitor who follows 20 creators, liked 30 spaces, favourited 40 and visited 60 (the
  // same visitor at every scale).
  const tokens = await signIn(app, 'bench@example.com', 'password-123', reuse ? {} : { signUpName: 'Bench Visitor' });
  const me = (await app.inject({ url: '/api/user/my', headers: bearer(tokens.access_token) })).json() as { userId: string };
  const auth = bearer(tokens.access_token);
  if (!reuse) {
    await client.query(`insert into user_follows (follower_id, followee_id) select $1, id from bench_users where i % ${Math.round(USERS / 20)} = 3`, [me.userId]);
    await client.query(`insert into scene_likes (scene_id, user_id) select id, $1 from bench_scenes where i % ${every(3331)} = 7`, [me.userId]);
    await client.query(`insert into scene_favourites (scene_id, user_id) select id, $1 from bench_scenes where i % ${every(2500)} = 11`, [me.userId]);
    await client.query(`insert into visit_history (scene_id, user_id) select id, $1 from bench_scenes where i % ${every(1666)} = 5`, [me.userId]);
    // Some private spaces the visitor owns or is listed on.
    await client.query(`update scenes set owner_id = $1, creator_id = $1 where id in (select id from bench_scenes where i % ${every(5000)} = 10)`, [me.userId]);
    await client.query(
      `insert into scene_acl (scene_id, list, principal_type, principal_id) select s.id, 'privacy', 'user', $1 from bench_scenes b join scenes s on s.id = b.id where b.i % ${every(997)} = 0 and not s.published_public`,
      [me.userId],
    );
    await client.query(ANALYZE);
  }
  await seedDistricts(client, SPACES, me.userId);

  /** The statements the repository sends for one page, compiled to SQL text (run on the raw client). */
  const rawStatements = async (actorId: string | null, q: ExploreQuery): Promise<{ sql: string; params: unknown[] }[]> => {
    const text = q.q ? await repo.textMatch(q.q) : undefined;
    const names = q.q && text ? [repo.creatorsNamedQuery(q.q).toSQL(), repo.textProbeQuery(q.q, text.creatorIds).toSQL()] : [];
    if (q.filter !== 'Recommended') return [...names, repo.build(actorId, q, text).toSQL()];
    const where = repo.conditions(actorId, q, text);
    if (!actorId) return [...names, globalRanked(db.db, repo.filters(q, text), [], q.cp * q.ipp, q.ipp, true).toSQL()];
    const tags = (await likedTagsQuery(db.db, actorId)).map((r) => r.tag);
    const shape = q.q ? { headSize: text?.ids ? TEXT_PROBE : RECOMMENDED_BOUNDS.headSize, extras: false } : BROWSING;
    const head = dialect.sqlToQuery(personalHeadSql(actorId, where, tags, shape));
    const rows = (await client.query(head.sql.replaceAll('"public".', ''), head.params)).rows as { id: string; global_n: number }[];
    const ids = rows.slice(q.cp * q.ipp, (q.cp + 1) * q.ipp).map((r) => r.id);
    const statements = [...names, likedTagsQuery(db.db, actorId).toSQL(), head];
    if (ids.length) statements.push(repo.many(actorId, ids).toSQL());
    if (ids.length < q.ipp && Number(rows[0]?.global_n ?? 0) >= shape.headSize) {
      const offset = Math.max(0, q.cp * q.ipp - rows.length);
      statements.push(globalRanked(db.db, where, rows.map((r) => r.id), offset, q.ipp - ids.length).toSQL());
    }
    return statements;
  };

  const cases: { label: string; query: string; q: ExploreQuery; signedIn?: boolean }[] = [];
  const base = { filter: 'All', sort: 'date', cp: 0, ipp: 9 } as const;
  cases.push({ label: 'search common word (1 in 16 spaces)', query: 'q=WORD', q: { ...base, q: 'WORD' } });
  cases.push({ label: 'search common word, sort Likes', query: 'q=WORD&sort=likes', q: { ...base, q: 'WORD', sort: 'likes' } });
  cases.push({ label: `search rare word (~${Math.round(SPACES / VOCAB)} spaces)`, query: 'q=RARE', q: { ...base, q: 'RARE' } });
  cases.push({ label: 'search creator name', query: 'q=Creator+NUM', q: { ...base, q: 'Creator NUM' } });
  cases.push({ label: 'sort Date Published', query: 'sort=date', q: base });
  cases.push({ label: 'sort Views', query: 'sort=views', q: { ...base, sort: 'views' } });
  cases.push({ label: 'sort Likes', query: 'sort=likes', q: { ...base, sort: 'likes' } });
  cases.push({ label: 'sort Likes, page 50', query: 'sort=likes&cp=50', q: { ...base, sort: 'likes', cp: 50 } });
  cases.push({ label: 'Recommended (signed out)', query: 'filter=Recommended', q: { ...base, filter: 'Recommended' } });
  cases.push({ label: 'Recommended (signed out), page 50', query: 'filter=Recommended&cp=50', q: { ...base, filter: 'Recommended', cp: 50 } });
  cases.push({ label: 'Recommended (signed in)', query: 'filter=Recommended', q: { ...base, filter: 'Recommended' }, signedIn: true });
  cases.push({ label: 'Recommended (signed in), page 40', query: 'filter=Recommended&cp=40', q: { ...base, filter: 'Recommended', cp: 40 }, signedIn: true });
  cases.push({ label: 'Recommended + common word (signed in)', query: 'filter=Recommended&q=WORD', q: { ...base, filter: 'Recommended', q: 'WORD' }, signedIn: true });
  cases.push({ label: 'Recommended + rare word (signed in)', query: 'filter=Recommended&q=RARE', q: { ...base, filter: 'Recommended', q: 'RARE' }, signedIn: true });
  cases.push({ label: 'search common word (signed in)', query: 'q=WORD', q: { ...base, q: 'WORD' }, signedIn: true });
  cases.push({ label: 'search common word, sort Likes (signed in)', query: 'q=WORD&sort=likes', q: { ...base, q: 'WORD', sort: 'likes' }, signedIn: true });
  cases.push({ label: 'search rare word (signed in)', query: 'q=RARE', q: { ...base, q: 'RARE' }, signedIn: true });
  cases.push({ label: 'sort Date Published (signed in)', query: 'sort=date', q: base, signedIn: true });
  cases.push({ label: 'Public, sort Views (signed in)', query: 'filter=Public&sort=views', q: { ...base, filter: 'Public', sort: 'views' }, signedIn: true });
  cases.push({ label: 'Private (signed in)', query: 'filter=Private', q: { ...base, filter: 'Private' }, signedIn: true });
  cases.push({ label: 'Favorites (signed in)', query: 'filter=Favorites', q: { ...base, filter: 'Favorites' }, signedIn: true });
  cases.push({ label: 'History, sort Likes (signed in)', query: 'filter=History&sort=likes', q: { ...base, filter: 'History', sort: 'likes' }, signedIn: true });

  const word = (i: number) => WORDS[i % WORDS.length]!;
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    const actorId = c.signedIn ? me.userId : null;
    for (let i = 0; i < RUNS + 10; i++) {
      const rare = rareWord((i * 7919) % VOCAB);
      const num = String(1 + ((i * 37) % USERS));
      const url = `/api/publishedscene/metadata/search?${c.query.replace('WORD', word(i)).replace('RARE', rare).replace('NUM', num)}`;
      let t = performance.now();
      const res = await app.inject({ url, headers: c.signedIn ? auth : {} });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const q = c.q.q ? { ...c.q, q: c.q.q.replace('WORD', word(i)).replace('RARE', rare).replace('NUM', num) } : c.q;
      // Compiling the statements (and the creator-name look-up) stays outside the raw timing.
      const statements = await rawStatements(actorId, q);
      t = performance.now();
      for (const { sql, params } of statements) await client.query(sql.replaceAll('"public".', ''), params);
      const rawMs = performance.now() - t;
      if (i === 0 && process.env.EXPLAIN && (!process.env.EXPLAIN_CASE || c.label.includes(process.env.EXPLAIN_CASE))) {
        for (const { sql, params } of statements) {
          const plan = await client.query(`explain (analyze, buffers) ${sql.replaceAll('"public".', '')}`, params);
          console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
        }
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
  await close();
}
