import { AnimationClip, Quaternion, QuaternionKeyframeTrack, Vector3, VectorKeyframeTrack, type KeyframeTrack } from 'three';
import type { VRMHumanBoneName } from '@pixiv/three-vrm';
import type { BoneName } from '../rig.ts';

/** The built-in rig's bones as VRM humanoid bones (the built-in avatar faces +Z, its left at +X, as VRM 1.0). */
export const VRM_BONE_OF: Record<BoneName, VRMHumanBoneName> = {
  hips: 'hips',
  spine: 'spine',
  chest: 'chest',
  neck: 'neck',
  head: 'head',
  shoulderL: 'leftShoulder',
  upperArmL: 'leftUpperArm',
  lowerArmL: 'leftLowerArm',
  shoulderR: 'rightShoulder',
  upperArmR: 'rightUpperArm',
  lowerArmR: 'rightLowerArm',
  upperLegL: 'leftUpperLeg',
  lowerLegL: 'leftLowerLeg',
  upperLegR: 'rightUpperLeg',
  lowerLegR: 'rightLowerLeg',
};

const Z = new Vector3(0, 0, 1);
/**
 * Rest-pose difference per bone. Both rigs have identity rest rotations (three-vrm's normalized
 * bones are built that way), so local rotations mean the same axes; only the arms differ: the
 * built-in arms hang down, a VRM stands in T-pose with its arms along ±X. `rest` turns a VRM arm
 * segment onto the built-in one; a bone whose parent carries such a turn sees its rotation
 * conjugated by it.
 */
const ARM_DOWN_LEFT = new Quaternion().setFromAxisAngle(Z, -Math.PI / 2);
const ARM_DOWN_RIGHT = new Quaternion().setFromAxisAngle(Z, Math.PI / 2);
const IDENTITY = new Quaternion();
export const REST_OFFSET: Partial<Record<BoneName, Quaternion>> = {
  upperArmL: ARM_DOWN_LEFT,
  lowerArmL: ARM_DOWN_LEFT,
  upperArmR: ARM_DOWN_RIGHT,
  lowerArmR: ARM_DOWN_RIGHT,
};
const PARENT_OFFSET: Partial<Record<BoneName, Quaternion>> = { lowerArmL: ARM_DOWN_LEFT, lowerArmR: ARM_DOWN_RIGHT };

/** A rotation of a built-in bone as the rotation of the matching normalized VRM bone. */
export function retargetRotation(bone: BoneName, q: Quaternion, vrm0: boolean): Quaternion {
  const parent = PARENT_OFFSET[bone] ?? IDENTITY;
  const own = REST_OFFSET[bone] ?? IDENTITY;
  const out = parent.clone().invert().multiply(q).multiply(own);
  // VRM 0.x normalized bones live in the model's own frame, which faces -Z: half a turn around Y
  // (three-vrm's rotateVRM0 turns the scene, not the bones), i.e. x and z flip.
  if (vrm0) out.set(-out.x, out.y, -out.z, out.w);
  return out;
}

export interface VrmTarget {
  /** The node name a track must address for a humanoid bone, or null when the model lacks it. */
  nodeName(bone: VRMHumanBoneName): string | null;
  /** Rest position of the normalized hips. */
  hipsRest: Vector3;
  vrm0: boolean;
}

const q = new Quaternion();
/**
 * The built-in rig's clip, played by a VRM's normalized humanoid bones: rotations through
 * `retargetRotation`, the hips' bounce scaled to the VRM's hip height. Tracks for bones the VRM
 * does not have (chest and neck are optional in VRM) are left out.
 */
export function retargetClip(clip: AnimationClip, sourceHips: Vector3, target: VrmTarget): AnimationClip {
  const tracks: KeyframeTrack[] = [];
  const scale = sourceHips.y > 0 ? target.hipsRest.y / sourceHips.y : 1;
  for (const track of clip.tracks) {
    const [bone, prop] = track.name.split('.') as [BoneName, string];
    const vrmBone = VRM_BONE_OF[bone];
    const node = vrmBone ? target.nodeName(vrmBone) : null;
    if (!node) continue;
    if (prop === 'quaternion') {
      const values = new Float32Array(track.values.length);
      for (let i = 0; i < values.length; i += 4) {
        q.fromArray(track.values, i);
        retargetRotation(bone, q, target.vrm0).toArray(values, i);
      }
      tracks.push(new QuaternionKeyframeTrack(`${node}.quaternion`, Array.from(track.times), Array.from(values)));
    } else if (prop === 'position' && bone === 'hips') {
      const flip = target.vrm0 ? -1 : 1;
      const values = new Float32Array(track.values.length);
      for (let i = 0; i < values.length; i += 3) {
        values[i] = target.hipsRest.x + (track.values[i]! - sourceHips.x) * scale * flip;
        values[i + 1] = target.hipsRest.y + (track.values[i + 1]! - sourceHips.y) * scale;
        values[i + 2] = target.hipsRest.z + (track.values[i + 2]! - sourceHips.z) * scale * flip;
      }
      tracks.push(new VectorKeyframeTrack(`${node}.position`, Array.from(track.times), Array.from(values)));
    }
  }
  return new AnimationClip(clip.name, clip.duration, tracks);
}
