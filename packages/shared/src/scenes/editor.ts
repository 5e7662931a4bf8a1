import { z } from 'zod';
import { DRAFTS_LIMITS, LIMITS, PAGING, PUBLISH_LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';
import { SCENE_DOCUMENT_LIMITS } from '../scene/limits.ts';
import type { Role } from '../users/roles.ts';
import { SCENE_STATES, sceneMetadata } from './metadata.ts';

// The owner's side of the Scene service (spec §7 scene/metadata, scene/content): what the editor
// reads and writes. Published reads live in metadata.ts.

/** Null means the plan has no drafts limit. */
export const draftsLimitFor = (role: Role): number | null => DRAFTS_LIMITS[role];

/** The cap stated to users and enforced on PUT content: 10 MB of JSON and 20,000 items. */
export const sceneTooLargeMessage = () =>
  msg.scene.tooLarge(SCENE_DOCUMENT_LIMITS.maxJsonBytes / (1024 * 1024), SCENE_DOCUMENT_LIMITS.maxItems);

/** Metadata as its owner sees it: with the draft document's version for optimistic saves. */
export const mySceneMetadata = sceneMetadata.extend({ contentVersion: z.number().int() });
export type MySceneMetadata = z.infer<typeof mySceneMetadata>;

const tagList = z.array(z.string().trim().min(1).max(50)).max(30);

/**
 * Form fields of POST/PATCH scene/metadata. Multipart sends text, so tags arrive as a JSON list
 * or a comma-separated string; both are accepted.
 */
export const sceneMetadataFields = z.strictObject({
  title: z.string().trim().max(LIMITS.spaceNameMax, msg.maxChars(LIMITS.spaceNameMax)),
  description: z.string().max(10_000).optional(),
  tags: z
    .preprocess((v) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      if (t.startsWith('[')) {
        try {
          return JSON.parse(t) as unknown;
        } catch {
          return v;
        }
      }
      return t === '' ? [] : t.split(',').map((s) => s.trim());
    }, tagList)
    .optional(),
  spaceTemplateId: z.string().min(1).max(200).nullable().optional(),
  /**
   * The gallery's new order (spec §3 photoGallery): URIs of photos to keep and `new:<i>` for the
   * i-th uploaded `photoGalleryFiles` part; photos left out are removed. Omitted: uploads are appended.
   */
  photoGallery: z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z.array(z.string().min(1).max(300)).max(PUBLISH_LIMITS.galleryMax, msg.publishing.galleryTooMany(PUBLISH_LIMITS.galleryMax)),
    )
    .optional(),
});
export const createSceneFields = sceneMetadataFields.extend({ title: sceneMetadataFields.shape.title.default('') });
export const patchSceneFields = sceneMetadataFields.partial();
export type SceneMetadataFields = z.infer<typeof sceneMetadataFields>;
export type PatchSceneFields = z.infer<typeof patchSceneFields>;

export const mySceneQuery = z.strictObject({
  cp: z.coerce.number().int().min(0).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGING.maxIpp).default(PAGING.defaultIpp),
  state: z.enum(SCENE_STATES).optional(),
});

export const draftsLimitStatus = z.object({
  /** Null when unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
});
export type DraftsLimitStatus = z.infer<typeof draftsLimitStatus>;

/**
 * PUT scene/content body: the document and the contentVersion it was based on. A save based on an
 * older version than the stored one is a concurrent edit and answers 409 SCENE_VERSION_CONFLICT.
 */
export const putSceneContentBody = z.strictObject({
  baseVersion: z.number().int().min(0),
  document: z.unknown(),
});
export type PutSceneContentBody = z.infer<typeof putSceneContentBody>;

export const putSceneContentResult = z.object({
  contentVersion: z.number().int(),
  etag: z.string(),
  bytes: z.number().int(),
  items: z.number().int(),
});
export type PutSceneContentResult = z.infer<typeof putSceneContentResult>;

/** Details of a 409: what the server holds now, so the client can offer reload or overwrite. */
export interface SceneConflictDetails {
  currentVersion: number;
  updatedAt: string;
}

export const draftEtag = (sceneId: string, version: number) => `"${sceneId}-d${version}"`;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §4: an empty title becomes "Untitled space" followed by the local date and time. */
export function untitledSpaceTitle(now: Date = new Date()): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${msg.scene.untitledSpace} ${date} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

const UNTITLED = new RegExp(`^${msg.scene.untitledSpace}( \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2})?$`, 'i');
/** Titles made by untitledSpaceTitle (or the bare default) count as untitled. */
export const isUntitledTitle = (title: string): boolean => UNTITLED.test(title.trim());
