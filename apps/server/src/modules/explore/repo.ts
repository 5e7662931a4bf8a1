import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExploreQuery } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { sceneFavourites, scenes, users, visitHistory } from '../../db/schema/index.ts';
import { readableBy } from '../publishing/access.ts';
import { selectCards, type CardRow } from '../publishing/cards.ts';

/**
 * Recommended (documented ranking, higher first):
 *   2 × ln(1 + likes) + ln(1 + views)            popularity, damped so big spaces do not own the list
 * + 3 × e^(−age in days / 14)                     recency: a new space starts ahead, the boost halves in ~10 days
 * + 2 if the visitor follows the creator
 * + 0.5 per tag shared with spaces the visitor liked (at most 3 tags counted)
 * Signed-out visitors get the first two terms only.
 */
export function recommendedScore(actorId: string | null): SQL {
  const base = sql`(2.0 * ln(1 + ${scenes.likesCount}) + ln(1 + ${scenes.viewsCount}) + 3.0 * exp(-extract(epoch from (now() - coalesce(${scenes.publishedAt}, ${scenes.createdAt}))) / (86400.0 * 14)))`;
  if (!actorId) return base;
  const follows = sql`(case when exists (select 1 from user_follows uf where uf.follower_id = ${actorId} and uf.followee_id = ${scenes.creatorId}) then 2.0 else 0.0 end)`;
  const likedTags = sql`array(select distinct t from scene_likes l join scenes s2 on s2.id = l.scene_id cross join unnest(s2.tags) t where l.user_id = ${actorId})`;
  const shared = sql`(0.5 * least(3, cardinality(array(select unnest(${scenes.tags}) intersect select unnest(${likedTags})))))`;
  return sql`(${base} + ${follows} + ${shared})`;
}

/**
 * Title, description and tags through the generated vector (GIN); creators by name through ids
 * looked up first. Passing those ids as literals (not a subquery) keeps the planner's estimates
 * honest: it walks a sort index for common words and uses the GIN index for rare ones
 * (bench/explore.bench.ts measures both).
 */
export function matches(q: string, creatorIds: string[]): SQL {
  const text = sql`${scenes.search} @@ websearch_to_tsquery('english', ${q})`;
  return creatorIds.length ? sql`(${text} or ${inArray(scenes.creatorId, creatorIds)})` : text;
}

// The listing indexes are built DESC NULLS LAST; ORDER BY must say the same for the planner to use them.
const descNullsLast = (col: SQL | AnyPgColumn) => sql`${col} desc nulls last`;

export class ExploreRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async search(actorId: string | null, q: ExploreQuery): Promise<CardRow[]> {
    return this.build(actorId, q, q.q ? await this.creatorsNamed(q.q) : []);
  }

  /** Users whose name matches the search (at most 200: a name shared by more is not a useful filter). */
  async creatorsNamed(q: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`to_tsvector('simple', coalesce(${users.name}, '')) @@ websearch_to_tsquery('simple', ${q})`)
      .limit(200);
    return rows.map((r) => r.id);
  }

  /** The Explore query itself (the benchmark runs its SQL raw next to the API). */
  build(actorId: string | null, q: ExploreQuery, creatorIds: string[] = []) {
    const where: SQL[] = [readableBy(actorId)];
    if (q.filter === 'Public') where.push(eq(scenes.publishedPublic, true));
    if (q.filter === 'Private') where.push(not(scenes.publishedPublic));
    if (q.userId) where.push(eq(scenes.ownerId, q.userId));
    if (q.q) where.push(matches(q.q, creatorIds));
    let query = selectCards(this.db);
    let dateOrder: SQL = descNullsLast(scenes.publishedAt);
    if (q.filter === 'Favorites' && actorId) {
      query = query.innerJoin(sceneFavourites, and(eq(sceneFavourites.sceneId, scenes.id), eq(sceneFavourites.userId, actorId)));
      dateOrder = desc(sceneFavourites.createdAt);
    }
    if (q.filter === 'History' && actorId) {
      query = query.innerJoin(visitHistory, and(eq(visitHistory.sceneId, scenes.id), eq(visitHistory.userId, actorId)));
      dateOrder = desc(visitHistory.visitedAt);
    }
    const order: SQL[] =
      q.filter === 'Recommended'
        ? [sql`${recommendedScore(actorId)} desc`]
        : q.sort === 'views'
          ? [descNullsLast(scenes.viewsCount)]
          : q.sort === 'likes'
            ? [descNullsLast(scenes.likesCount)]
            : [dateOrder];
    return query
      .where(and(...where))
      .orderBy(...order, descNullsLast(scenes.id))
      .limit(q.ipp)
      .offset(q.cp * q.ipp);
  }

  async mine(ownerId: string, state: 'Draft' | 'Published' | undefined, cp: number, ipp: number) {
    const own = eq(scenes.ownerId, ownerId);
    return selectCards(this.db)
      .where(state ? and(own, eq(scenes.state, state)) : own)
      .orderBy(desc(scenes.updatedAt), desc(scenes.id))
      .limit(ipp)
      .offset(cp * ipp);
  }

  many(actorId: string | null, ids: string[]) {
    return selectCards(this.db).where(and(inArray(scenes.id, ids), readableBy(actorId)));
  }
}
