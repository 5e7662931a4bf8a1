import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { scenes } from './scenes.ts';

/**
 * Library assets a space's published version uses, and only those its owner owns: a published space
 * grants reads of these files to whoever may read the space. Kept by a trigger on
 * scenes.published_content (migration 0011), so every way a version is published writes it.
 */
export const sceneAssets = pgTable(
  'scene_assets',
  {
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sceneId, t.assetId] }), index('scene_assets_asset_idx').on(t.assetId)],
);
