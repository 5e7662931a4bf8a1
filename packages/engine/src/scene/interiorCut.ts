import { LEVEL_HEIGHT_M, type Level } from '@atrium/shared';

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
  return { levelIndex: i, height: level.elevation + Math.min(top, LEVEL_HEIGHT_M) - 0.01 };
}
