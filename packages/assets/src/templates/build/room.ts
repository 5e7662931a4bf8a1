import { LEVEL_HEIGHT_M } from '@atrium/shared/scene/units';
import { toOpening } from './openings.ts';
import { SIDES, type FloorInput, type OpeningSpec, type Room, type Side, type WallInput } from './types.ts';

export interface RectRoomOptions {
  id?: string;
  cx?: number;
  cz?: number;
  height?: number;
  thickness?: number;
  wallMaterial?: string;
  wallTint?: string;
  floorMaterial?: string;
  openings?: Partial<Record<Side, OpeningSpec[]>>;
  /** Sides to leave without a wall (open fronts, plazas). */
  omit?: Side[];
}

/** Wall endpoints for a side, running clockwise seen from above (+Y). */
export function sideLine(room: Room, side: Side): { start: [number, number]; end: [number, number] } {
  const x0 = room.cx - room.w / 2, x1 = room.cx + room.w / 2, z0 = room.cz - room.d / 2, z1 = room.cz + room.d / 2;
  switch (side) {
    case 'north': return { start: [x0, z0], end: [x1, z0] };
    case 'east': return { start: [x1, z0], end: [x1, z1] };
    case 'south': return { start: [x1, z1], end: [x0, z1] };
    case 'west': return { start: [x0, z1], end: [x0, z0] };
  }
}

export const sideLength = (room: Room, side: Side) => (side === 'north' || side === 'south' ? room.w : room.d);

/** Four walls (minus `omit`) and a floor for a w x d room centred on (cx, cz). */
export function rectRoom(w: number, d: number, opts: RectRoomOptions = {}): { room: Room; walls: WallInput[]; floor: FloorInput } {
  const room: Room = { id: opts.id ?? 'room', cx: opts.cx ?? 0, cz: opts.cz ?? 0, w, d, thickness: opts.thickness ?? 0.2, height: opts.height ?? LEVEL_HEIGHT_M };
  const walls: WallInput[] = SIDES.filter((s) => !opts.omit?.includes(s)).map((side) => {
    const { start, end } = sideLine(room, side);
    const len = sideLength(room, side);
    return {
      id: `${room.id}-wall-${side}`, start, end, thickness: room.thickness, height: room.height,
      ...(opts.wallMaterial ? { materialId: opts.wallMaterial } : {}),
      ...(opts.wallTint ? { tint: opts.wallTint } : {}),
      openings: (opts.openings?.[side] ?? []).map((o, i) => toOpening(o, `${room.id}-${side}-${o.kind}-${i + 1}`, len)),
    };
  });
  const x0 = room.cx - w / 2, x1 = room.cx + w / 2, z0 = room.cz - d / 2, z1 = room.cz + d / 2;
  const floor: FloorInput = {
    id: `${room.id}-floor`, polygon: [[x0, z0], [x1, z0], [x1, z1], [x0, z1]],
    ...(opts.floorMaterial ? { materialId: opts.floorMaterial } : {}),
  };
  return { room, walls, floor };
}

/**
 * A point on a wall's inner face, `along` metres from the room centre on the wall's axis (x for
 * north/south, z for east/west), `inset` off the face, and the yaw that faces into the room
 * (three.js planes face +Z, so yaw 0 suits the north wall).
 */
export function onWall(room: Room, side: Side, along: number, y: number, inset = 0.03): { position: [number, number, number]; yaw: number } {
  const face = room.thickness / 2 + inset;
  switch (side) {
    case 'north': return { position: [room.cx + along, y, room.cz - room.d / 2 + face], yaw: 0 };
    case 'south': return { position: [room.cx + along, y, room.cz + room.d / 2 - face], yaw: Math.PI };
    case 'east': return { position: [room.cx + room.w / 2 - face, y, room.cz + along], yaw: -Math.PI / 2 };
    case 'west': return { position: [room.cx - room.w / 2 + face, y, room.cz + along], yaw: Math.PI / 2 };
  }
}
