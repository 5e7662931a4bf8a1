import { z } from 'zod';

// Built-in avatars are generated in code by the engine; the user stores which one and its colours.
export const BUILT_IN_AVATARS = [
  { id: 'atlas', label: 'Atlas', build: 'broad' },
  { id: 'nova', label: 'Nova', build: 'slim' },
  { id: 'orion', label: 'Orion', build: 'tall' },
  { id: 'lyra', label: 'Lyra', build: 'slim' },
  { id: 'juno', label: 'Juno', build: 'short' },
  { id: 'kai', label: 'Kai', build: 'regular' },
  { id: 'mira', label: 'Mira', build: 'regular' },
  { id: 'rex', label: 'Rex', build: 'broad' },
] as const;
export type BuiltInAvatarId = (typeof BUILT_IN_AVATARS)[number]['id'];
export const BUILT_IN_AVATAR_IDS = BUILT_IN_AVATARS.map((a) => a.id) as [BuiltInAvatarId, ...BuiltInAvatarId[]];

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB');

/**
 * A VRM avatar from the user's library (asset kind `avatar`). The URL is always this server's file
 * service for that asset, so a visitor's browser never fetches an address another visitor chose.
 */
export const avatarVrm = z.strictObject({
  assetId: z.uuid(),
  url: z.string().regex(/^\/api\/file\/[0-9a-f-]{36}(\?v=[0-9a-f]{20})?$/, 'Not an avatar file address'),
});
export type AvatarVrm = z.infer<typeof avatarVrm>;

/**
 * What the avatar chooser stores on the user and what every visitor renders. With `vrm` the avatar
 * is that VRM model; the built-in model and colours still show while it loads or if it fails.
 */
export const avatarAppearance = z.strictObject({
  model: z.enum(BUILT_IN_AVATAR_IDS),
  body: hexColour,
  skin: hexColour,
  clothes: hexColour,
  vrm: avatarVrm.optional(),
});
export type AvatarAppearance = z.infer<typeof avatarAppearance>;

export const DEFAULT_AVATAR: AvatarAppearance = {
  model: 'kai',
  body: '#3DABFF',
  skin: '#C68863',
  clothes: '#2E3A59',
};

/** A stable default per user, so people without a choice still look different from each other. */
export function defaultAvatarFor(userId: string): AvatarAppearance {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const palette = ['#3DABFF', '#FF6B6B', '#34C759', '#FFB020', '#AF52DE', '#14B8A6', '#F472B6', '#64748B'];
  // Bottoms in the muted colours trousers and skirts come in, so top and bottom always read as two garments.
  const bottoms = ['#2E3A59', '#3B4A6B', '#2B2B2B', '#6B5B45', '#4A5D3A', '#7A2E3A', '#C9B79C', '#5A6472'];
  const skins = ['#F1C27D', '#E0AC69', '#C68863', '#8D5524', '#FFDBAC', '#A0522D'];
  return {
    model: BUILT_IN_AVATAR_IDS[h % BUILT_IN_AVATAR_IDS.length]!,
    body: palette[h % palette.length]!,
    skin: skins[(h >>> 3) % skins.length]!,
    clothes: bottoms[(h >>> 5) % bottoms.length]!,
  };
}
