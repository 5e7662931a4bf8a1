// Spec §3 artifact types and §5 file rules, as constants the server, the web dropzones and tests share.

/** Upload kinds, as they appear in the API path `POST /api/{kind}`. */
export const ASSET_KINDS = ['picture', 'video', 'audio', 'model3d', 'text3d', 'hyperText', 'webView3d', 'avatar'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Kinds that carry an uploaded file (text and web views are described by fields only). */
export const FILE_KINDS = ['picture', 'video', 'audio', 'model3d', 'avatar'] as const satisfies readonly AssetKind[];
export const isFileKind = (k: AssetKind): k is (typeof FILE_KINDS)[number] =>
  (FILE_KINDS as readonly string[]).includes(k);

/** Library sub-pages (spec §2 `user/{id}/library/{…}`) and the kind each lists. */
export const LIBRARY_PAGES = {
  images: 'picture',
  videos: 'video',
  '3d-models': 'model3d',
  '3d-texts': 'text3d',
  '3d-hypertexts': 'hyperText',
  webviews: 'webView3d',
} as const satisfies Record<string, AssetKind>;
export type LibraryPage = keyof typeof LIBRARY_PAGES;
export const LIBRARY_PAGE_NAMES = Object.keys(LIBRARY_PAGES) as LibraryPage[];

const MB = 1024 * 1024;

/** Spec §5 size limits in bytes: picture 8 MB, video and 3D models 30 MB, audio 16 MB, default 4 MB. */
export const UPLOAD_LIMITS = {
  picture: 8 * MB,
  video: 30 * MB,
  audio: 16 * MB,
  model3d: 30 * MB,
  /** A VRM avatar (one .vrm file, a glTF binary): the 3D model limit. */
  avatar: 30 * MB,
  default: 4 * MB,
  dropzoneDefault: 3 * MB,
} as const;

export const uploadLimitOf = (kind: AssetKind): number =>
  kind === 'picture' || kind === 'video' || kind === 'audio' || kind === 'model3d' || kind === 'avatar'
    ? UPLOAD_LIMITS[kind]
    : UPLOAD_LIMITS.default;

/** Spec §5 file extensions per kind (lower case, with the dot). */
export const UPLOAD_EXTENSIONS = {
  picture: ['.jpg', '.jpeg', '.png', '.webp'],
  video: ['.mp4', '.webm', '.ogg', '.mov'],
  audio: ['.mp3', '.wav', '.ogg'],
  model3d: ['.glb', '.gltf', '.obj', '.zip', '.bin', '.mtl', '.jpg', '.jpeg', '.png', '.webp'],
  avatar: ['.vrm'],
} as const;

/** The model files among the accepted extensions; exactly one may be uploaded (spec §5). */
export const MODEL_FILE_EXTENSIONS = ['.glb', '.gltf', '.obj'] as const;

/**
 * The humanoid bones VRM 1.0 requires (0.x requires the same ones): the server refuses an avatar without
 * them, and the engine animates through them.
 */
export const VRM_REQUIRED_BONES = [
  'hips',
  'spine',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
] as const;

/**
 * MIME types recognised from the file's bytes (magic numbers), which is what the server trusts.
 * Spec §5 names video/mp4 and audio/wav, audio/mpeg; the other entries are the same formats' sniffed types.
 */
export const UPLOAD_MIME_TYPES = {
  picture: ['image/jpeg', 'image/png', 'image/webp'],
  video: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/ogg', 'audio/opus'],
} as const;

/** Pixel cap checked from the image header before anything is decoded. */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** Model upload limits: files and uncompressed bytes for the whole upload (all its zips together), ratio per zip entry. */
export const ZIP_LIMITS = { maxEntries: 1000, maxUncompressedBytes: 200 * MB, maxRatio: 100 } as const;

/** Model optimisation targets and the web budget the upload dialog warns about. */
export const MODEL_LIMITS = {
  maxTextureSize: 2048,
  budgetTriangles: 100_000,
  budgetTextureBytes: 50 * MB,
} as const;

/** "8 MB", "4 MB": the limit as the error message shows it. */
export function formatBytes(n: number): string {
  if (n >= MB) return `${Number((n / MB).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} B`;
}

/** ".jpg .jpeg .png .webp": the supported formats as the error message shows them. */
export const supportedFormats = (kind: keyof typeof UPLOAD_EXTENSIONS): string => UPLOAD_EXTENSIONS[kind].join(' ');
