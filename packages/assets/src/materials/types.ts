export const MATERIAL_CATEGORIES = ['wall', 'floor', 'wood', 'metal', 'stone', 'fabric', 'glass', 'plastic', 'nature', 'wallpaper'] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

export const PATTERN_KINDS = [
  'planks', 'tiles', 'brick', 'herringbone', 'marble', 'concrete', 'terrazzo', 'fabric', 'stripes', 'noise',
  'dots', 'diamonds', 'chevron', 'damask',
] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

/**
 * A texture recipe. `colors[0]` is the base, the rest are variation/joint/vein colours in the
 * order each painter documents. `scale` is how many pattern cells fit across one texture tile.
 */
export interface MaterialPattern {
  kind: PatternKind;
  colors: string[];
  scale: number;
  /** 0..1 amount of per-cell colour variation; painters use a sensible default when absent. */
  variation?: number;
  seed?: number;
}

export interface SurfaceMaterial {
  id: string;
  title: string;
  category: MaterialCategory;
  /** Representative colour: the flat fallback where no canvas exists and the swatch colour in UIs. */
  color: string;
  roughness: number;
  metalness: number;
  pattern?: MaterialPattern;
  /** Metres covered by one texture tile (world-UV surfaces use 1 UV unit = 1 m). */
  repeatMeters: number;
  /** Bump strength from the pattern's luminance (grout, seams); 0 or absent = none. */
  bump?: number;
  opacity?: number;
  emissive?: string;
  /** How bright `emissive` glows (default 1); lamps go above 1 so tone mapping draws them near white. */
  emissiveIntensity?: number;
}
