import { z } from 'zod';
import { sceneCard } from '../publishing/schema.ts';
import { sceneCreator } from '../scenes/metadata.ts';

// Spec §2 District page: Spaces → Hosting Requests, Promoted, Promotion Requests, Promotion Settings.
// A space's owner asks a district to host the space (it then shows among the district's spaces and in
// the space's publishedPublicDistricts / publishedPrivateDistricts) or to promote it (Promoted, and the
// district home); the district's Owner accepts or refuses.

export const DISTRICT_REQUEST_KINDS = ['hosting', 'promotion'] as const;
export type DistrictRequestKind = (typeof DISTRICT_REQUEST_KINDS)[number];
export const DISTRICT_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type DistrictRequestStatus = (typeof DISTRICT_REQUEST_STATUSES)[number];
export const DISTRICT_REQUEST_DECISIONS = ['accept', 'refuse'] as const;

/** Promotion Settings: how many promoted spaces the district home shows (0 hides the section). */
export const DISTRICT_PROMOTION = { promotedOnHomeMax: 12 } as const;

const id = z.uuid({ error: 'Not a valid district id' });
const kind = z.enum(DISTRICT_REQUEST_KINDS);
const paging = {
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(60).default(24),
};

export const districtRequestParams = z.strictObject({ id, kind });
export const districtRequestDecisionParams = districtRequestParams.extend({
  requestId: z.uuid({ error: 'Not a valid request id' }),
  decision: z.enum(DISTRICT_REQUEST_DECISIONS),
});
export const districtRequestSceneParams = districtRequestParams.extend({ sceneId: z.uuid({ error: 'Not a valid space id' }) });
export const districtRequestBody = z.strictObject({ sceneId: z.uuid({ error: 'Not a valid space id' }) });
export const districtRequestQuery = z.strictObject({ status: z.enum(DISTRICT_REQUEST_STATUSES).default('pending'), ...paging });

/** One request as its district's Owner (or its requester) sees it. */
export const districtRequestView = z.object({
  requestId: z.string(),
  districtId: z.string(),
  kind,
  status: z.enum(DISTRICT_REQUEST_STATUSES),
  sceneId: z.string(),
  /** The space's card; null when the reader may no longer read the space (it was unpublished or hidden). */
  space: sceneCard.nullable(),
  requester: sceneCreator,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DistrictRequestView = z.infer<typeof districtRequestView>;
export const districtRequestList = z.array(districtRequestView);

export const promotionSettings = z.object({
  promotionRequestsOpen: z.boolean(),
  promotedOnHome: z.number().int(),
});
export type PromotionSettings = z.infer<typeof promotionSettings>;
export const promotionSettingsPatch = z.strictObject({
  promotionRequestsOpen: z.boolean().optional(),
  promotedOnHome: z.number().int().min(0).max(DISTRICT_PROMOTION.promotedOnHomeMax).optional(),
});
