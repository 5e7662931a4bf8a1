import { AnimationClip, Euler, Quaternion, QuaternionKeyframeTrack, VectorKeyframeTrack, type KeyframeTrack, type Vector3 } from 'three';
import { EMOTES, type EmoteId } from '@atrium/shared';
import type { BoneName } from './rig.ts';

// Locomotion and the nine emotes of spec §2 as keyframe clips written here (no motion capture):
// each keyframe is a pose of Euler angles in degrees per bone, the hips may also move.

type Pose = Partial<Record<BoneName, [number, number, number]>> & { lift?: number };
interface Key {
  t: number;
  pose: Pose;
}

const D = Math.PI / 180;
const q = new Quaternion();
const e = new Euler();

function clip(name: string, duration: number, keys: Key[], hipsRest: Vector3): AnimationClip {
  const bones = new Set<BoneName>();
  for (const k of keys) for (const b of Object.keys(k.pose)) if (b !== 'lift') bones.add(b as BoneName);
  const times = keys.map((k) => k.t);
  const tracks: KeyframeTrack[] = [];
  for (const bone of bones) {
    const values: number[] = [];
    for (const k of keys) {
      const [x, y, z] = k.pose[bone] ?? [0, 0, 0];
      q.setFromEuler(e.set(x * D, y * D, z * D));
      values.push(q.x, q.y, q.z, q.w);
    }
    tracks.push(new QuaternionKeyframeTrack(`${bone}.quaternion`, times, values));
  }
  if (keys.some((k) => k.pose.lift !== undefined)) {
    const values = keys.flatMap((k) => [hipsRest.x, hipsRest.y + (k.pose.lift ?? 0), hipsRest.z]);
    tracks.push(new VectorKeyframeTrack('hips.position', times, values));
  }
  return new AnimationClip(name, duration, tracks);
}

/** A cycle: the last key repeats the first so looping is seamless. */
const cycle = (duration: number, poses: Pose[]): Key[] =>
  [...poses, poses[0]!].map((pose, i) => ({ t: (duration * i) / poses.length, pose }));

const stride = (leg: number, knee: number, arm: number, elbow: number, lean: number, flip: 1 | -1): Pose => ({
  upperLegL: [-leg * flip, 0, 0],
  lowerLegL: [flip > 0 ? knee * 0.3 : knee, 0, 0],
  upperLegR: [leg * flip, 0, 0],
  lowerLegR: [flip > 0 ? knee : knee * 0.3, 0, 0],
  upperArmL: [arm * flip, 0, 6],
  lowerArmL: [-elbow, 0, 0],
  upperArmR: [-arm * flip, 0, -6],
  lowerArmR: [-elbow, 0, 0],
  spine: [lean, 0, 0],
});

export function locomotionClips(hipsRest: Vector3) {
  return {
    idle: clip(
      'idle',
      3,
      cycle(3, [
        { chest: [0, 0, 0], upperArmL: [0, 0, 6], upperArmR: [0, 0, -6], head: [0, 0, 0] },
        { chest: [-2, 0, 0], upperArmL: [2, 0, 8], upperArmR: [2, 0, -8], head: [-3, 4, 0] },
      ]),
      hipsRest,
    ),
    walk: clip(
      'walk',
      1,
      cycle(1, [
        { ...stride(25, 10, 20, 10, 2, 1), lift: 0 },
        { ...stride(0, 30, 0, 10, 2, 1), lift: 0.03 },
        { ...stride(25, 10, 20, 10, 2, -1), lift: 0 },
        { ...stride(0, 30, 0, 10, 2, -1), lift: 0.03 },
      ]),
      hipsRest,
    ),
    run: clip(
      'run',
      0.6,
      cycle(0.6, [
        { ...stride(45, 20, 45, 70, 12, 1), lift: 0 },
        { ...stride(0, 80, 0, 70, 12, 1), lift: 0.07 },
        { ...stride(45, 20, 45, 70, 12, -1), lift: 0 },
        { ...stride(0, 80, 0, 70, 12, -1), lift: 0.07 },
      ]),
      hipsRest,
    ),
  };
}

const armsUp = (l: number, r: number): Pose => ({ upperArmL: [0, 0, l], upperArmR: [0, 0, -r] });

function emoteKeys(id: EmoteId): { duration: number; keys: Key[] } {
  const seq = (duration: number, poses: Pose[]) => ({
    duration,
    keys: poses.map((pose, i) => ({ t: (duration * i) / (poses.length - 1), pose })),
  });
  const rest: Pose = { upperArmL: [0, 0, 6], upperArmR: [0, 0, -6], lift: 0 };
  switch (id) {
    case 'wave': {
      const up = (w: number): Pose => ({ ...rest, upperArmR: [0, 0, -160], lowerArmR: [0, 0, w], head: [0, -10, 0] });
      return seq(2.2, [rest, up(0), up(-30), up(25), up(-30), up(25), up(-30), rest]);
    }
    case 'clap': {
      const arms = (open: number): Pose => ({
        ...rest,
        upperArmL: [-70, 0, -10 + open],
        upperArmR: [-70, 0, 10 - open],
        lowerArmL: [-30, 0, -20],
        lowerArmR: [-30, 0, 20],
      });
      return seq(2, [rest, arms(25), arms(0), arms(25), arms(0), arms(25), arms(0), arms(25), rest]);
    }
    case 'thumbsUp': {
      const thumb: Pose = { ...rest, upperArmR: [-55, 0, -10], lowerArmR: [-80, 0, 0], head: [5, -10, 0] };
      return seq(1.8, [rest, thumb, thumb, { ...thumb, head: [-5, -10, 0] }, rest]);
    }
    case 'backflip': {
      const tuck = (x: number, lift: number): Pose => ({
        hips: [x, 0, 0],
        upperLegL: [-90, 0, 0],
        upperLegR: [-90, 0, 0],
        lowerLegL: [110, 0, 0],
        lowerLegR: [110, 0, 0],
        ...armsUp(60, 60),
        lift,
      });
      return seq(1.4, [
        { ...rest, hips: [0, 0, 0], lowerLegL: [40, 0, 0], lowerLegR: [40, 0, 0], upperLegL: [-20, 0, 0], upperLegR: [-20, 0, 0], lift: -0.15 },
        { ...armsUp(170, 170), hips: [-20, 0, 0], lift: 0.3 },
        tuck(-120, 0.8),
        tuck(-240, 0.7),
        { ...armsUp(90, 90), hips: [-340, 0, 0], lift: 0.15 },
        { ...rest, hips: [-360, 0, 0], lift: 0 },
      ]);
    }
    case 'victory': {
      const v = (lift: number): Pose => ({ ...armsUp(145, 145), lowerArmL: [0, 0, 10], lowerArmR: [0, 0, -10], head: [-15, 0, 0], lift });
      return seq(1.8, [rest, v(0.1), v(0), v(0.1), v(0), rest]);
    }
    case 'fingerGuns': {
      const aim = (flick: number): Pose => ({
        ...rest,
        upperArmL: [-80, 0, -10],
        upperArmR: [-80, 0, 10],
        lowerArmL: [-flick, 0, 0],
        lowerArmR: [-flick, 0, 0],
        chest: [0, 10, 0],
      });
      return seq(1.6, [rest, aim(5), aim(40), aim(5), aim(40), aim(5), rest]);
    }
    case 'crazy': {
      const flail = (s: 1 | -1): Pose => ({
        upperArmL: [30 * s, 0, 120 - 60 * s],
        upperArmR: [-30 * s, 0, -120 - 60 * s],
        lowerArmL: [-60, 0, 40 * s],
        lowerArmR: [-60, 0, -40 * s],
        head: [10, 35 * s, 15 * s],
        chest: [0, 15 * s, 12 * s],
        upperLegL: [s > 0 ? -35 : 0, 0, 0],
        upperLegR: [s > 0 ? 0 : -35, 0, 0],
        lift: 0.08,
      });
      return seq(2.4, [rest, flail(1), flail(-1), flail(1), flail(-1), flail(1), flail(-1), rest]);
    }
    case 'macarena': {
      const base: Pose = { ...rest };
      const p1: Pose = { ...base, upperArmR: [-90, 0, 0] };
      const p2: Pose = { ...p1, upperArmL: [-90, 0, 0] };
      const p3: Pose = { ...p2, upperArmR: [-90, 90, 0] };
      const p4: Pose = { ...p3, upperArmL: [-90, -90, 0] };
      const p5: Pose = { ...p4, upperArmR: [-60, 0, 50], lowerArmR: [-110, 0, 0] };
      const p6: Pose = { ...p5, upperArmL: [-60, 0, -50], lowerArmL: [-110, 0, 0] };
      const p7: Pose = { ...p6, upperArmR: [0, 0, -150], lowerArmR: [0, 0, -120], upperArmL: [0, 0, 150], lowerArmL: [0, 0, 120] };
      const p8: Pose = { ...p7, upperArmR: [20, 0, -20], lowerArmR: [0, 0, 0], upperArmL: [20, 0, 20], lowerArmL: [0, 0, 0], hips: [0, 0, 10] };
      const p9: Pose = { ...p8, hips: [0, 0, -10] };
      const p10: Pose = { ...p8, hips: [0, 90, 0], lift: 0.15 };
      return seq(4.4, [base, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, { ...base, hips: [0, 0, 0] }]);
    }
    case 'hipHop': {
      const bounce = (s: 1 | -1, down: boolean): Pose => ({
        upperLegL: [down ? -30 : -5, 0, 0],
        upperLegR: [down ? -30 : -5, 0, 0],
        lowerLegL: [down ? 50 : 10, 0, 0],
        lowerLegR: [down ? 50 : 10, 0, 0],
        upperArmL: [-40, 0, 20 + 25 * s],
        upperArmR: [-40, 0, -20 + 25 * s],
        lowerArmL: [-70, 0, 0],
        lowerArmR: [-70, 0, 0],
        chest: [8, 20 * s, 0],
        head: [down ? 15 : -5, 0, 0],
        lift: down ? -0.12 : 0,
      });
      return seq(2.4, [rest, bounce(1, true), bounce(1, false), bounce(-1, true), bounce(-1, false), bounce(1, true), bounce(1, false), bounce(-1, true), rest]);
    }
  }
}

export function emoteClips(hipsRest: Vector3): Record<EmoteId, AnimationClip> {
  const out = {} as Record<EmoteId, AnimationClip>;
  for (const id of EMOTES) {
    const { duration, keys } = emoteKeys(id);
    out[id] = clip(id, duration, keys, hipsRest);
  }
  return out;
}
