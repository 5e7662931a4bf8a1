import { z } from 'zod';

export const SCENE_STATES = ['Draft', 'Published'] as const;

export const sceneCreator = z.object({
  userId: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});

/** Public metadata of a space (spec §3 Space/scene metadata); social counts arrive with Publishing. */
export const sceneMetadata = z.object({
  sceneId: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  coverPhotoUri: z.string().nullable(),
  thumbnailUri: z.string().nullable(),
  spaceTemplateId: z.string().nullable(),
  state: z.enum(SCENE_STATES),
  visible: z.boolean(),
  publishedPublic: z.boolean(),
  creatorId: z.string().nullable(),
  ownerId: z.string().nullable(),
  creator: sceneCreator.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Gallery photo URIs in the owner's order (spec §3 photoGallery). */
  photoGallery: z.array(z.string()),
  /** The district whose slot holds the space (spec §3 districtId, districtSubdomain), or null. */
  districtId: z.string().nullable(),
  districtSubdomain: z.string().nullable(),
  /** Districts the space is published in (its slot's and those hosting it), split by their visibility. */
  publishedPublicDistricts: z.array(z.string()),
  publishedPrivateDistricts: z.array(z.string()),
});
export type SceneMetadata = z.infer<typeof sceneMetadata>;

export const sceneIdParams = z.strictObject({ id: z.uuid({ error: 'Not a valid space id' }) });
