import { z } from 'zod';
import { msg } from '../messages.ts';
import { PAGING } from '../constants.ts';
import { collisionMode, hexColor } from '../scene/primitives.ts';
import { FONT_STYLES, VIDEO_PROVIDERS } from '../scene/items.ts';
import { ASSET_KINDS } from './kinds.ts';

// Spec §3 asset upload defaults and fields. One schema per use: upload form fields, PATCH body,
// listing query and the asset the API answers. Multipart text fields arrive as strings, so the
// upload schemas coerce booleans, numbers and lists.

export const ASSET_LIMITS = { titleMax: 100, descriptionMax: 2000, tagsMax: 10, tagMax: 40, textMax: 5000 } as const;
export const ASSET_STATUSES = ['processing', 'ready', 'failed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_SORTS = ['updatedAt', 'createdAt', 'title'] as const;

/** Seeded licences (ids are stable; titles are what the picker shows). */
export const LICENSES = [
  { licenseId: 'cc0', title: 'CC0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
  { licenseId: 'cc-by', title: 'CC BY', url: 'https://creativecommons.org/licenses/by/4.0/' },
  { licenseId: 'cc-by-sa', title: 'CC BY-SA', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  { licenseId: 'cc-by-nc', title: 'CC BY-NC', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
  { licenseId: 'all-rights-reserved', title: 'All rights reserved', url: null },
] as const;
export const license = z.object({ licenseId: z.string(), title: z.string(), url: z.string().nullable() });
export type License = z.infer<typeof license>;

const formBool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const formNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());
const tagList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return v;
      }
    }
    return s === '' ? [] : s.split(/[;,]/);
  },
  z
    .array(z.string().trim().min(1).max(ASSET_LIMITS.tagMax, msg.maxChars(ASSET_LIMITS.tagMax)))
    .max(ASSET_LIMITS.tagsMax, msg.maxTags(ASSET_LIMITS.tagsMax))
    .refine((t) => new Set(t.map((x) => x.toLowerCase())).size === t.length, msg.tagExists),
);

/** https only, parseable: web views load these pages in an iframe inside the space. */
export const httpsUrl = z
  .string()
  .trim()
  .max(2048, msg.maxChars(2048))
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, msg.asset.webViewHttps);

/** The YouTube video id of a watch, share, shorts or embed url; null when it is not one. */
export function youtubeId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return /^[\w-]{11}$/.test(url.trim()) ? url.trim() : null;
  }
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?]+)/.exec(u.pathname)?.[1] ?? null;
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}
export const youtubeThumbnailUrl = (id: string) => `https://img.youtube.com/vi/${id}/hqdefault.jpg`;

// Characters a 3D text cannot draw: control characters (other than line breaks and tabs), lone
// surrogates, private-use code points and Unicode non-characters.
// eslint-disable-next-line no-control-regex
const UNSUPPORTED_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ue000-\uf8ff\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
export function unsupportedTextChars(text: string): string[] {
  return [...new Set(text.match(new RegExp(UNSUPPORTED_TEXT.source, 'g')) ?? [])];
}
const text3dText = z
  .string()
  .max(ASSET_LIMITS.textMax, msg.maxChars(ASSET_LIMITS.textMax))
  .superRefine((s, ctx) => {
    const bad = unsupportedTextChars(s);
    if (bad.length) {
      const shown = bad.map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
      ctx.addIssue({ code: 'custom', message: msg.asset.unsupportedTextChars(shown.join(' ')) });
    }
  });

/** Fields every kind has (spec §3 asset upload defaults). */
const common = {
  title: z.string().trim().max(ASSET_LIMITS.titleMax, msg.maxChars(ASSET_LIMITS.titleMax)),
  description: z.string().max(ASSET_LIMITS.descriptionMax, msg.maxChars(ASSET_LIMITS.descriptionMax)),
  tags: tagList,
  licenseId: z.string().max(64).nullable(),
  collisions: collisionMode,
  interactive: formBool,
  defaultSize: formNumber.pipe(z.number().positive().max(1000)).nullable(),
};

const videoFields = {
  provider: z.enum(VIDEO_PROVIDERS),
  youtubeUrl: z.string().trim().max(2048),
  autoplay: formBool,
  videoLoop: formBool,
  popUp: formBool,
};
const textFields = {
  text: text3dText,
  font: z.string().max(100).nullable(),
  fontSize: formNumber.pipe(z.number().positive().max(1000)),
  colorTint: hexColor,
  verticalAlignment: z.enum(['top', 'middle', 'bottom']),
  horizontalAlignment: z.enum(['left', 'center', 'right']),
  outlineWidth: formNumber.pipe(z.number().min(0).max(100)),
  dropShadow: formBool,
  fontStyles: z.preprocess(
    (v) => (typeof v === 'string' ? (v.startsWith('[') ? (JSON.parse(v) as unknown) : v.split(',')) : v),
    z.array(z.enum(FONT_STYLES)),
  ),
};

/** Editable fields per kind; the upload form and PATCH use them (PATCH partially). */
export const assetFieldsByKind = {
  picture: z.object({ ...common, popUp: formBool }),
  video: z.object({ ...common, ...videoFields }),
  audio: z.object({ ...common }),
  model3d: z.object({ ...common, animationClip: z.string().max(200).nullable(), autoplayAnimation: formBool }),
  text3d: z.object({ ...common, ...textFields }),
  hyperText: z.object({ ...common, ...textFields, hyperlink: httpsUrl }),
  webView3d: z.object({ ...common, url: httpsUrl }),
  avatar: z.object({ ...common }),
} as const;
export type AssetFieldsByKind = { [K in keyof typeof assetFieldsByKind]: z.infer<(typeof assetFieldsByKind)[K]> };

/** Spec §3 defaults applied when an upload leaves a field out; collisions Precise, None for text. */
export const ASSET_DEFAULTS = {
  common: { title: '', description: '', tags: [], licenseId: null, collisions: 'Precise', interactive: false, defaultSize: null },
  video: { provider: 'Source', youtubeUrl: '', autoplay: false, videoLoop: true, popUp: false },
  picture: { popUp: true },
  model3d: { animationClip: null, autoplayAnimation: false },
  text: {
    collisions: 'None',
    font: null,
    fontSize: 60,
    colorTint: '#000000',
    verticalAlignment: 'middle',
    horizontalAlignment: 'center',
    outlineWidth: 0,
    dropShadow: false,
    fontStyles: ['normal'],
  },
} as const;

/** Upload form: every field optional, defaults filled by the server. */
export const assetUploadFields = <K extends keyof typeof assetFieldsByKind>(kind: K) =>
  assetFieldsByKind[kind].partial();
export const assetPatchBody = <K extends keyof typeof assetFieldsByKind>(kind: K) =>
  assetFieldsByKind[kind].partial().strict();

export const modelStats = z.object({
  triangles: z.number().int(),
  meshes: z.number().int(),
  materials: z.number().int(),
  textures: z.number().int(),
  animationClips: z.number().int(),
  /** Before optimisation, for the comparison the upload dialog shows. */
  trianglesBefore: z.number().int().optional(),
  textureBytes: z.number().int().optional(),
  inputBytes: z.number().int().optional(),
  outputBytes: z.number().int().optional(),
  processingMs: z.number().optional(),
  clipNames: z.array(z.string()).optional(),
  validatorWarnings: z.number().int().optional(),
  /** Axis-aligned bounds in metres, so previews and the editor can stand the model on the floor. */
  bounds: z.object({ min: z.tuple([z.number(), z.number(), z.number()]), max: z.tuple([z.number(), z.number(), z.number()]) }).optional(),
});
export type ModelStats = z.infer<typeof modelStats>;

export const assetCreator = z.object({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable() });

/** An asset as the API answers it: common fields, then the fields of its kind (others absent). */
export const asset = z.object({
  id: z.string(),
  kind: z.enum(ASSET_KINDS),
  ownerId: z.string(),
  creator: assetCreator.nullable(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  licenseId: z.string().nullable(),
  collisions: collisionMode,
  interactive: z.boolean(),
  defaultSize: z.number().nullable(),
  status: z.enum(ASSET_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  /** `/api/file/{id}` (images: imageUrl, video: videoUrl, audio: audioUrl, models: modelUrl). */
  fileUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  mime: z.string().nullable(),
  sizeBytes: z.number().int(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.number().optional(),
  imageUrl: z.string().optional(),
  webpUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  audioUrl: z.string().optional(),
  modelUrl: z.string().optional(),
  originalUrl: z.string().optional(),
  youtubeId: z.string().optional(),
  stats: modelStats.optional(),
  warnings: z.array(z.string()).optional(),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof asset>;

export const assetIdParams = z.strictObject({ id: z.uuid({ error: 'Not a valid asset id' }) });
export const assetListQuery = z.object({
  userId: z.uuid().optional(),
  cp: z.coerce.number().int().min(0).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGING.maxIpp).default(PAGING.defaultIpp),
  sort: z.enum(ASSET_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Spec §7: `text3d` with myLibrary true lists hypertexts, false plain texts. */
  myLibrary: z.enum(['true', 'false']).optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;
