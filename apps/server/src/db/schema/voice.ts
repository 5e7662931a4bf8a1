import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { scenes } from './scenes.ts';

/**
 * Visitors a space's owner muted for everyone (issue 20): no voice token is issued to them in that
 * space and they are removed from its voice rooms. Gone with the space or the person.
 */
export const sceneVoiceMutes = pgTable(
  'scene_voice_mutes',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.userId] }), index('scene_voice_mutes_user_idx').on(t.userId)],
);
