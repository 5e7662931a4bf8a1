import type { MapBounds } from '@atrium/engine';

// The Map sidebar's plan view: world X/Z in metres ↔ pixels on a canvas, aspect kept, centred.
// World -Z (north in the builder) is up on the map, so +Z goes down the canvas like screen Y.

export interface MapFrame {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export function fitMap(bounds: MapBounds, width: number, height: number, padding = 12): MapFrame {
  const w = Math.max(bounds.maxX - bounds.minX, 1e-3);
  const d = Math.max(bounds.maxZ - bounds.minZ, 1e-3);
  const scale = Math.min((width - padding * 2) / w, (height - padding * 2) / d);
  return {
    scale,
    offsetX: (width - w * scale) / 2 - bounds.minX * scale,
    offsetY: (height - d * scale) / 2 - bounds.minZ * scale,
  };
}

export const worldToMap = (f: MapFrame, x: number, z: number): [number, number] => [x * f.scale + f.offsetX, z * f.scale + f.offsetY];

export const mapToWorld = (f: MapFrame, px: number, py: number): [number, number] => [(px - f.offsetX) / f.scale, (py - f.offsetY) / f.scale];

/**
 * Canvas rotation for the heading arrow. The engine's yaw is atan2(-dir.x, -dir.z): 0 faces -Z (map
 * up) and positive yaw turns toward -X (map left), so the on-screen angle clockwise from up is -yaw.
 */
export const headingOnMap = (yaw: number): number => -yaw;
