import { LIMITS } from '../constants.ts';

// The document stores metres only; inches exist for display and input in the editor.
export const WALL_HEIGHT_M = LIMITS.wallHeightM;
export const LEVEL_HEIGHT_M = LIMITS.wallHeightM;
export const METRES_PER_INCH = 0.0254;

export type LengthUnit = 'meters' | 'inches';

export const metresToInches = (m: number): number => m / METRES_PER_INCH;
export const inchesToMetres = (inches: number): number => inches * METRES_PER_INCH;

export function toDisplayLength(metres: number, unit: LengthUnit): number {
  return unit === 'inches' ? metresToInches(metres) : metres;
}

export function fromDisplayLength(value: number, unit: LengthUnit): number {
  return unit === 'inches' ? inchesToMetres(value) : value;
}
