export type Vec3 = [number, number, number];

export const PROP_CATEGORIES = [
  'seating', 'tables', 'storage', 'plants', 'plinths', 'lights', 'display', 'rugs', 'screens', 'signage', 'barriers', 'outdoor', 'decor',
] as const;
export type PropCategory = (typeof PROP_CATEGORIES)[number];

/** How a part looks: a library material id, or an inline colour (plastics, paint, books). */
export interface PartLook {
  materialId?: string;
  color?: string;
  roughness?: number;
  metalness?: number;
  emissive?: string;
}

interface PartBase extends PartLook {
  /** Centre of the primitive (lathe: its axis origin) in prop space, metres; y = 0 is the floor. */
  position?: Vec3;
  /** Euler XYZ, radians. */
  rotation?: Vec3;
  scale?: Vec3;
  /** Defaults to true; tiny or emissive parts turn it off. */
  castShadow?: boolean;
}

export type PropShape =
  | { shape: 'box'; size: Vec3 }
  | { shape: 'cylinder'; radiusTop: number; radiusBottom: number; height: number; segments?: number }
  | { shape: 'sphere'; radius: number; segments?: number }
  | { shape: 'cone'; radius: number; height: number; segments?: number }
  /** In the XY plane, `arc` radians starting at +X (default full ring). */
  | { shape: 'torus'; radius: number; tube: number; arc?: number; segments?: number }
  /** Along Y; `length` is the straight middle part. */
  | { shape: 'capsule'; radius: number; length: number }
  /** Revolved profile of [radius, y] points around Y. */
  | { shape: 'lathe'; points: [number, number][]; segments?: number };

export type PropPart = PartBase & PropShape;

export interface PropRecipe {
  propId: string;
  title: string;
  category: PropCategory;
  tags: string[];
  /** Width (x), height (y), depth (z) in metres at scale 1: the prop's bounding box. */
  defaultSize: Vec3;
  parts: PropPart[];
  /** 'none' for things you walk over or through (rugs, hanging lights). Default 'box'. */
  collision?: 'box' | 'none';
  /** Overrides the parts' bounds where you can walk under part of a prop (parasols, tree canopies). */
  collisionBox?: CollisionBox;
}

/** Axis-aligned box in prop space. */
export interface CollisionBox { center: Vec3; size: Vec3 }
