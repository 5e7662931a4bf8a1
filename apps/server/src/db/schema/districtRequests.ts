import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DistrictRequestKind, DistrictRequestStatus } from '@atrium/shared';
import { districts } from './districts.ts';
import { users } from './identity.ts';
import { scenes } from './scenes.ts';

/**
 * Spec §2 District page: Spaces → Hosting Requests and Promotion Requests (migration 0029). A space's
 * owner asks a district to host the space (it then shows among the district's spaces) or to promote
 * it (Promoted, and the district home); the district's Owner accepts or refuses. One row per space,
 * district and kind: an accepted row is the hosting or promotion itself.
 */
export const districtSpaceRequests = pgTable(
  'district_space_requests',
  {
    id: uuid('id').primaryKey(),
    districtId: uuid('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DistrictRequestKind>().notNull(),
    status: text('status').$type<DistrictRequestStatus>().notNull().default('pending'),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('district_space_requests_uq').on(t.districtId, t.sceneId, t.kind),
    index('district_space_requests_list_idx').on(t.districtId, t.kind, t.status, t.createdAt),
    index('district_space_requests_scene_idx').on(t.sceneId),
    check('district_space_requests_kind_ck', sql`${t.kind} in ('hosting', 'promotion')`),
    check('district_space_requests_status_ck', sql`${t.status} in ('pending', 'accepted', 'refused')`),
  ],
);
