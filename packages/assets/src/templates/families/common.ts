import { addLevel, addProp, mezzanine, rectRoom, type MezzanineOptions, type OpeningSpec, type Room, type SceneDraft, type Side } from '../build/index.ts';

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

/**
 * Closes a room at the top of its volume: a ceiling over the room's footprint on its highest storey
 * (the mezzanine storey of a double-height hall, else the ground), at that storey's wall height.
 * Returns the ceiling's height above the ground floor.
 */
export function addRoomCeiling(draft: SceneDraft, room: Room, look: { materialId?: string; tint?: string } = {}): number {
  const top = draft.levels.find((l) => l.id === 'mezzanine') ?? draft.levels[0]!;
  const x0 = room.cx - room.w / 2, x1 = room.cx + room.w / 2, z0 = room.cz - room.d / 2, z1 = room.cz + room.d / 2;
  const height = top.walls?.[0]?.height ?? room.height;
  (top.ceilings ??= []).push({ id: `${room.id}-ceiling`, polygon: [[x0, z0], [x1, z0], [x1, z1], [x0, z1]], height, ...look });
  return (top.elevation ?? 0) + height;
}

/**
 * A grid of `cols` x `rows` lamps under a ceiling at `ceilingY`, inset from the walls: recessed
 * downlights by default, or pendants whose canopy meets the ceiling.
 */
export function addCeilingLights(
  draft: SceneDraft, room: Room, ceilingY: number, cols: number, rows: number,
  opts: { propId?: 'ceiling-downlight' | 'lamp-pendant'; inset?: number } = {},
): void {
  const propId = opts.propId ?? 'ceiling-downlight';
  const xs = stations(cols, room.w - 2 * (opts.inset ?? 1.5), room.cx);
  const zs = stations(rows, room.d - 2 * (opts.inset ?? 1.5), room.cz);
  // The pendant prop is 1.3 m tall from its shade's rim to its canopy.
  const y = ceilingY - (propId === 'lamp-pendant' ? 1.3 : 0.03);
  for (const x of xs) for (const z of zs) addProp(draft, propId, x, z, { y, collisions: 'None' });
}
