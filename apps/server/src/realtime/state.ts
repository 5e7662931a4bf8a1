import { schema, t, type SchemaType } from '@colyseus/schema';

// Replicated state of a space instance. Field names follow AvatarStateShape in @atrium/shared.
export const AvatarState = schema(
  {
    sessionId: t.string(),
    userId: t.string(),
    name: t.string(),
    /** JSON of AvatarAppearance. */
    avatar: t.string(),
    // Quantised (wirePose in @atrium/shared): centimetres in a variable-length number, yaw in 1/256 turns.
    x: t.number(),
    y: t.number(),
    z: t.number(),
    ry: t.uint8(),
    anim: t.string(),
    emote: t.string(),
    emoteSeq: t.uint16(),
  },
  'AvatarState',
);
export type AvatarState = SchemaType<typeof AvatarState>;

export const SpaceState = schema(
  {
    sceneId: t.string(),
    avatars: t.map(AvatarState),
  },
  'SpaceState',
);
export type SpaceState = SchemaType<typeof SpaceState>;
