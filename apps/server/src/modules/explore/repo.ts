import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { ExploreQuery } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { sceneFavourites, scenes, visitHistory } from '../../db/schema/index.ts';
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

/** Title, description and tags through the generated vector; the creator's name through a join. */
export function matches(q: string): SQL {
  return sql`${scenes.id} in (
    select id from scenes where search @@ websearch_to_tsquery('english', ${q})
    union
    select s3.id from scenes s3 join users u3 on u3.id = s3.creator_id
      where to_tsvector('simple', coalesce(u3.name, '')) @@ websearch_to_tsquery('simple', ${q})
  )`;
}

export class ExploreRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async search(actorId: string | null, q: ExploreQuery): Promise<CardRow[]> {
    const where: SQL[] = [readableBy(actorId)];
    if (q.filter === 'Public') where.push(eq(scenes.publishedPublic, true));
    if (q.filter === 'Private') where.push(not(scenes.publishedPublic));
    if (q.userId) where.push(eq(scenes.ownerId, q.userId));
    if (q.q) where.push(matches(q.q));
    let query = selectCards(this.db);
    let dateOrder: SQL = desc(scenes.publishedAt);
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
          ? [desc(scenes.viewsCount)]
          : q.sort === 'likes'
            ? [desc(scenes.likesCount)]
            : [dateOrder];
    return query
      .where(and(...where))
      .orderBy(...order, desc(scenes.id))
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
