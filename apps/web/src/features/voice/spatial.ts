/** Web Audio places each speaker at their avatar: direction by HRTF, loudness by distance. */
export const SPATIAL = {
  panningModel: 'HRTF',
  distanceModel: 'inverse',
  // Full loudness within conversation distance; about half at 3 m, a murmur across a large hall.
  refDistance: 1.5,
  rolloffFactor: 1.3,
  maxDistance: 60,
} as const satisfies PannerOptions;

/** Listener forward vector from an avatar's yaw (atan2 of x and z, as the engine measures it). */
export function forwardOf(yaw: number): [number, number, number] {
  return [Math.sin(yaw), 0, Math.cos(yaw)];
}

/** RMS level (0–1) of an analyser's current window. */
export function levelOf(analyser: AnalyserNode, buffer: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const v of buffer) sum += v * v;
  return Math.sqrt(sum / buffer.length);
}

/** Above this RMS someone counts as talking (speech sits around 0.02–0.2; room noise below 0.01). */
export const TALKING_LEVEL = 0.015;
