import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { listTemplates } from '@atrium/assets';
import type { DistrictView } from '@atrium/shared';
import type { TestDb } from './db.ts';
import { injectAs, signUpUser, type TestUser } from './users.ts';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The people of the district tests: Olga owns Harbour (public) and Vault (private), where Cleo is a
 * Creator and Gus a Guest; Rita is a Creator of Ron's district Elsewhere; Oscar belongs to none.
 */
export interface DistrictCast {
  owner: TestUser;
  creator: TestUser;
  guest: TestUser;
  outsider: TestUser;
  /** A Creator of another person's district. */
  rival: TestUser;
  pub: DistrictView;
  priv: DistrictView;
}

export async function districtCast(app: FastifyInstance, db: TestDb): Promise<DistrictCast> {
  const template = listTemplates()[0]!.spaceTemplateId;
  const create = async (who: TestUser, title: string, subdomain: string, isPublic: boolean) => {
    const res = await injectAs(app, who, 'POST', '/api/districts', { title, subdomain, public: isPublic, freeSpaceTemplateId: template });
    if (res.statusCode !== 201) throw new Error(`district ${subdomain}: ${res.statusCode} ${res.body}`);
    return res.json() as DistrictView;
  };
  const join = (d: DistrictView, u: TestUser, role: 'Creator' | 'Guest') =>
    db.db.execute(sql`insert into district_members (district_id, user_id, role) values (${d.districtId}, ${u.id}, ${role})`);
  const owner = await signUpUser(app, db, 'owner@example.com', 'Olga Owner', 'premium-user');
  const creator = await signUpUser(app, db, 'creator@example.com', 'Cleo Creator');
  const guest = await signUpUser(app, db, 'guest@example.com', 'Gus Guest');
  const outsider = await signUpUser(app, db, 'outsider@example.com', 'Oscar Outsider');
  const rival = await signUpUser(app, db, 'rival@example.com', 'Rita Rival');
  const rivalOwner = await signUpUser(app, db, 'rivalowner@example.com', 'Ron Rivalowner', 'premium-user');
  const pub = await create(owner, 'Harbour', 'harbour', true);
  const priv = await create(owner, 'Vault', 'vault', false);
  await join(await create(rivalOwner, 'Elsewhere', 'elsewhere', true), rival, 'Creator');
  for (const d of [pub, priv]) {
    await join(d, creator, 'Creator');
    await join(d, guest, 'Guest');
  }
  return { owner, creator, guest, outsider, rival, pub, priv };
}

/** A space by `by`, published (public unless said) and placed in a slot of `districtId` (the district's Owner's) when given. */
export async function districtSpace(
  db: TestDb,
  by: TestUser,
  title: string,
  o: { districtId?: string; draft?: boolean; publicAudience?: boolean } = {},
): Promise<string> {
  const r = await db.db.execute(sql`
    insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
    values (gen_random_uuid(), ${by.id}, ${by.id}, ${title}, ${o.draft ? 'Draft' : 'Published'}, true, ${o.publicAudience ?? true}, '{}'::jsonb, '{}'::jsonb, ${o.draft ? null : new Date()})
    returning id`);
  const id = rows<{ id: string }>(r)[0]!.id;
  if (o.districtId) await placeInDistrict(db, id, o.districtId);
  return id;
}

/** Puts a space into a new slot of the district, as publishing into a district slot leaves it. */
export async function placeInDistrict(db: TestDb, sceneId: string, districtId: string): Promise<void> {
  await db.db.execute(sql`insert into slots (id, owner_id, kind, scene_id, district_id)
    select gen_random_uuid(), owner_id, 'district', ${sceneId}, id from districts where id = ${districtId}`);
}
