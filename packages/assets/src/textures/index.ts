import type { MaterialPattern, PatternKind } from '../materials/types.ts';
import { paintFabric } from './fabric.ts';
import type { PixelImage } from './image.ts';
import { paintBrick, paintTiles } from './masonry.ts';
import { paintConcrete, paintMarble, paintNoise, paintTerrazzo } from './stone.ts';
import { paintChevron, paintDamask, paintDiamonds, paintDots } from './wallpaper.ts';
import { paintHerringbone, paintPlanks, paintStripes } from './wood.ts';

export type { PixelImage } from './image.ts';
export { hexToRgb, type Rgb } from './color.ts';
export { seededRandom } from './random.ts';

const PAINTERS: Record<PatternKind, (p: MaterialPattern, size: number) => PixelImage> = {
  planks: paintPlanks,
  herringbone: paintHerringbone,
  stripes: paintStripes,
  tiles: paintTiles,
  brick: paintBrick,
  marble: paintMarble,
  concrete: paintConcrete,
  terrazzo: paintTerrazzo,
  noise: paintNoise,
  fabric: paintFabric,
  dots: paintDots,
  diamonds: paintDiamonds,
  chevron: paintChevron,
  damask: paintDamask,
};

/**
 * Paints a material pattern into an RGBA buffer. Pure (no DOM), so the browser puts it on a
 * canvas and the server could encode swatches with sharp.
 */
export function paintPattern(pattern: MaterialPattern, size = 512): PixelImage {
  return PAINTERS[pattern.kind](pattern, size);
}
