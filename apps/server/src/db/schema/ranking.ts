import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { scenes } from './scenes.ts';

/**
 * Explore's Recommended order, precomputed: one row per published space holding the global part of
 * the ranking (atrium_recommend_score, see modules/explore/CONTEXT.md). A trigger on `scenes`
 * (migrations 0008, 0010, 0024) upserts the row whenever likes, views, state or publication time change and
 * deletes it when the space leaves Published; the explore refresh job re-scores recent spaces so the
 * recency term keeps decaying. Kept out of `scenes` so re-scoring never rewrites the wide scene rows.
 */
export const sceneRank = pgTable(
  'scene_rank',
  {
    sceneId: uuid('scene_id')
      .primaryKey()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    /** Copied from the space, so a followed creator's best spaces come from one index walk. */
    creatorId: uuid('creator_id'),
    /** Copied from the space: published, visible and public, i.e. readable by anyone (signed-out pages walk only these). */
    listed: boolean('listed').notNull().default(false),
    score: doublePrecision('score').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scene_rank_score_idx').on(t.score.desc(), t.sceneId.desc()),
    index('scene_rank_listed_idx').on(t.score.desc(), t.sceneId.desc()).where(sql`listed`),
    index('scene_rank_creator_idx').on(t.creatorId, t.score.desc(), t.sceneId.desc()),
  ],
);
