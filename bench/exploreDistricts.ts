import type pg from 'pg';
import { line } from './support.ts';

/**
 * Districts for the Explore bench, so the access rule's district parts (spec §4: a private
 * district's spaces for its insiders only, a district's spaces for its members whatever their own
 * audience) read real rows: one district per 500 spaces, every fifth private; one space in ten sits
 * in a district (half of them public, half on a privacy list). The visitor is a Guest of two private
 * and one public district and a member of one more private district's group.
 *
 * The scene rows' district fields are written directly (the triggers that keep them from slots are
 * off for the bulk load, as in the seed), and scene_rank.listed is set from them as the trigger would.
 * Runs on a kept schema seeded before it existed too (it does nothing when bench districts are there).
 */
export async function seedDistricts(client: pg.Client, spaces: number, visitorId: string) {
  const member = `select 1 from district_members m join districts d on d.id = m.district_id where m.user_id = $1 and d.subdomain like 'bench-%'`;
  if ((await client.query(member, [visitorId])).rowCount) return;
  const t = performance.now();
  const count = Math.max(20, Math.round(spaces / 500));
  await client.query(`set session_replication_role = replica`);
  // What an interrupted run left (the rows below are rewritten whole).
  await client.query(`delete from user_groups where district_id in (select id from districts where subdomain like 'bench-%')`);
  await client.query(`delete from district_members where district_id in (select id from districts where subdomain like 'bench-%')`);
  await client.query(`delete from districts where subdomain like 'bench-%'`);
  await client.query(`drop table if exists bench_districts`);
  await client.query(`create temporary table bench_districts as
    select d, gen_random_uuid() as id, d % 5 <> 0 as public from generate_series(0, ${count - 1}) d`);
  await client.query(`insert into districts (id, owner_id, subdomain, title, public, free_space_template_id, member_count)
    select b.id, u.id, 'bench-' || b.d, 'District ' || b.d, b.public, 'bench', 1
    from bench_districts b join bench_users u on u.i = (b.d * 7) % (select count(*) from bench_users)`);
  await client.query(`insert into district_members (district_id, user_id, role) select id, owner_id, 'Owner' from districts where subdomain like 'bench-%'`);
  // n % 10 = 0 is a private (privacy-listed) space in the seed, n % 10 = 1 a public one.
  await client.query(`update scenes s set district_id = b.id, district_subdomain = 'bench-' || b.d, district_private = not b.public
    from bench_scenes x, bench_districts b
    where x.id = s.id and x.n % 20 in (1, 10) and b.d = (x.n / 20) % ${count}`);
  await client.query(`update scene_rank r set listed = s.visible and s.published_public and not s.district_private
    from scenes s where s.id = r.scene_id and r.listed is distinct from (s.visible and s.published_public and not s.district_private)`);
  const pick = (d: number) => `(select id from bench_districts where d = ${d})`;
  await client.query(`insert into district_members (district_id, user_id, role) select d.id, $1::uuid, 'Guest' from bench_districts d where d.d in (5, 10, 11)`, [visitorId]);
  const group = (
    await client.query(`insert into user_groups (id, owner_id, title, district_id)
      select gen_random_uuid(), owner_id, 'Bench district group', id from districts where id = ${pick(15)} returning id`)
  ).rows[0].id as string;
  await client.query(`insert into user_group_members (group_id, user_id) values ($1, $2::uuid)`, [group, visitorId]);
  await client.query(`set session_replication_role = origin`);
  await client.query(`vacuum analyze districts, district_members, user_groups, user_group_members, scenes, scene_rank`);
  const placed = (await client.query(`select count(*)::int n, count(*) filter (where district_private)::int p from scenes where district_id is not null`)).rows[0];
  line('  districts', `${count.toLocaleString('en-US')} (${placed.n.toLocaleString('en-US')} spaces in them, ${placed.p.toLocaleString('en-US')} private) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
