import { z } from 'zod';
import {
  guidedTour, infoPoint, liveVideo, model3d, picture, portal, prop, sceneFont, sceneLink,
  spaceTemplateRef, text3d, video, webView3d,
} from './items.ts';
import { customSpace } from './levels.ts';
import { vec3 } from './primitives.ts';

/**
 * The number of the last migration in SCENE_MIGRATIONS (migrations.ts): a stored document records the
 * last one applied to it. `sceneDocumentV1` keeps its historical name but validates this version only;
 * older documents go through `migrateSceneDocument`.
 */
export const SCENE_DOCUMENT_VERSION = 5;

export const sceneDocumentV1 = z.object({
  version: z.literal(SCENE_DOCUMENT_VERSION),
  customSpace: customSpace.nullable().default(null),
  spaceTemplate: spaceTemplateRef.nullable().default(null),
  fonts: z.array(sceneFont).default([]),
  linkable: z.boolean().default(true),
  links: z.array(sceneLink).default([]),
  startingPosition: vec3.default([0, 0, 0]),
  startingRotation: vec3.default([0, 0, 0]),
  guidedTours: z.array(guidedTour).default([]),
  pictures: z.array(picture).default([]),
  videos: z.array(video).default([]),
  texts3d: z.array(text3d).default([]),
  models3d: z.array(model3d).default([]),
  portals: z.array(portal).default([]),
  infoPoints: z.array(infoPoint).default([]),
  props: z.array(prop).default([]),
  liveVideos: z.array(liveVideo).default([]),
  atlasCount: z.number().int().min(0).default(0),
  webViews3d: z.array(webView3d).default([]),
});

export type SceneDocument = z.output<typeof sceneDocumentV1>;
// What a caller may write: every defaulted field optional.
export type SceneDocumentInput = z.input<typeof sceneDocumentV1>;

// The item collections that carry placed things, used by counting, selection and lookup.
export const PLACED_ITEM_KINDS = [
  'pictures', 'videos', 'texts3d', 'models3d', 'portals', 'infoPoints', 'props', 'liveVideos', 'webViews3d',
] as const;
export type PlacedItemKind = (typeof PLACED_ITEM_KINDS)[number];
export type PlacedItem = SceneDocument[PlacedItemKind][number];

export function emptySceneDocument(): SceneDocument {
  return sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION });
}
