import { z } from 'zod';
import { hexColor, itemId, vec2, vec3 } from './primitives.ts';
import { LEVEL_HEIGHT_M, WALL_HEIGHT_M } from './units.ts';

export const DOOR_TYPES = ['Single', 'Double'] as const;
export const WINDOW_TYPES = ['Single', 'Center', 'Top', 'Panoramic'] as const;
export const STAIR_TYPES = ['Straight', 'LLeft', 'LRight', 'ULeft', 'URight'] as const;

// offset is the distance along the wall from `start` to the opening's centre, so resizing an
// opening in the editor keeps it where the user put it.
const openingBase = {
  id: itemId,
  offset: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
};

export const doorOpening = z.object({
  ...openingBase,
  kind: z.literal('door'),
  type: z.enum(DOOR_TYPES).default('Single'),
  sill: z.number().min(0).default(0),
});

export const windowOpening = z.object({
  ...openingBase,
  kind: z.literal('window'),
  type: z.enum(WINDOW_TYPES).default('Single'),
  sill: z.number().min(0).default(1),
});

export const opening = z.discriminatedUnion('kind', [doorOpening, windowOpening]);
export type Opening = z.infer<typeof opening>;
export type DoorOpening = z.infer<typeof doorOpening>;
export type WindowOpening = z.infer<typeof windowOpening>;

export const wall = z
  .object({
    id: itemId,
    start: vec2,
    end: vec2,
    thickness: z.number().positive().max(5).default(0.2),
    height: z.number().positive().max(100).default(WALL_HEIGHT_M),
    materialId: z.string().optional(),
    tint: hexColor.optional(),
    openings: z.array(opening).default([]),
  })
  .superRefine((w, ctx) => {
    const length = Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]);
    if (length <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'A wall needs two distinct ends' });
    w.openings.forEach((o, i) => {
      if (o.offset - o.width / 2 < -1e-6 || o.offset + o.width / 2 > length + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['openings', i, 'offset'], message: 'Opening does not fit along the wall' });
      }
      if (o.sill + o.height > w.height + 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['openings', i, 'height'], message: 'Opening is taller than the wall' });
      }
    });
  });
export type Wall = z.infer<typeof wall>;

export const floor = z.object({
  id: itemId,
  polygon: z.array(vec2).min(3),
  materialId: z.string().optional(),
  tint: hexColor.optional(),
});
export type Floor = z.infer<typeof floor>;

// A flat ceiling over `polygon`, `height` metres above the level's elevation, seen from below only
// (so an overview from above still looks into the room). Added after v1 shipped: optional, and a
// level without ceilings stays open to the sky as before.
export const ceiling = z.object({
  id: itemId,
  polygon: z.array(vec2).min(3),
  height: z.number().positive().max(100),
  materialId: z.string().optional(),
  tint: hexColor.optional(),
});
export type Ceiling = z.infer<typeof ceiling>;

// position is the foot of the first step, relative to the level's elevation; rotation is yaw.
export const stairs = z.object({
  id: itemId,
  type: z.enum(STAIR_TYPES).default('Straight'),
  position: vec3,
  rotation: z.number().default(0),
  width: z.number().positive().default(1.2),
  rise: z.number().positive().default(LEVEL_HEIGHT_M),
  stepCount: z.number().int().min(2).max(200).default(20),
  stepDepth: z.number().positive().default(0.3),
  materialId: z.string().optional(),
  tint: hexColor.optional(),
});
export type Stairs = z.infer<typeof stairs>;
export type StairType = Stairs['type'];

export const level = z.object({
  id: itemId,
  name: z.string().max(100).optional(),
  // Absent in older drafts: filled in from the level index (4 m per level) when parsed.
  elevation: z.number().optional(),
  walls: z.array(wall).default([]),
  floors: z.array(floor).default([]),
  stairs: z.array(stairs).default([]),
  ceilings: z.array(ceiling).optional(),
});

export const levels = z
  .array(level)
  .default([])
  .transform((ls) => ls.map((l, i) => ({ ...l, elevation: l.elevation ?? i * LEVEL_HEIGHT_M })));
export type Level = z.output<typeof levels>[number];

export const materialOverride = z.object({
  // A wall, floor, ceiling or stairs id, or a surface key such as "floor:*" chosen by the editor.
  targetId: z.string().min(1),
  materialId: z.string().optional(),
  tint: hexColor.optional(),
  textureUri: z.string().optional(),
  repeat: vec2.optional(),
});
export type MaterialOverride = z.infer<typeof materialOverride>;

export const customSpace = z.object({
  levels,
  materialOverrides: z.array(materialOverride).default([]),
  skyUri: z.string().nullable().default(null),
  terrainUri: z.string().nullable().default(null),
  // Added after v1 shipped, so optional: older drafts simply have no ambient sound.
  // `atrium:sound/<id>` for a built-in loop, otherwise an uploaded audio URL.
  ambientSoundUri: z.string().nullable().optional(),
});
export type CustomSpace = z.infer<typeof customSpace>;
