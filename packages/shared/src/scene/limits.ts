import { PLACED_ITEM_KINDS, type SceneDocument } from './document.ts';

// Caps keep a single scene loadable on a phone and storable as one JSON row.
export const SCENE_DOCUMENT_LIMITS = { maxJsonBytes: 10 * 1024 * 1024, maxItems: 20_000 } as const;

/** Everything that costs a draw, a collider or a load: structure pieces, placed items, tour points. */
export function countSceneItems(doc: SceneDocument): number {
  let n = 0;
  for (const l of doc.customSpace?.levels ?? []) {
    n += l.floors.length + l.stairs.length;
    for (const w of l.walls) n += 1 + w.openings.length;
  }
  for (const kind of PLACED_ITEM_KINDS) n += doc[kind].length;
  for (const t of doc.guidedTours) n += t.points.length;
  return n;
}

export function sceneJsonBytes(doc: unknown): number {
  return new TextEncoder().encode(JSON.stringify(doc)).byteLength;
}

export interface SceneSizeReport { bytes: number; items: number; withinLimits: boolean }

export function checkSceneSize(doc: SceneDocument): SceneSizeReport {
  const bytes = sceneJsonBytes(doc);
  const items = countSceneItems(doc);
  return { bytes, items, withinLimits: bytes <= SCENE_DOCUMENT_LIMITS.maxJsonBytes && items <= SCENE_DOCUMENT_LIMITS.maxItems };
}
