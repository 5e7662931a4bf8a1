import { Vector3 } from 'three';
import type { BUILT_IN_AVATARS } from '@atrium/shared';
import type { Weights } from './builder.ts';

// The built-in humanoid: 15 bones with identity rest rotations, arms hanging down (the clips and the
// VRM retargeting rely on both), and the proportions of each build.

export const BONES = [
  'hips',
  'spine',
  'chest',
  'neck',
  'head',
  'shoulderL',
  'upperArmL',
  'lowerArmL',
  'shoulderR',
  'upperArmR',
  'lowerArmR',
  'upperLegL',
  'lowerLegL',
  'upperLegR',
  'lowerLegR',
] as const;
export type BoneName = (typeof BONES)[number];
export const bone = (n: BoneName) => BONES.indexOf(n);

export const PARENT: Record<BoneName, BoneName | null> = {
  hips: null,
  spine: 'hips',
  chest: 'spine',
  neck: 'chest',
  head: 'neck',
  shoulderL: 'chest',
  upperArmL: 'shoulderL',
  lowerArmL: 'upperArmL',
  shoulderR: 'chest',
  upperArmR: 'shoulderR',
  lowerArmR: 'upperArmR',
  upperLegL: 'hips',
  lowerLegL: 'upperLegL',
  upperLegR: 'hips',
  lowerLegR: 'upperLegR',
};

/** Body proportions: height in metres, half-widths in metres (the shoulder joint's x, the torso's), limb and head scales. */
export interface Build {
  height: number;
  shoulders: number;
  chest: number;
  waist: number;
  hips: number;
  limb: number;
  head: number;
}
export type BuildName = (typeof BUILT_IN_AVATARS)[number]['build'];
export const BUILDS: Record<BuildName, Build> = {
  regular: { height: 1.75, shoulders: 0.19, chest: 0.145, waist: 0.125, hips: 0.14, limb: 1, head: 1 },
  slim: { height: 1.7, shoulders: 0.17, chest: 0.125, waist: 0.1, hips: 0.135, limb: 0.86, head: 0.97 },
  broad: { height: 1.8, shoulders: 0.225, chest: 0.17, waist: 0.155, hips: 0.15, limb: 1.2, head: 1.02 },
  tall: { height: 1.92, shoulders: 0.195, chest: 0.145, waist: 0.12, hips: 0.135, limb: 0.95, head: 0.98 },
  short: { height: 1.55, shoulders: 0.175, chest: 0.14, waist: 0.13, hips: 0.145, limb: 1.05, head: 1.1 },
};

/** Heights (m) of the joints and landmarks, for a build. */
export function joints(b: Build) {
  const h = b.height / 1.75;
  return {
    h,
    hips: 0.95 * h,
    spine: 1.05 * h,
    chest: 1.22 * h,
    neck: 1.39 * h,
    head: 1.44 * h,
    shoulder: 1.33 * h,
    elbow: 1.08 * h,
    wrist: 0.86 * h,
    hip: 0.9 * h,
    knee: 0.48 * h,
    ankle: 0.085 * h,
    legX: b.hips * 0.56,
    elbowOut: 0.015,
  };
}

/** Bone rest positions relative to the parent, from the build. */
export function restPositions(b: Build): Record<BoneName, Vector3> {
  const j = joints(b);
  const clav = 0.05;
  return {
    hips: new Vector3(0, j.hips, 0),
    spine: new Vector3(0, j.spine - j.hips, 0),
    chest: new Vector3(0, j.chest - j.spine, 0),
    neck: new Vector3(0, j.neck - j.chest, 0),
    head: new Vector3(0, j.head - j.neck, 0),
    shoulderL: new Vector3(clav, j.shoulder - j.chest, 0),
    upperArmL: new Vector3(b.shoulders - clav, 0, 0),
    lowerArmL: new Vector3(j.elbowOut, j.elbow - j.shoulder, 0),
    shoulderR: new Vector3(-clav, j.shoulder - j.chest, 0),
    upperArmR: new Vector3(-(b.shoulders - clav), 0, 0),
    lowerArmR: new Vector3(-j.elbowOut, j.elbow - j.shoulder, 0),
    upperLegL: new Vector3(j.legX, j.hip - j.hips, 0),
    lowerLegL: new Vector3(0, j.knee - j.hip, 0),
    upperLegR: new Vector3(-j.legX, j.hip - j.hips, 0),
    lowerLegR: new Vector3(0, j.knee - j.hip, 0),
  };
}

/**
 * Weights along a chain of joints (heights, in the order the chain runs): a point between two joints
 * belongs to the upper segment's bone, blended half-and-half at each joint over `band` metres, so
 * the surface bends smoothly instead of opening at the joint.
 */
export function chainWeights(chain: readonly { bone: BoneName; at: number }[], band: number) {
  const dir = Math.sign(chain[chain.length - 1]!.at - chain[0]!.at) || 1;
  return (y: number): Weights => {
    const s = (v: number) => v * dir;
    let i = 0;
    while (i < chain.length - 1 && s(y) >= s(chain[i + 1]!.at)) i++;
    const own = bone(chain[i]!.bone);
    const next = chain[i + 1];
    const prev = chain[i - 1];
    const out: [number, number][] = [[own, 1]];
    if (next) {
      const d = Math.abs(next.at - y);
      if (d < band) out.push([bone(next.bone), 0.5 * (1 - d / band)]);
    }
    if (prev) {
      const d = Math.abs(y - chain[i]!.at);
      if (d < band) out.push([bone(prev.bone), 0.5 * (1 - d / band)]);
    }
    const rest = out.slice(1).reduce((sum, [, w]) => sum + w, 0);
    out[0] = [own, 1 - rest];
    return out;
  };
}
