import type { OpeningInput, OpeningSpec } from './types.ts';

// Sizes that read right at human scale; `Top` is a clerestory band, `Panoramic` near floor-to-ceiling.
const WINDOW_DEFAULTS = {
  Single: { width: 1.2, height: 1.4, sill: 0.9 },
  Center: { width: 2.0, height: 1.8, sill: 0.9 },
  Top: { width: 2.4, height: 0.8, sill: 2.8 },
  Panoramic: { width: 4.0, height: 3.0, sill: 0.4 },
} as const;
const DOOR_DEFAULTS = { Single: { width: 1.0, height: 2.2 }, Double: { width: 1.9, height: 2.5 } } as const;

export function toOpening(spec: OpeningSpec, id: string, wallLength: number): OpeningInput {
  const offset = wallLength / 2 + (spec.at ?? 0);
  if (spec.kind === 'door') {
    const d = DOOR_DEFAULTS[spec.type];
    return { id, kind: 'door', type: spec.type, offset, width: spec.width ?? d.width, height: spec.height ?? d.height, sill: 0 };
  }
  const d = WINDOW_DEFAULTS[spec.type];
  return { id, kind: 'window', type: spec.type, offset, width: spec.width ?? d.width, height: spec.height ?? d.height, sill: spec.sill ?? d.sill };
}

/** `count` equal openings spread evenly along a wall of `length` (window rows). */
export function spread(count: number, length: number, spec: OpeningSpec): OpeningSpec[] {
  const step = length / count;
  return Array.from({ length: count }, (_, i) => ({ ...spec, at: -length / 2 + step * (i + 0.5) }));
}
