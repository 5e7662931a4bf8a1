import { and, desc, eq, gte, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ExploreQuery, ExploreSort } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { sceneFavourites, sceneLikes, scenes, sceneViews, users, visitHistory } from '../../db/schema/index.ts';
import { readableBy, readableParts } from '../sceneAccess/access.ts';
import { selectCards, type CardRow } from '../sceneAccess/cards.ts';
import { BROWSING, globalRanked, likedTags, personalHead, RECOMMENDED_BOUNDS, refreshRecentRanks } from './recommended.ts';

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

/** A search resolved up front: creators by name, and the matching ids when there are few (else null). */
export interface TextMatch {
  creatorIds: string[];
  ids: string[] | null;
}
const NO_TEXT: TextMatch = { creatorIds: [], ids: null };
export const TEXT_PROBE = 300;

// The listing indexes are built DESC NULLS LAST; ORDER BY must say the same for the planner to use them.
const descNullsLast = (col: SQL | AnyPgColumn) => sql`${col} desc nulls last`;

export class ExploreRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async search(actorId: string | null, q: ExploreQuery): Promise<CardRow[]> {
    if (q.filter !== 'Recommended') return this.build(actorId, q, q.q ? await this.textMatch(q.q) : NO_TEXT);
    // A signed-in visitor's liked tags do not depend on the search: both look-ups go out at once.
    const [text, tags] = await Promise.all([q.q ? this.textMatch(q.q) : NO_TEXT, actorId ? likedTags(this.db, actorId) : []]);
    return this.recommended(actorId, q, text, tags);
  }

  /**
   * Resolves a search before the listing query. PostgreSQL estimates every word it has no statistics
   * for at 0.5 % of the rows, so for a rare word it would walk a sort index through the whole table
   * looking for a handful of matches. A probe through the GIN index settles it: fewer than
   * TEXT_PROBE matches are passed on as ids (the listing sorts just those), more leave the text
   * condition in place (walking the sort index then finds a page quickly).
   */
  async textMatch(q: string): Promise<TextMatch> {
    const creatorIds = await this.creatorsNamed(q);
    const found = (await this.textProbeQuery(q, creatorIds)).map((r) => r.id);
    return { creatorIds, ids: found.length < TEXT_PROBE ? found : null };
  }

  textProbeQuery(q: string, creatorIds: string[]) {
    return this.db.select({ id: scenes.id }).from(scenes).where(matches(q, creatorIds)).limit(TEXT_PROBE);
  }

  /**
   * Recommended (CONTEXT.md): global order from the precomputed scene_rank; signed-in visitors get a
   * re-ranked head of bounded candidates, then the global order continues without those spaces.
   */
  async recommended(actorId: string | null, q: ExploreQuery, text: TextMatch, tags: string[]): Promise<CardRow[]> {
    const start = q.cp * q.ipp;
    // Signed out, readable is exactly scene_rank.listed, so only the filters need the scene rows.
    if (!actorId) return globalRanked(this.db, this.filters(q, text), [], start, q.ipp, true);
    const where = this.conditions(actorId, q, text);
    const shape = q.q ? { headSize: text.ids ? TEXT_PROBE : RECOMMENDED_BOUNDS.headSize, extras: false } : BROWSING;
    const head = await personalHead(this.db, actorId, where, tags, shape);
    const ids = head.rows.slice(start, start + q.ipp).map((r) => r.id);
    const cards = ids.length ? await this.many(actorId, ids) : [];
    const page = ids.map((id) => cards.find((c) => c.id === id)).filter((c): c is CardRow => c !== undefined);
    if (page.length === q.ipp || head.complete) return page;
    const headIds = head.rows.map((r) => r.id);
    return [...page, ...(await globalRanked(this.db, where, headIds, Math.max(0, start - headIds.length), q.ipp - page.length))];
  }

  /** Where-clauses shared by every Explore listing: privacy first, then filter, profile and search. */
  conditions(actorId: string | null, q: ExploreQuery, text: TextMatch = NO_TEXT): SQL[] {
    return [readableBy(actorId), ...this.filters(q, text)];
  }

  filters(q: ExploreQuery, text: TextMatch = NO_TEXT): SQL[] {
    const where: SQL[] = [];
    if (q.filter === 'Public') where.push(eq(scenes.publishedPublic, true));
    if (q.filter === 'Private') where.push(not(scenes.publishedPublic));
    if (q.userId) where.push(eq(scenes.ownerId, q.userId));
    if (q.q) where.push(text.ids ? (text.ids.length ? inArray(scenes.id, text.ids) : sql`false`) : matches(q.q, text.creatorIds));
    return where;
  }

  /** Re-scores recent spaces so Recommended's recency term keeps decaying (the periodic job). */
  refreshRanks(): Promise<number> {
    return refreshRecentRanks(this.db);
  }

  /** Users whose name matches the search (at most 200: a name shared by more is not a useful filter). */
  async creatorsNamed(q: string): Promise<string[]> {
    return (await this.creatorsNamedQuery(q)).map((r) => r.id);
  }

  creatorsNamedQuery(q: string) {
    return this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`to_tsvector('simple', coalesce(${users.name}, '')) @@ websearch_to_tsquery('simple', ${q})`)
      .limit(200);
  }

  /**
   * The Explore query for every filter but Recommended (the benchmark runs its SQL raw next to the
   * API). A signed-in visitor's readable set is public ∪ own ∪ shared with them; one OR over those
   * defeats every index, so each part picks its own first (cp + 1)·ipp in the page's order and the
   * page is cut from their union.
   */
  build(actorId: string | null, q: ExploreQuery, text: TextMatch = NO_TEXT) {
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
    const sortKey = q.sort === 'views' ? descNullsLast(scenes.viewsCount) : q.sort === 'likes' ? descNullsLast(scenes.likesCount) : dateOrder;
    const order = [sortKey, descNullsLast(scenes.id)];
    // Favourites and history are the visitor's own short lists: the privacy check runs per row.
    if (q.filter === 'Favorites' || q.filter === 'History') {
      return query.where(and(...this.conditions(actorId, q, text))).orderBy(...order).limit(q.ipp).offset(q.cp * q.ipp);
    }
    // The page's ids first, then cards for those only: joining the creator and slot to every row
    // walked made a deep page (cp 50) read them for the 450 rows it skips.
    const page = (where: SQL | undefined) =>
      selectCards(this.db)
        .where(inArray(scenes.id, this.db.select({ id: scenes.id }).from(scenes).where(where).orderBy(...order).limit(q.ipp).offset(q.cp * q.ipp)))
        .orderBy(...order);
    if (!actorId) return page(and(...this.conditions(actorId, q, text)));

    const parts = readableParts(actorId);
    // The reader's districts' spaces may be public or not; the filters below still apply to them.
    const chosen =
      q.filter === 'Public' ? [parts.listed, parts.district] : q.filter === 'Private' ? [parts.own, parts.shared, parts.district] : [parts.listed, parts.own, parts.shared, parts.district];
    const filters = this.filters(q, text);
    const branch = (part: SQL) =>
      this.db
        .select({ id: scenes.id })
        .from(scenes)
        .where(and(part, ...filters))
        .orderBy(...order)
        .limit((q.cp + 1) * q.ipp);
    const [first, second, ...rest] = chosen.map(branch);
    return page(inArray(scenes.id, second ? unionAll(first!, second, ...rest) : first!));
  }

  async mine(ownerId: string, state: 'Draft' | 'Published' | undefined, sort: ExploreSort, cp: number, ipp: number) {
    const own = eq(scenes.ownerId, ownerId);
    const first = sort === 'views' ? descNullsLast(scenes.viewsCount) : sort === 'likes' ? descNullsLast(scenes.likesCount) : desc(scenes.updatedAt);
    return selectCards(this.db)
      .where(state ? and(own, eq(scenes.state, state)) : own)
      .orderBy(first, desc(scenes.id))
      .limit(ipp)
      .offset(cp * ipp);
  }

  /** The viewer's RELATED list: other readable spaces sharing tags with `tags`, most shared tags first. */
  related(actorId: string | null, sceneId: string, tags: string[], cp: number, ipp: number) {
    const wanted = sql`array[${sql.join(
      tags.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`;
    // One containment test per wanted tag (at most 10) is far cheaper per row than an array INTERSECT.
    const shared = sql.join(
      tags.map((t) => sql`(${scenes.tags} @> array[${t}]::text[])::int`),
      sql` + `,
    );
    return selectCards(this.db)
      .where(and(readableBy(actorId), ne(scenes.id, sceneId), sql`${scenes.tags} && ${wanted}`))
      .orderBy(sql`(${shared}) desc`, descNullsLast(scenes.likesCount), descNullsLast(scenes.id))
      .limit(ipp)
      .offset(cp * ipp);
  }

  /**
   * The viewer's TRENDING ranking: listed public spaces with activity since `since`, by 2 per new like
   * plus 1 per counted view in that window, best `limit` ids first. It aggregates every like and view
   * of the window, so the service computes it once a minute, not per request (bench/social-lists).
   */
  async trendingIds(since: Date, limit: number): Promise<string[]> {
    const likes = this.db
      .select({ sceneId: sceneLikes.sceneId, weight: sql<number>`2`.as('weight') })
      .from(sceneLikes)
      .where(gte(sceneLikes.createdAt, since));
    const views = this.db
      .select({ sceneId: sceneViews.sceneId, weight: sql<number>`1`.as('weight') })
      .from(sceneViews)
      .where(gte(sceneViews.viewedAt, since));
    const events = unionAll(likes, views).as('events');
    const trend = this.db
      .select({ sceneId: events.sceneId, score: sql<number>`sum(${events.weight})`.as('score') })
      .from(events)
      .groupBy(events.sceneId)
      .as('trend');
    const rows = await this.db
      .select({ id: scenes.id })
      .from(scenes)
      .innerJoin(trend, eq(trend.sceneId, scenes.id))
      .where(readableBy(null))
      .orderBy(sql`${trend.score} desc`, descNullsLast(scenes.likesCount), descNullsLast(scenes.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  many(actorId: string | null, ids: string[]) {
    return selectCards(this.db).where(and(inArray(scenes.id, ids), readableBy(actorId)));
  }
}
