import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { AssignableDistrictRole, DistrictRole, DistrictStyles } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtFollows, districtInvitations, districtMembers, districts, users } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DistrictRow = typeof districts.$inferSelect & { ownerName: string | null; memberCount: number };
export type InvitationRow = typeof districtInvitations.$inferSelect;

/**
 * Explore's title search: the words of the title and subdomain (the 'simple' configuration: lower
 * case, no stemming), the same expression as `districts_explore_search_idx` (migration 0032), so
 * the search is a GIN lookup instead of reading every district. Full-text search is core PostgreSQL
 * and PGlite alike; pg_trgm would need loading into PGlite at start and contrib plus a schema of its
 * own on PostgreSQL.
 */
const searchDocument = sql`to_tsvector('simple', ${districts.title} || ' ' || ${districts.subdomain})`;

/** Each word of the query as a prefix ('harb light' finds "Harbour Lights"); null when it has no word at all. */
export function searchQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
// Kept by a trigger (migration 0027), so listings sorted by members never count member rows.
const memberCount = districts.memberCount;

/** A unique-index violation, from node-postgres or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/** Districts, their members and invitations; no rules here (modules/districts/service.ts). */
export class DistrictsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private select(db: Db | Tx = this.db) {
    return db
      .select({
        id: districts.id,
        ownerId: districts.ownerId,
        subdomain: districts.subdomain,
        title: districts.title,
        subtitle: districts.subtitle,
        description: districts.description,
        public: districts.public,
        hidden: districts.hidden,
        listed: districts.listed,
        freeSpaceTemplateId: districts.freeSpaceTemplateId,
        styles: districts.styles,
        photo: districts.photo,
        coverPhoto: districts.coverPhoto,
        followerCount: districts.followerCount,
        promotionRequestsOpen: districts.promotionRequestsOpen,
        promotedOnHome: districts.promotedOnHome,
        createdAt: districts.createdAt,
        updatedAt: districts.updatedAt,
        ownerName: users.name,
        memberCount,
      })
      .from(districts)
      .innerJoin(users, eq(users.id, districts.ownerId));
  }

  async find(id: string): Promise<DistrictRow | undefined> {
    return (await this.select().where(eq(districts.id, id)))[0];
  }

  /** These districts (any order; the caller orders them). */
  async many(ids: string[]): Promise<DistrictRow[]> {
    return ids.length ? this.select().where(inArray(districts.id, ids)) : [];
  }

  async bySubdomain(subdomain: string): Promise<DistrictRow | undefined> {
    return (await this.select().where(sql`lower(${districts.subdomain}) = lower(${subdomain})`))[0];
  }

  /** The current subdomain of an invitation's district (links mailed before a move name the old one). */
  async invitationSubdomain(invitationId: string): Promise<string | null> {
    const rows = await this.db
      .select({ subdomain: districts.subdomain })
      .from(districtInvitations)
      .innerJoin(districts, eq(districts.id, districtInvitations.districtId))
      .where(eq(districtInvitations.id, invitationId));
    return rows[0]?.subdomain ?? null;
  }

  async subdomainTaken(subdomain: string): Promise<boolean> {
    const rows = await this.db.select({ id: districts.id }).from(districts).where(sql`lower(${districts.subdomain}) = lower(${subdomain})`);
    return rows.length > 0;
  }

  /**
   * Creates the district with its owner as the Owner member, unless the owner already has `max`.
   * The unique index on lower(subdomain) decides a race for one name: the loser gets 'taken'.
   */
  async create(
    ownerId: string,
    fields: { title: string; subdomain: string; public: boolean; visible: boolean; freeSpaceTemplateId: string },
    max: number,
  ): Promise<DistrictRow | 'limit' | 'taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        const id = await insertDistrictWithOwner(tx, ownerId, fields, max);
        if (id === 'limit' || id === 'taken') return id;
        return (await this.select(tx).where(eq(districts.id, id)))[0]!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }

  async update(
    id: string,
    patch: Partial<Pick<typeof districts.$inferInsert, 'title' | 'subdomain' | 'subtitle' | 'description' | 'public' | 'hidden' | 'listed'>> & { styles?: DistrictStyles },
  ): Promise<DistrictRow | 'taken'> {
    try {
      await this.db
        .update(districts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(districts.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
    return (await this.find(id))!;
  }

  owned(userId: string): Promise<DistrictRow[]> {
    return this.select().where(eq(districts.ownerId, userId)).orderBy(desc(districts.createdAt));
  }

  /** Districts the person belongs to without owning them. */
  memberOf(userId: string): Promise<DistrictRow[]> {
    return this.select()
      .innerJoin(districtMembers, and(eq(districtMembers.districtId, districts.id), eq(districtMembers.userId, userId)))
      .where(sql`${districts.ownerId} <> ${userId}`)
      .orderBy(desc(districtMembers.joinedAt));
  }

  /** Explore Districts: public, listed, not hidden; title search by word prefixes; newest, by title or by members. */
  async search(q: { title?: string | undefined; sort: 'newest' | 'title' | 'members'; cp: number; ipp: number }) {
    const conds: SQL[] = [eq(districts.public, true), eq(districts.listed, true), eq(districts.hidden, false)];
    if (q.title) {
      const words = searchQuery(q.title);
      if (!words) return { items: [], total: 0 };
      conds.push(sql`${searchDocument} @@ to_tsquery('simple', ${words})`);
    }
    const where = and(...conds);
    const order =
      q.sort === 'title'
        ? [asc(sql`lower(${districts.title})`), asc(districts.id)]
        : q.sort === 'members'
          ? [desc(memberCount), desc(districts.id)]
          : [desc(districts.createdAt), desc(districts.id)];
    const [items, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...order)
        .limit(q.ipp)
        .offset(q.cp * q.ipp),
      this.db.select({ n: count() }).from(districts).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  }

  /** Which of these districts the person follows (Explore's cards): one primary-key lookup each. */
  async followedAmong(userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: districtFollows.districtId })
      .from(districtFollows)
      .where(and(eq(districtFollows.userId, userId), inArray(districtFollows.districtId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  members(districtId: string) {
    return this.db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: districtMembers.role,
        allocatedSlots: districtMembers.allocatedSlots,
        joinedAt: districtMembers.joinedAt,
      })
      .from(districtMembers)
      .innerJoin(users, eq(users.id, districtMembers.userId))
      .where(eq(districtMembers.districtId, districtId))
      .orderBy(asc(districtMembers.joinedAt), asc(users.id));
  }

  /** Changes a non-owner member; false when the person is not a member (or is the Owner). */
  async updateMember(districtId: string, userId: string, patch: { role?: AssignableDistrictRole; allocatedSlots?: number }): Promise<boolean> {
    const rows = await this.db
      .update(districtMembers)
      .set(patch)
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId), sql`${districtMembers.role} <> 'Owner'`))
      .returning({ userId: districtMembers.userId });
    return rows.length > 0;
  }

  async removeMember(districtId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(districtMembers)
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId), sql`${districtMembers.role} <> 'Owner'`))
      .returning({ userId: districtMembers.userId });
    return rows.length > 0;
  }

  async memberRole(districtId: string, userId: string): Promise<DistrictRole | undefined> {
    const [m] = await this.db
      .select({ role: districtMembers.role })
      .from(districtMembers)
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)));
    return m?.role;
  }

  async createInvitation(v: { districtId: string; inviterId: string; email: string; role: AssignableDistrictRole; codeHash: string; expiresAt: Date }): Promise<InvitationRow> {
    const [row] = await this.db
      .insert(districtInvitations)
      .values({ id: newId(), ...v })
      .returning();
    return row!;
  }

  invitations(districtId: string): Promise<InvitationRow[]> {
    return this.db.select().from(districtInvitations).where(eq(districtInvitations.districtId, districtId)).orderBy(desc(districtInvitations.createdAt));
  }

  async invitation(id: string): Promise<InvitationRow | undefined> {
    return (await this.db.select().from(districtInvitations).where(eq(districtInvitations.id, id)))[0];
  }

  /**
   * Uses the invitation once: marks it accepted only if nobody did yet (so two accepts racing give
   * one winner) and makes the person a member, raising a Guest to Creator but never touching an Owner.
   */
  async accept(inv: InvitationRow, userId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(districtInvitations)
        .set({ acceptedAt: now, acceptedBy: userId })
        .where(and(eq(districtInvitations.id, inv.id), isNull(districtInvitations.acceptedAt)))
        .returning({ id: districtInvitations.id });
      if (!used.length) return false;
      const role = inv.role;
      await tx
        .insert(districtMembers)
        .values({ districtId: inv.districtId, userId, role })
        .onConflictDoUpdate({
          target: [districtMembers.districtId, districtMembers.userId],
          set: { role: sql`case when ${districtMembers.role} = 'Guest' then excluded.role else ${districtMembers.role} end` },
        });
      return true;
    });
  }

  async userEmail(userId: string): Promise<string | null> {
    const [u] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return u?.email ?? null;
  }
}

/**
 * A new district and its Owner row, inside the caller's transaction (a free creation, or a paid
 * submission that also writes slots and the charge). The per-owner cap is serialised per owner by an
 * advisory lock; a subdomain already held answers 'taken'.
 */
export async function insertDistrictWithOwner(
  tx: Tx,
  ownerId: string,
  fields: { title: string; subdomain: string; public: boolean; visible: boolean; freeSpaceTemplateId: string; styles?: DistrictStyles },
  max: number,
): Promise<string | 'limit' | 'taken'> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`districts:${ownerId}`}))`);
  const [n] = await tx.select({ n: count() }).from(districts).where(eq(districts.ownerId, ownerId));
  if ((n?.n ?? 0) >= max) return 'limit';
  const id = newId();
  const inserted = await tx
    .insert(districts)
    .values({
      id,
      ownerId,
      title: fields.title,
      subdomain: fields.subdomain,
      public: fields.public,
      hidden: !fields.visible,
      freeSpaceTemplateId: fields.freeSpaceTemplateId,
      ...(fields.styles ? { styles: fields.styles } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: districts.id });
  if (!inserted.length) return 'taken';
  await tx.insert(districtMembers).values({ districtId: id, userId: ownerId, role: 'Owner' });
  return id;
}
