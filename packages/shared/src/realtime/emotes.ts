// Spec §2 Viewer: the nine emotes, in the order the Emotes sidebar shows them.
export const EMOTES = [
  'wave',
  'clap',
  'thumbsUp',
  'backflip',
  'victory',
  'fingerGuns',
  'crazy',
  'macarena',
  'hipHop',
] as const;
export type EmoteId = (typeof EMOTES)[number];

export const EMOTE_LABELS: Record<EmoteId, string> = {
  wave: 'Wave',
  clap: 'Clap',
  thumbsUp: 'Thumbs up',
  backflip: 'Backflip',
  victory: 'Victory',
  fingerGuns: 'Finger Guns',
  crazy: 'Crazy',
  macarena: 'Macarena',
  hipHop: 'Hip Hop',
};

export const AVATAR_ANIMATIONS = ['idle', 'walk', 'run'] as const;
export type AvatarAnimation = (typeof AVATAR_ANIMATIONS)[number];
