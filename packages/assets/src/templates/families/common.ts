import { addLevel, mezzanine, rectRoom, type MezzanineOptions, type OpeningSpec, type Room, type SceneDraft, type Side } from '../build/index.ts';

/**
 * A double-height volume: upper walls on the same footprint as the room (so the space reads as
 * one tall hall) and a mezzanine reached by the given stairs, which go on `ground`.
 */
export function addMezzanineStorey(
  draft: SceneDraft, room: Room, ground: { stairs?: unknown[] },
  mezz: MezzanineOptions, upper: { wallMaterial?: string; openings?: Partial<Record<Side, OpeningSpec[]>> } = {},
): void {
  const m = mezzanine(room, mezz);
  (ground.stairs ??= []).push(m.stairs);
  const { walls } = rectRoom(room.w, room.d, { id: `${room.id}-upper`, cx: room.cx, cz: room.cz, thickness: room.thickness, wallMaterial: upper.wallMaterial, openings: upper.openings });
  addLevel(draft, { id: 'mezzanine', name: 'Mezzanine', elevation: 4, walls: [...walls, ...m.rails], floors: [m.floor] });
}

/** Evenly spaced positions along a span, centred: [-span/2 + step/2, ...]. */
export function stations(count: number, span: number, offset = 0): number[] {
  const step = span / count;
  return Array.from({ length: count }, (_, i) => offset - span / 2 + step * (i + 0.5));
}
