import { z } from 'zod';
import { groupBody, groupView } from '../groups/schema.ts';
import { LIBRARY_PAGES, type LibraryPage } from '../assets/kinds.ts';
import { sceneCard } from '../publishing/schema.ts';

// A district's categories (spec §2 District page: Spaces, Library, Groups), its logo and cover, and
// district follows (§3 district follow, §7 districtfollow).

/** Spec §2: "inside a district … library (images, videos, 3d-models, 3d-texts, 3d-hypertexts)". */
export const DISTRICT_LIBRARY_PAGES = ['images', 'videos', '3d-models', '3d-texts', '3d-hypertexts'] as const satisfies readonly LibraryPage[];
export type DistrictLibraryPage = (typeof DISTRICT_LIBRARY_PAGES)[number];
export const districtLibraryKind = (page: DistrictLibraryPage) => LIBRARY_PAGES[page];

const id = z.uuid({ error: 'Not a valid district id' });
const paging = {
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(60).default(24),
};

export const districtSpacesParams = z.strictObject({ id, state: z.enum(['published', 'drafts']) });
export const districtLibraryParams = z.strictObject({ id, page: z.enum(DISTRICT_LIBRARY_PAGES) });
export const districtPageQuery = z.strictObject(paging);
export const districtSpaces = z.array(sceneCard);

/** One file of the district's library: an asset one of its published spaces uses. */
export const districtLibraryItem = z.object({
  assetId: z.string(),
  kind: z.string(),
  title: z.string(),
  /** The file service's thumbnail, readable by whoever may read a space that uses the asset. */
  thumbnailUrl: z.string(),
  sceneId: z.string(),
  createdAt: z.string(),
});
export type DistrictLibraryItem = z.infer<typeof districtLibraryItem>;

export const districtGroupBody = groupBody;
export const districtGroups = z.array(groupView.extend({ districtId: z.string() }));

/** §7 districtfollow/district/{id}/doesfollow and the answer of follow / unfollow. */
export const districtFollowState = z.object({ districtId: z.string(), following: z.boolean(), followers: z.number().int() });
export type DistrictFollowState = z.infer<typeof districtFollowState>;
export const districtFollowUserParams = z.strictObject({ id: z.uuid({ error: 'Not a valid user id' }) });

/** Logo ("photo", spec §3) and cover upload: one multipart file field named after the image. */
export const districtImageKinds = ['photo', 'coverPhoto'] as const;
export type DistrictImageKind = (typeof districtImageKinds)[number];
export const districtImageParams = z.strictObject({ id, kind: z.enum(districtImageKinds) });
export const districtImageForm = z.object({ file: z.string().describe('JPEG, PNG or WebP, re-encoded as JPEG') });
