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

/** Ears at head height: avatars' positions are their feet, so speakers get the same offset. */
const HEAD = 1.6;

/** Moves the Web Audio listener to this visitor's avatar, facing where it faces. */
export function placeListener(ctx: BaseAudioContext, me: { position: readonly [number, number, number]; yaw: number }) {
  const [fx, fy, fz] = forwardOf(me.yaw);
  const l = ctx.listener;
  const t = ctx.currentTime;
  l.positionX.setTargetAtTime(me.position[0], t, 0.05);
  l.positionY.setTargetAtTime(me.position[1] + HEAD, t, 0.05);
  l.positionZ.setTargetAtTime(me.position[2], t, 0.05);
  l.forwardX.setValueAtTime(fx, t);
  l.forwardY.setValueAtTime(fy, t);
  l.forwardZ.setValueAtTime(fz, t);
  l.upX.setValueAtTime(0, t);
  l.upY.setValueAtTime(1, t);
  l.upZ.setValueAtTime(0, t);
}

/** Moves a speaker's panner to their avatar (smoothed, so 15–20 Hz positions do not click). */
export function placeSpeaker(panner: PannerNode, p: readonly [number, number, number], t: number) {
  panner.positionX.setTargetAtTime(p[0], t, 0.05);
  panner.positionY.setTargetAtTime(p[1] + HEAD, t, 0.05);
  panner.positionZ.setTargetAtTime(p[2], t, 0.05);
}
