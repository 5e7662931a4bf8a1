import type { SceneDocumentInput } from '@atrium/shared/scene/index';

export type DocInput = SceneDocumentInput;
type CustomSpaceInput = NonNullable<DocInput['customSpace']>;
export type LevelInput = NonNullable<CustomSpaceInput['levels']>[number];
export type WallInput = NonNullable<LevelInput['walls']>[number];
export type FloorInput = NonNullable<LevelInput['floors']>[number];
export type StairsInput = NonNullable<LevelInput['stairs']>[number];
export type OpeningInput = NonNullable<WallInput['openings']>[number];
export type Vec3 = [number, number, number];

export type Side = 'north' | 'east' | 'south' | 'west';
export const SIDES: readonly Side[] = ['north', 'east', 'south', 'west'];

export type DoorType = 'Single' | 'Double';
export type WindowType = 'Single' | 'Center' | 'Top' | 'Panoramic';

/**
 * An opening placed by `at`: metres from the wall's midpoint along its run (start → end). Rooms
 * list walls clockwise from above, so on the north wall +at is east, on the south wall west.
 */
export type OpeningSpec =
  | { kind: 'door'; type: DoorType; at?: number; width?: number; height?: number }
  | { kind: 'window'; type: WindowType; at?: number; width?: number; height?: number; sill?: number };

/** An axis-aligned rectangular room: centre (x, z), width along x, depth along z. */
export interface Room {
  id: string;
  cx: number;
  cz: number;
  w: number;
  d: number;
  thickness: number;
  height: number;
}
