import { z } from 'zod';

// Positions are metres in a right-handed, Y-up world (three.js convention); rotations are radians.
export const vec2 = z.tuple([z.number(), z.number()]);
export const vec3 = z.tuple([z.number(), z.number(), z.number()]);
export type Vec2 = z.infer<typeof vec2>;
export type Vec3 = z.infer<typeof vec3>;

export const itemId = z.string().min(1).max(128);
// Data URLs are allowed (small inline images), so the cap is generous; the document cap still applies.
export const uri = z.string().max(2 * 1024 * 1024);
export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);

export const collisionMode = z.enum(['None', 'Simple', 'Precise']);
export type CollisionMode = z.infer<typeof collisionMode>;
