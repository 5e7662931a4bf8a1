// Districts at scale (issue 16): 10,000 districts and 1,000,000 members (1 to 199 a district, 100 on
// average), 10 follows and 4 published spaces in district slots a district, seeded with
// generate_series into a scratch PostgreSQL schema. Measured through the API (inject: routing,
// access rule, validation, serialisation) next to the same reads as raw SQL: the district page (its
// info by subdomain and Spaces > Published, signed out and as a member; the follow state) and Explore
// Districts (newest, by title, by members, a title search, a deep page; signed in, with the follow
// state of each card). Bounded: ~100 runs per case.
// DISTRICTS sets the scale (members grow with it). DISTRICT_KEEP=1 keeps the seeded schema (its name is
// printed) and DISTRICT_SCHEMA=<name> measures such a kept one again without seeding.
import os from 'node:os';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { bearer, signIn } from '../apps/server/test/support/identity.ts';
import { openScratchDb } from './scratchDb.ts';
import { line, percentile } from './support.ts';

const DISTRICTS = Number(process.env.DISTRICTS ?? 10_000);
if (!Number.isInteger(DISTRICTS) || DISTRICTS < 1_000) throw new Error('DISTRICTS must be an integer ≥ 1000');
const USERS = DISTRICTS * 10;
const RUNS = Number(process.env.DISTRICT_RUNS ?? 100);
const WORDS = ['harbour', 'garden', 'museum', 'studio', 'forest', 'plaza', 'castle', 'market', 'theatre', 'villa', 'temple', 'loft'];

const reuse = process.env.DISTRICT_SCHEMA;
const { db, client, close } = await openScratchDb(reuse ? { schema: reuse } : { keep: process.env.DISTRICT_KEEP === '1' });
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

/** Bulk load as a restore would: triggers off for the session, counters filled in one statement. */
async function seed() {
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  let t = performance.now();
  await client.query(`insert into users (id, subject, login_provider, name)
    select gen_random_uuid(), 'bench:' || n, 'bench', 'Member ' || n from generate_series(1, ${USERS}) n`);
  await client.query(`create table bench_users as select row_number() over (order by id) - 1 as i, id from users where login_provider = 'bench'`);
  await client.query(`alter table bench_users add primary key (i)`);
  // One owner a district (user i owns district i); one in 20 private, one in 50 hidden, one in 40 unlisted.
  await client.query(`insert into districts (id, owner_id, subdomain, title, subtitle, public, hidden, listed, free_space_template_id, created_at)
    select gen_random_uuid(), u.id, 'd' || n, initcap(${words}[1 + n % ${WORDS.length}]) || ' District ' || n, 'Subtitle ' || n,
      n % 20 <> 0, n % 50 = 0, n % 40 <> 0, 'gallery-small', now() - n * interval '1 minute'
    from generate_series(0, ${DISTRICTS - 1}) n join bench_users u on u.i = n`);
  await client.query(`create table bench_districts as select row_number() over (order by subdomain) - 1 as i, id, owner_id, subdomain from districts`);
  await client.query(`update bench_districts set i = substr(subdomain, 2)::int`);
  await client.query(`alter table bench_districts add primary key (i)`);
  line('  districts loaded', secs(t));
  t = performance.now();
  // Members: the owner plus 1 + i % 199 others (distinct users: j * 491 stays below USERS), 1,000,000 at 10,000 districts.
  await client.query(`insert into district_members (district_id, user_id, role) select id, owner_id, 'Owner' from bench_districts`);
  const batch = 1_000;
  for (let from = 0; from < DISTRICTS; from += batch)
    await client.query(`insert into district_members (district_id, user_id, role, allocated_slots)
      select d.id, u.id, case when j % 10 = 0 then 'Creator' else 'Guest' end, case when j % 10 = 0 then 1 else 0 end
      from bench_districts d cross join generate_series(1, 199) j join bench_users u on u.i = (d.i * 7 + j * 491) % ${USERS}
      where d.i >= ${from} and d.i < ${from + batch} and j <= 1 + d.i % 199 and u.id <> d.owner_id
      on conflict do nothing`);
  line('  members loaded', secs(t));
  t = performance.now();
  await client.query(`insert into district_follows (district_id, user_id)
    select d.id, u.id from bench_districts d cross join generate_series(1, 10) j join bench_users u on u.i = (d.i * 13 + j * 7919) % ${USERS} on conflict do nothing`);
  // Four published spaces a district, each in a district slot (as publishing into district slots leaves them).
  await client.query(`create table bench_spaces as select d.id as district_id, d.owner_id, gen_random_uuid() as id, j from bench_districts d cross join generate_series(1, 4) j`);
  await client.query(`insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
    select id, owner_id, owner_id, 'Space ' || j, 'Published', true, j <> 4, '{}'::jsonb, '{}'::jsonb, now() - j * interval '1 hour' from bench_spaces`);
  await client.query(`insert into slots (id, owner_id, kind, scene_id, district_id) select gen_random_uuid(), owner_id, 'district', id, district_id from bench_spaces`);
  // The spaces' district fields, which migration 0029's triggers keep (they are off for this load).
  await client.query(`update scenes s set district_id = d.id, district_subdomain = d.subdomain, district_private = not d.public,
      published_public_districts = case when d.public then array[d.id] else '{}' end, published_private_districts = case when d.public then '{}' else array[d.id] end
    from bench_spaces b join districts d on d.id = b.district_id where s.id = b.id`);
  await client.query(`update districts d set member_count = m.n from (select district_id, count(*)::int n from district_members group by district_id) m where m.district_id = d.id`);
  await client.query(`update districts d set follower_count = f.n from (select district_id, count(*)::int n from district_follows group by district_id) f where f.district_id = d.id`);
  await client.query(`set session_replication_role = origin`);
  line('  follows, spaces, counters', secs(t));
  t = performance.now();
  await client.query('vacuum analyze users, districts, district_members, district_follows, scenes, slots');
  line('  vacuum analyze', secs(t));
}

try {
  const t0 = performance.now();
  if (!reuse) await seed();
  const members = (await client.query('select count(*)::int n from district_members')).rows[0].n as number;
  line('seeded districts / members', `${DISTRICTS.toLocaleString('en-US')} / ${members.toLocaleString('en-US')} in ${secs(t0)}`);

  const { app } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '10000000' });
  const tokens = await signIn(app, 'bench@example.com', 'password-123', reuse ? {} : { signUpName: 'Bench Visitor' });
  const auth = bearer(tokens.access_token);
  const me = (await app.inject({ url: '/api/user/my', headers: auth })).json() as { userId: string };
  // The visitor is a Guest of every 7th district (private ones included).
  await client.query(`insert into district_members (district_id, user_id, role) select id, $1, 'Guest' from bench_districts where i % 7 = 0 on conflict do nothing`, [me.userId]);
  await client.query('analyze district_members');
  const ids = (await client.query(`select i, id from bench_districts order by i`)).rows as { i: number; id: string }[];
  // A district the case may open: public ones for anonymous cases, member ones for member cases.
  const pick = (n: number, member: boolean) => {
    const i = member ? (n * 7 * 31) % DISTRICTS - (((n * 7 * 31) % DISTRICTS) % 7) : (n * 7919) % DISTRICTS;
    const j = !member && i % 20 === 0 ? i + 1 : i;
    return { i: j, id: ids[j]!.id, sub: `d${j}` };
  };

  const districtCols = `d.id, d.owner_id, d.subdomain, d.title, d.subtitle, d.description, d.public, d.hidden, d.listed, d.free_space_template_id, d.styles,
    d.photo, d.cover_photo, d.follower_count, d.created_at, d.updated_at, u.name, d.member_count`;
  const explore = (order: string, where = '') => ({
    sql: `select ${districtCols} from districts d join users u on u.id = d.owner_id where d.public and d.listed and not d.hidden ${where} order by ${order} limit $1 offset $2`,
    count: `select count(*) from districts d where d.public and d.listed and not d.hidden ${where}`,
  });
  // The title search's words, as the repository and migration 0032's index spell them.
  const search = (words: string) => `to_tsvector('simple', d.title || ' ' || d.subdomain) @@ to_tsquery('simple', '${words}')`;
  type Case = { label: string; url: (n: number) => string; signedIn?: boolean; raw: (n: number) => Promise<unknown> };
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  const cases: Case[] = [
    {
      label: 'district page: info by subdomain',
      url: (n) => `/api/district/info?subdomain=${pick(n, false).sub}`,
      raw: (n) => q(`select ${districtCols} from districts d join users u on u.id = d.owner_id where lower(d.subdomain) = lower($1)`, [pick(n, false).sub]),
    },
    {
      label: 'district page: info, member of private',
      signedIn: true,
      url: (n) => `/api/district/info?subdomain=${pick(n, true).sub}`,
      raw: async (n) => {
        await q(`select ${districtCols} from districts d join users u on u.id = d.owner_id where lower(d.subdomain) = lower($1)`, [pick(n, true).sub]);
        await q(`select role from district_members where district_id = $1 and user_id = $2`, [pick(n, true).id, me.userId]);
      },
    },
    ...(['published (signed out)', 'published (member)'] as const).map((label, k) => ({
      label: `district page: Spaces > ${label}`,
      signedIn: k === 1,
      url: (n: number) => `/api/district/${pick(n, k === 1).id}/spaces/published?ipp=24`,
      raw: async (n: number) => {
        const d = pick(n, k === 1);
        await q(`select ${districtCols} from districts d join users u on u.id = d.owner_id where d.id = $1`, [d.id]);
        if (k === 1) await q(`select role from district_members where district_id = $1 and user_id = $2`, [d.id, me.userId]);
        await q(
          `select s.id, s.title, s.published_at, u.name, sl.id from scenes s left join users u on u.id = s.creator_id left join slots sl on sl.scene_id = s.id
           where sl.district_id = $1 and s.state = 'Published' and s.visible ${k === 1 ? '' : 'and s.published_public'} order by s.published_at desc, s.id desc limit 24`,
          [d.id],
        );
      },
    })),
    {
      label: 'district page: follow state (signed in)',
      signedIn: true,
      url: (n) => `/api/districtfollow/district/${pick(n, false).id}/doesfollow`,
      raw: (n) =>
        q(`select follower_count, exists (select 1 from district_follows f where f.district_id = d.id and f.user_id = $2) from districts d where d.id = $1`, [pick(n, false).id, me.userId]),
    },
    ...(
      [
        ['Explore Districts: newest', 'sort=newest', 'd.created_at desc, d.id desc', '', 0],
        ['Explore Districts: by title', 'sort=title', 'lower(d.title), d.id', '', 0],
        ['Explore Districts: by members', 'sort=members', 'd.member_count desc, d.id desc', '', 0],
        ['Explore Districts: by members, page 50', 'sort=members&cp=50', 'd.member_count desc, d.id desc', '', 50],
        ['Explore Districts: title search', 'title=harbour', 'd.created_at desc, d.id desc', `and ${search('harbour:*')}`, 0],
        ['Explore Districts: title search, rare', 'title=District+NUM', 'd.created_at desc, d.id desc', `and ${search('district:* & NUM:*')}`, 0],
        ['Explore Districts: title search by members', 'title=garden&sort=members', 'd.member_count desc, d.id desc', `and ${search('garden:*')}`, 0],
      ] as const
    ).map(([label, query, order, where, cp]) => ({
      label,
      url: (n: number) => `/api/district/search?ipp=20&${query.replace('NUM', String(n * 37 % DISTRICTS))}`,
      raw: async (n: number) => {
        const e = explore(order, where.replace('NUM', String(n * 37 % DISTRICTS)));
        await Promise.all([q(e.sql, [20, cp * 20]), q(e.count)]);
      },
    })),
    {
      // Signed in, each card also says whether the visitor follows it: one more lookup by primary key.
      label: 'Explore Districts: newest, signed in',
      signedIn: true,
      url: () => `/api/district/search?ipp=20&sort=newest`,
      raw: async () => {
        const e = explore('d.created_at desc, d.id desc');
        const [page] = await Promise.all([q(e.sql, [20, 0]), q(e.count)]);
        await q(`select district_id from district_follows where user_id = $1 and district_id = any($2::uuid[])`, [me.userId, page.rows.map((r: { id: string }) => r.id)]);
      },
    },
  ];

  // The machine is shared: the load next to the figures says how far they are the code's.
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  line('load average (1 / 5 / 15 min) before', load());
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    for (let n = 0; n < RUNS + 10; n++) {
      const url = c.url(n);
      let t = performance.now();
      const res = await app.inject({ url, headers: c.signedIn ? auth : {} });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      t = performance.now();
      await c.raw(n);
      const rawMs = performance.now() - t;
      if (n >= 10) {
        api.push(ms);
        raw.push(rawMs);
      }
    }
    api.sort((a, b) => a - b);
    raw.sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    line(c.label, `API p50 ${f(percentile(api, 50))} / p99 ${f(percentile(api, 99))} ms   SQL p50 ${f(percentile(raw, 50))} / p99 ${f(percentile(raw, 99))} ms`, 'API p99 < 30 ms');
  }
  line('load average (1 / 5 / 15 min) after', load());
  await app.close();
} finally {
  await close();
}
