import type { PartLook, PropPart, Vec3 } from './types.ts';

// Terse builders so recipes read like a furniture drawing: size, where, what it's made of.

export type Look = string | PartLook;
const look = (m: Look): PartLook => (typeof m === 'string' ? { materialId: m } : m);
type Extra = Partial<Pick<PropPart, 'rotation' | 'scale' | 'castShadow'>>;

export const box = (size: Vec3, position: Vec3, m: Look, extra: Extra = {}): PropPart =>
  ({ shape: 'box', size, position, ...look(m), ...extra });

/** A box standing on y0 (its bottom), centred on x/z. */
export const block = (size: Vec3, x: number, y0: number, z: number, m: Look, extra: Extra = {}): PropPart =>
  box(size, [x, y0 + size[1] / 2, z], m, extra);

export const cyl = (r: number, h: number, position: Vec3, m: Look, extra: Extra & { rBottom?: number; segments?: number } = {}): PropPart => {
  const { rBottom, segments, ...rest } = extra;
  return { shape: 'cylinder', radiusTop: r, radiusBottom: rBottom ?? r, height: h, position, ...look(m), ...(segments ? { segments } : {}), ...rest };
};

/** A cylinder standing on y0. */
export const post = (r: number, h: number, x: number, y0: number, z: number, m: Look, extra: Extra & { rBottom?: number; segments?: number } = {}): PropPart =>
  cyl(r, h, [x, y0 + h / 2, z], m, extra);

export const sphere = (radius: number, position: Vec3, m: Look, extra: Extra = {}): PropPart =>
  ({ shape: 'sphere', radius, position, ...look(m), ...extra });

export const cone = (radius: number, height: number, position: Vec3, m: Look, extra: Extra & { segments?: number } = {}): PropPart =>
  ({ shape: 'cone', radius, height, position, ...look(m), ...extra });

export const torus = (radius: number, tube: number, position: Vec3, m: Look, extra: Extra & { arc?: number } = {}): PropPart =>
  ({ shape: 'torus', radius, tube, position, ...look(m), ...extra });

export const capsule = (radius: number, length: number, position: Vec3, m: Look, extra: Extra = {}): PropPart =>
  ({ shape: 'capsule', radius, length, position, ...look(m), ...extra });

export const lathe = (points: [number, number][], position: Vec3, m: Look, extra: Extra & { segments?: number } = {}): PropPart =>
  ({ shape: 'lathe', points, position, ...look(m), ...extra });

/** Four legs at the corners of a w x d rectangle (centres inset by `inset`), standing on the floor. */
export function legs4(w: number, d: number, h: number, thick: number, m: Look, inset = thick / 2, round = false): PropPart[] {
  const xs = [-w / 2 + inset, w / 2 - inset], zs = [-d / 2 + inset, d / 2 - inset];
  return xs.flatMap((x) => zs.map((z) => (round ? post(thick / 2, h, x, 0, z, m) : block([thick, h, thick], x, 0, z, m))));
}

export const rgb = (color: string, roughness = 0.6, metalness = 0): PartLook => ({ color, roughness, metalness });
