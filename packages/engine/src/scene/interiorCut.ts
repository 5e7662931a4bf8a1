import { LEVEL_HEIGHT_M, type Level } from '@atrium/shared';

/** How far below a ceiling the interior view cuts: deeper than a recessed downlight (3 cm). */
export const CEILING_LAMP_CLEARANCE_M = 0.08;

/** The interior view: the level looked into and the height above which everything is cut away. */
export interface InteriorCut { levelIndex: number; height: number }

/**
 * The cut for looking into level `levelIndex` (clamped): just below its wall tops, so the next
 * floor up (at exactly that height) and all above it are cut. null for the whole building.
 */
export function interiorCut(levels: readonly Level[], levelIndex: number | null): InteriorCut | null {
  if (levelIndex === null || levels.length === 0) return null;
  const i = Math.max(0, Math.min(levels.length - 1, levelIndex));
  const level = levels[i]!;
  const top = Math.max(LEVEL_HEIGHT_M, ...level.walls.map((w) => w.height));
  // Under a ceiling, cut a hand's width below it so flush ceiling lamps go with the ceiling
  // instead of floating over the room in the editor's view from above.
  const ceiling = Math.min(Infinity, ...(level.ceilings ?? []).map((c) => c.height));
  return { levelIndex: i, height: level.elevation + Math.min(top, LEVEL_HEIGHT_M, ceiling - CEILING_LAMP_CLEARANCE_M) - 0.01 };
}
