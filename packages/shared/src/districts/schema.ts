import { z } from 'zod';
import { msg } from '../messages.ts';
import { ASSIGNABLE_DISTRICT_ROLES, checkSubdomain, DISTRICT_LIMITS, DISTRICT_ROLES } from './rules.ts';

// Wire shapes of districts (spec §3 District, district invitation; §7 district paths).

const formBool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** §5 Subdomain, folded to lower case (see checkSubdomain). */
export const districtSubdomain = z.string().transform((raw, ctx) => {
  const c = checkSubdomain(raw);
  if (!c.ok) {
    ctx.addIssue({ code: 'custom', message: c.message });
    return z.NEVER;
  }
  return c.subdomain;
});

/** §5 District title: required, 2 to 50 characters. */
export const districtTitle = z
  .string()
  .trim()
  .min(1, msg.required)
  .min(DISTRICT_LIMITS.titleMin, msg.minChars(DISTRICT_LIMITS.titleMin))
  .max(DISTRICT_LIMITS.titleMax, msg.maxChars(DISTRICT_LIMITS.titleMax));

/**
 * §3 District form values / §7 POST districts (multipart): title, subdomain, public ('true'/'false'),
 * freeSpaceTemplateId, visible. The same fields are accepted as JSON.
 */
export const createDistrictFields = z.strictObject({
  title: districtTitle,
  subdomain: districtSubdomain,
  public: formBool.default(true),
  visible: formBool.default(true),
  freeSpaceTemplateId: z.string({ error: msg.districts.selectFreeSpace }).min(1, msg.districts.selectFreeSpace).max(200),
});
export type CreateDistrictFields = z.input<typeof createDistrictFields>;

const hexColour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Not a valid colour');
export const DISTRICT_FONTS = ['Inter', 'Roboto', 'Montserrat', 'Playfair Display', 'Lora', 'Merriweather'] as const;
export const BUTTON_CORNERS = ['square', 'rounded', 'pill'] as const;

/** §2 Settings → Appearance: applied as a theme to every page of the district. */
export const districtStyles = z.strictObject({
  fontFamily: z.enum(DISTRICT_FONTS).optional(),
  themeColor: hexColour.optional(),
  textColor: hexColour.optional(),
  buttonCorners: z.enum(BUTTON_CORNERS).optional(),
  logoHeight: z.number().int().min(16).max(200).optional(),
});
export type DistrictStyles = z.infer<typeof districtStyles>;

/** §2 Settings General (public/private, hide, listed) and Appearance, by the owner. */
export const districtPatch = z.strictObject({
  title: districtTitle.optional(),
  /** Settings → General: a new subdomain moves the district to another host (§5 rules; 409 when taken). */
  subdomain: districtSubdomain.optional(),
  subtitle: z.string().trim().max(DISTRICT_LIMITS.subtitleMax, msg.maxChars(DISTRICT_LIMITS.subtitleMax)).optional(),
  description: z.string().trim().max(DISTRICT_LIMITS.descriptionMax, msg.maxChars(DISTRICT_LIMITS.descriptionMax)).optional(),
  public: z.boolean().optional(),
  hidden: z.boolean().optional(),
  listed: z.boolean().optional(),
  styles: districtStyles.optional(),
});

export const districtRole = z.enum(DISTRICT_ROLES);
export const assignableDistrictRole = z.enum(ASSIGNABLE_DISTRICT_ROLES);

export const districtIdParams = z.strictObject({ id: z.uuid({ error: 'Not a valid district id' }) });
export const districtMemberParams = districtIdParams.extend({ userId: z.uuid({ error: 'Not a valid user id' }) });
export const subdomainParams = z.strictObject({ subdomain: z.string().max(200) });
/** districtAccess/{id}: a district id or its subdomain (spec §7 "GET district access by subdomain"). */
export const districtRefParams = z.strictObject({ id: z.string().min(1).max(200) });

/** §3 District as the API answers it. */
export const districtView = z.object({
  districtId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  subdomain: z.string(),
  /** The district's home, `{subdomain}.{public host}`. */
  url: z.string(),
  public: z.boolean(),
  hidden: z.boolean(),
  listed: z.boolean(),
  styles: districtStyles,
  owner: z.object({ userId: z.string(), name: z.string().nullable() }),
  userId: z.string(),
  active: z.boolean(),
  memberCount: z.number().int(),
  /** Logo and cover (spec §3 photo, coverPhoto): versioned URLs, null until uploaded. */
  photo: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  /** How many people follow the district (spec §3 followers). */
  followers: z.number().int(),
  /** The caller's role here, or null for a visitor who is not a member. */
  districtUserRole: districtRole.nullable(),
  /** Explore's search, signed in: whether the caller follows it (absent for its Owner and signed-out callers). */
  following: z.boolean().optional(),
  createdAt: z.string(),
});
export type DistrictView = z.infer<typeof districtView>;

export const districtAvailability = z.object({ subdomain: z.string(), available: z.literal(true) });

export const districtAccessView = z.object({
  districtId: z.string(),
  subdomain: z.string(),
  districtUserRole: districtRole.nullable(),
});

export const districtMember = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  /** Login email: only the owner sees it (member management). */
  email: z.string().nullable(),
  role: districtRole,
  allocatedSlots: z.number().int(),
  joinedAt: z.string(),
});
export type DistrictMember = z.infer<typeof districtMember>;

export const districtMemberPatch = z
  .strictObject({
    role: assignableDistrictRole.optional(),
    allocatedSlots: z.number().int().min(0).max(DISTRICT_LIMITS.allocatedSlotsMax).optional(),
  })
  .refine((p) => p.role !== undefined || p.allocatedSlots !== undefined, 'Nothing to change');

export const districtInviteBody = z.strictObject({
  email: z.email(msg.contact.emailInvalid).max(320).transform((e) => e.toLowerCase()),
  role: assignableDistrictRole.default('Guest'),
});

export const districtInvitation = z.object({
  invitationId: z.string(),
  districtId: z.string(),
  email: z.string(),
  role: districtRole,
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DistrictInvitation = z.infer<typeof districtInvitation>;

export const invitationAcceptParams = z.strictObject({ id: z.uuid({ error: 'Not a valid invitation id' }) });
export const invitationAcceptQuery = z.strictObject({ invitation_code: z.string().min(10).max(200) });

export const districtSearchQuery = z.strictObject({
  title: z.string().trim().max(DISTRICT_LIMITS.titleMax).optional(),
  sort: z.enum(['newest', 'title', 'members']).default('newest'),
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(DISTRICT_LIMITS.searchPageMax).default(20),
});

export const districtInfoQuery = z.strictObject({ subdomain: z.string().max(200).optional() });

/** POST /api/districts as multipart travels: every field is text (public and visible "true"/"false"). */
export const createDistrictForm = z.object({
  title: z.string(),
  subdomain: z.string(),
  public: z.string().optional(),
  visible: z.string().optional(),
  freeSpaceTemplateId: z.string(),
});
