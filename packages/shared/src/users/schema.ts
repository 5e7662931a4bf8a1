import { z } from 'zod';
import { msg } from '../messages.ts';
import { PAGING } from '../constants.ts';
import { ROLES } from './roles.ts';
import { USER_LIMITS } from './limits.ts';
import { LANGUAGES } from '../i18n/languages.ts';

// Spec §3 User, §2 Account page / Settings and §5 rules. One schema serves the API, OpenAPI and forms.
export const GENDERS = ['female', 'male', 'non-binary', 'other', 'prefer-not-to-say'] as const;

/** Social networks the profile can link to, with the host names a valid url must use. */
export const SOCIAL_NETWORKS = {
  Facebook: ['facebook.com', 'fb.com'],
  Instagram: ['instagram.com'],
  X: ['x.com', 'twitter.com'],
  LinkedIn: ['linkedin.com'],
  YouTube: ['youtube.com', 'youtu.be'],
  TikTok: ['tiktok.com'],
} as const satisfies Record<string, readonly string[]>;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

const httpUrl = (s: string): URL | null => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
};

const hostMatches = (u: URL, hosts: readonly string[]) => {
  const h = u.hostname.toLowerCase();
  return hosts.some((d) => h === d || h.endsWith(`.${d}`));
};

/** Checks one social link against its network; returns the spec message or null. */
export function socialUrlError(network: SocialNetwork, url: string): string | null {
  const u = httpUrl(url.trim());
  return u && hostMatches(u, SOCIAL_NETWORKS[network]) ? null : msg.user.socialUrl(network);
}

export const socialLink = z
  .object({
    name: z.enum(SOCIAL_NETWORK_NAMES as [SocialNetwork, ...SocialNetwork[]]),
    url: z.string().trim().max(2048),
  })
  .superRefine((v, ctx) => {
    const error = socialUrlError(v.name, v.url);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['url'] });
  });
export type SocialLink = z.infer<typeof socialLink>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg.maxChars(max))
    .transform((s) => (s === '' ? null : s))
    .nullable();

export const websiteUrl = z
  .string()
  .trim()
  .max(USER_LIMITS.websiteMax, msg.maxChars(USER_LIMITS.websiteMax))
  .refine((s) => s === '' || httpUrl(s) !== null, msg.user.invalidUrl)
  .transform((s) => (s === '' ? null : s))
  .nullable();

export const userName = z
  .string({ error: msg.fieldRequired })
  .trim()
  .min(1, msg.fieldRequired)
  .max(USER_LIMITS.nameMax, msg.maxChars(USER_LIMITS.nameMax));

export const birthday = z
  .string()
  .trim()
  .refine(
    (s) =>
      s === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && Date.parse(s) < Date.now()),
    {
      message: 'Please provide a valid date',
    },
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** Profile fields the owner edits (Edit info). Every field optional: PATCH sends what changed. */
export const profileFields = z.strictObject({
  name: userName.optional(),
  bio: optionalText(USER_LIMITS.bioMax).optional(),
  birthday: birthday.optional(),
  city: optionalText(USER_LIMITS.cityMax).optional(),
  country: optionalText(USER_LIMITS.countryMax).optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  occupation: optionalText(USER_LIMITS.occupationMax).optional(),
  website: websiteUrl.optional(),
  privateSpaceInvitationCode: optionalText(USER_LIMITS.invitationCodeMax).optional(),
  socialMedia: z.array(socialLink).max(SOCIAL_NETWORK_NAMES.length).optional(),
  /** Vertical position of the cover photo in percent (reposition), 0 top … 100 bottom. */
  coverPhotoPosition: z.coerce.number().min(0).max(100).optional(),
});

/** Spec §2 Settings: visibility switches, enforced by the API. */
export const settingsFields = z.strictObject({
  autoSave: z.boolean().optional(),
  searchable: z.boolean().optional(),
  allowGroupInvites: z.boolean().optional(),
  showContentLibrary: z.boolean().optional(),
  showGroups: z.boolean().optional(),
  /** Interface language; a code not in LANGUAGES is refused (400). */
  language: z.enum(LANGUAGES).optional(),
});

export const patchMyUserBody = profileFields.extend(settingsFields.shape);
export type PatchMyUserBody = z.infer<typeof patchMyUserBody>;

export const role = z.enum(ROLES);

/** A user as anyone may see it. Email and settings are added only for the owner (myUser). */
export const publicUser = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePicture: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  coverPhotoPosition: z.number(),
  bio: z.string().nullable(),
  birthday: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  occupation: z.string().nullable(),
  website: z.string().nullable(),
  socialMedia: z.array(z.object({ name: z.string(), url: z.string() })),
  role,
  numOfFollowers: z.number().int(),
  numOfFollowing: z.number().int(),
  numPublishedSpaces: z.number().int(),
  searchable: z.boolean(),
  allowGroupInvites: z.boolean(),
  showContentLibrary: z.boolean(),
  showGroups: z.boolean(),
  signedUp: z.string(),
  active: z.boolean(),
  /** Present for a signed-in viewer looking at someone else. */
  isFollowed: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const myUser = publicUser.extend({
  email: z.string().nullable(),
  autoSave: z.boolean(),
  privateSpaceInvitationCode: z.string().nullable(),
  loginProvider: z.string(),
  lastLogin: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
});
export type MyUser = z.infer<typeof myUser>;

export const pagingQuery = z.object({
  cp: z.coerce.number().int().min(0).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGING.maxIpp).default(PAGING.defaultIpp),
});
export const userSearchQuery = pagingQuery.extend({ q: z.string().trim().max(100).optional() });
export const manyUsersQuery = z.object({
  ids: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid()).max(PAGING.maxIpp)),
});
export const userIdParams = z.object({ id: z.uuid() });

export const password = z
  .string({ error: msg.fieldRequired })
  .min(USER_LIMITS.passwordMin, msg.minChars(USER_LIMITS.passwordMin))
  .max(USER_LIMITS.passwordMax, msg.maxChars(USER_LIMITS.passwordMax));

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, msg.fieldRequired),
  newPassword: password,
});
/** A password change ends every session and revokes the personal API keys; the answer says how many. */
export const changePasswordResult = z.object({ revokedApiKeys: z.number().int().min(0) });
export type ChangePasswordResult = z.infer<typeof changePasswordResult>;
export const deleteAccountBody = z.strictObject({ password: z.string().min(1, msg.fieldRequired) });

export const apiKeyCreateBody = z.strictObject({
  name: z.string().trim().min(1, msg.fieldRequired).max(100, msg.maxChars(100)),
});
export const apiKeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const apiKeyCreated = apiKeyInfo.extend({ key: z.string() });

export const followResult = z.object({ following: z.boolean(), numOfFollowers: z.number().int() });

/** What the web app needs to start sign-in; the same shape for the built-in and an external provider. */
export const authConfig = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scope: z.string(),
  builtIn: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfig>;

export { AUTH_SCOPE, AUTH_CALLBACK_PATH, AUTH_SILENT_CALLBACK_PATH, ACCESS_TOKEN_COOKIE, API_KEY_PREFIX } from './authPaths.ts';
