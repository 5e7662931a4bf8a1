import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sceneLikes, sceneRank, scenes, userFollows } from '../../db/schema/index.ts';
import { selectCards } from '../sceneAccess/cards.ts';

/**
 * Bounds of the signed-in Recommended re-ranking (CONTEXT.md, "Recommended"). The per-visitor terms
 * are applied to at most headSize + followedCreators·perFollowedCreator + taggedCandidates
 * candidates; past that head the list continues in global order.
 */
export const RECOMMENDED_BOUNDS = {
  headSize: 150,
  /** The visitor's most recently followed creators considered, and how many spaces of each. */
  followedCreators: 100,
  perFollowedCreator: 5,
  taggedCandidates: 50,
  /** Liked tags come from the visitor's most recent likes only. */
  likesForTags: 50,
  /** Spaces older than this get no measurable recency term (3·e^(−150/14) < 1e-4), so the job skips them. */
  refreshMaxAgeDays: 150,
  /** The refresh job re-scores rows older than this; also its interval. */
  refreshEveryMs: 10 * 60 * 1000,
} as const;

// scene_rank_score_idx is (score DESC NULLS LAST, scene_id DESC NULLS LAST); ORDER BY says the same.
const rankOrder = [sql`${sceneRank.score} desc nulls last`, sql`${sceneRank.sceneId} desc nulls last`] as const;

/**
 * Ids of one page in global Recommended order, leaving out `exclude`. `where` holds conditions on
 * `scenes` (privacy, filters, search); when it is empty (`listed` must then be true: a signed-out
 * visitor browsing) the page is found in scene_rank_listed_idx alone, without reading a scene row.
 */
export function rankedIdsQuery(db: Db, where: SQL[], exclude: string[], offset: number, limit: number, listed: boolean) {
  const base = db.select({ id: sceneRank.sceneId }).from(sceneRank).$dynamic();
  const from = where.length ? base.innerJoin(scenes, eq(scenes.id, sceneRank.sceneId)) : base;
  return from
    .where(and(listed ? sql`${sceneRank.listed}` : undefined, ...where, exclude.length ? notInArray(sceneRank.sceneId, exclude) : undefined))
    .orderBy(...rankOrder)
    .limit(limit)
    .offset(offset);
}

/**
 * Cards in global Recommended order. The page's ids are found first and only those 9 rows are read
 * as cards: with the creator and slot joined to every row walked, a deep page read them for all the
 * rows it skipped.
 */
export function globalRanked(db: Db, where: SQL[], exclude: string[], offset: number, limit: number, listed = false) {
  return selectCards(db)
    .innerJoin(sceneRank, eq(sceneRank.sceneId, scenes.id))
    .where(inArray(scenes.id, rankedIdsQuery(db, where, exclude, offset, limit, listed)))
    .orderBy(...rankOrder);
}

/** Distinct tags of the visitor's most recent likes (passed on as a literal array, so estimates stay honest). */
export function likedTagsQuery(db: Db, userId: string) {
  const recent = db
    .select({ tags: scenes.tags })
    .from(sceneLikes)
    .innerJoin(scenes, eq(scenes.id, sceneLikes.sceneId))
    .where(eq(sceneLikes.userId, userId))
    .orderBy(desc(sceneLikes.createdAt))
    .limit(RECOMMENDED_BOUNDS.likesForTags)
    .as('recent');
  return db.selectDistinct({ tag: sql<string>`unnest(${recent.tags})`.as('tag') }).from(recent);
}

const textArray = (xs: string[]) =>
  xs.length
    ? sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/**
 * How the head is built. Browsing: headSize best plus followed and tagged candidates. With a search,
 * the matches themselves are the candidates: all of them when the probe found few (headSize = the
 * probe bound, so the head is complete), else the best headSize; walking each followed creator's
 * or each liked tag's spaces for matches would cost more than it finds.
 */
export interface HeadShape {
  headSize: number;
  extras: boolean;
}
export const BROWSING: HeadShape = { headSize: RECOMMENDED_BOUNDS.headSize, extras: true };

export interface HeadRow {
  id: string;
  score: number;
}

/**
 * The signed-in head: the best global candidates, the best spaces of followed creators and of spaces
 * tagged like the visitor's likes, re-scored with the personal terms. `complete` is true when the
 * global candidates ran out before headSize, i.e. the head already holds every match.
 */
export function personalHeadSql(actorId: string, where: SQL[], tags: string[], shape: HeadShape = BROWSING): SQL {
  const b = RECOMMENDED_BOUNDS;
  const cond = and(...where)!;
  const liked = textArray(tags);
  // Candidates carry the creator and tags the personal terms need, so scoring them reads no scene row again.
  const base = sql`select ${scenes.id} as id, ${sceneRank.score} as score, ${scenes.creatorId} as creator_id, ${scenes.tags} as tags
    from ${scenes} inner join ${sceneRank} on ${sceneRank.sceneId} = ${scenes.id}`;
  const order = sql`order by ${rankOrder[0]}, ${rankOrder[1]}`;
  const followees = sql`select ${userFollows.followeeId} as id from ${userFollows} where ${userFollows.followerId} = ${actorId} order by ${userFollows.createdAt} desc limit ${b.followedCreators}`;
  // Each followed creator's best few, walking scene_rank_creator_idx (creator_id, score DESC).
  const followed = sql`select best.id, best.score, best.creator_id, best.tags from (${followees}) f cross join lateral (
      ${base} where ${sceneRank.creatorId} = f.id and ${cond} ${order} limit ${b.perFollowedCreator}) best`;
  const tagged = tags.length
    ? sql` union (${base} where ${cond} and ${scenes.tags} && ${liked} ${order} limit ${b.taggedCandidates})`
    : sql``;
  const extras = shape.extras ? sql` union (${followed}) ${tagged}` : sql``;
  const follows = sql`exists (select 1 from ${userFollows} where ${userFollows.followerId} = ${actorId} and ${userFollows.followeeId} = cand.creator_id)`;
  return sql`with g as (${base} where ${cond} ${order} limit ${shape.headSize}),
    cand as ((select id, score, creator_id, tags from g) ${extras})
    select cand.id as id,
      cand.score
        + case when ${follows} then 2.0 else 0.0 end
        + 0.5 * least(3, (select count(distinct t) from unnest(cand.tags) t where t = any(${liked}))) as score,
      (select count(*) from g)::int as global_n
    from cand
    order by 2 desc, 1 desc`;
}

export async function likedTags(db: Db, userId: string): Promise<string[]> {
  return (await likedTagsQuery(db, userId)).map((r) => r.tag);
}

/** `tags`: likedTags of the visitor (the caller looks them up alongside the search's own look-ups). */
export async function personalHead(db: Db, actorId: string, where: SQL[], tags: string[], shape: HeadShape = BROWSING): Promise<{ rows: HeadRow[]; complete: boolean }> {
  // Both drivers (node-postgres and PGlite) answer raw statements with `rows`.
  const res = (await db.execute(personalHeadSql(actorId, where, tags, shape))) as unknown as { rows: { id: string; score: number; global_n: number }[] };
  const rows = res.rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  const globalN = res.rows[0] ? Number(res.rows[0].global_n) : 0;
  return { rows, complete: globalN < shape.headSize };
}

/**
 * Re-scores published spaces young enough for the recency term to matter and not scored in the last
 * interval (likes, views and publishing re-score their row at once through the trigger).
 */
export async function refreshRecentRanks(db: Db): Promise<number> {
  const b = RECOMMENDED_BOUNDS;
  const res = (await db.execute(sql`update ${sceneRank} set
      score = atrium_recommend_score(s.likes_count, s.views_count, coalesce(s.published_at, s.created_at), now()),
      refreshed_at = now()
    from ${scenes} s
    where s.id = ${sceneRank.sceneId}
      and ${sceneRank.refreshedAt} < now() - make_interval(secs => ${b.refreshEveryMs / 1000})
      and coalesce(s.published_at, s.created_at) > now() - make_interval(days => ${b.refreshMaxAgeDays})`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  // node-postgres says rowCount, PGlite affectedRows.
  return res.rowCount ?? res.affectedRows ?? 0;
}
