import { REALTIME_LIMITS, type MoveMessage } from '@atrium/shared';

export interface Placed {
  x: number;
  y: number;
  z: number;
  /** Server time (ms) of the last accepted move; null before the first one (the spawn point). */
  at: number | null;
}

/**
 * Server authority over movement: clients predict locally and report positions, but a step longer
 * than the speed limit allows for the elapsed time is shortened to that limit along the same
 * direction, so a client cannot teleport or speed-hack for everyone else. The first report after
 * joining is the spawn point and is taken as is.
 */
export function clampMove(prev: Placed, next: MoveMessage, now: number): Placed {
  if (prev.at === null) return { x: next.x, y: next.y, z: next.z, at: now };
  const dt = Math.max(0, (now - prev.at) / 1000) + REALTIME_LIMITS.moveJitterSeconds;
  const max = REALTIME_LIMITS.maxSpeedMps * dt;
  const dx = next.x - prev.x;
  const dy = next.y - prev.y;
  const dz = next.z - prev.z;
  const dist = Math.hypot(dx, dy, dz);
  if (dist <= max) return { x: next.x, y: next.y, z: next.z, at: now };
  const k = max / dist;
  return { x: prev.x + dx * k, y: prev.y + dy * k, z: prev.z + dz * k, at: now };
}
