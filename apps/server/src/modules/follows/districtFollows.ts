import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError, type DistrictFollowState, type DistrictView } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtFollows, districts } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';

/** What district follows need from the districts module (handed in by app.ts). */
export interface DistrictFollowPorts {
  /** The district as the caller may see it; throws the visit rule's answer (NOT_FOUND, DISTRICT_ACCESS_DENIED). */
  get(actor: Actor | null, id: string): Promise<DistrictView>;
  /** These districts, in this order, leaving out the ones the caller may not enter. */
  viewsOf(actor: Actor | null, ids: string[]): Promise<DistrictView[]>;
}

export type DistrictFollowListener = (follower: Actor, district: DistrictView) => Promise<void>;

/** Follow edges from people to districts (spec §3 district follow, §7 districtfollow); no rules here. */
export class DistrictFollowsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Inserts the edge; true when it is new (so a second follow notifies nobody). */
  async follow(districtId: string, userId: string): Promise<boolean> {
    const rows = await this.db.insert(districtFollows).values({ districtId, userId }).onConflictDoNothing().returning({ userId: districtFollows.userId });
    return rows.length > 0;
  }

  async unfollow(districtId: string, userId: string): Promise<void> {
    await this.db.delete(districtFollows).where(and(eq(districtFollows.districtId, districtId), eq(districtFollows.userId, userId)));
  }

  async state(districtId: string, userId: string | null): Promise<{ following: boolean; followers: number }> {
    const [row] = await this.db
      .select({
        followers: districts.followerCount,
        following: userId
          ? sql<boolean>`exists (select 1 from ${districtFollows} where ${districtFollows.districtId} = ${districts.id} and ${districtFollows.userId} = ${userId})`
          : sql<boolean>`false`,
      })
      .from(districts)
      .where(eq(districts.id, districtId));
    return { following: Boolean(row?.following), followers: row?.followers ?? 0 };
  }

  /** The districts a person follows, most recent first. */
  async followedBy(userId: string, cp: number, ipp: number): Promise<{ ids: string[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: districtFollows.districtId })
        .from(districtFollows)
        .where(eq(districtFollows.userId, userId))
        .orderBy(desc(districtFollows.createdAt), desc(districtFollows.districtId))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ n: count() }).from(districtFollows).where(eq(districtFollows.userId, userId)),
    ]);
    return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
  }
}

/**
 * District follows: anyone signed in who may enter a district may follow it (a private district's
 * outsiders get its no-access answer, so a follow reveals nothing); following is idempotent and only
 * a new follow reaches the owner's notifications. The list of a person's followed districts shows
 * only those the reader may enter.
 */
export class DistrictFollowsService {
  readonly onFollowed: DistrictFollowListener[] = [];
  private readonly d: { repo: DistrictFollowsRepo; districts: DistrictFollowPorts };
  constructor(deps: DistrictFollowsService['d']) {
    this.d = deps;
  }

  private async view(districtId: string, userId: string | null): Promise<DistrictFollowState> {
    return { districtId, ...(await this.d.repo.state(districtId, userId)) };
  }

  async status(actor: Actor | null, id: string): Promise<DistrictFollowState> {
    await this.d.districts.get(actor, id);
    return this.view(id, actor?.userId ?? null);
  }

  async follow(actor: Actor, id: string): Promise<DistrictFollowState> {
    const district = await this.d.districts.get(actor, id);
    if (district.districtUserRole === 'Owner') throw new AppError('BAD_REQUEST', 'You cannot follow your own district');
    if (await this.d.repo.follow(id, actor.userId)) for (const l of this.onFollowed) await l(actor, district);
    return this.view(id, actor.userId);
  }

  /** Unfollowing needs no access: someone removed from a private district can still let go of it. */
  async unfollow(actor: Actor, id: string): Promise<DistrictFollowState> {
    await this.d.repo.unfollow(id, actor.userId);
    return this.view(id, actor.userId);
  }

  async followedBy(actor: Actor | null, userId: string, cp: number, ipp: number) {
    const { ids, total } = await this.d.repo.followedBy(userId, cp, ipp);
    return { items: await this.d.districts.viewsOf(actor, ids), total };
  }
}
