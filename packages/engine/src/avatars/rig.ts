import type {
  BufferGeometry} from 'three';
import {
  Bone,
  BoxGeometry,
  CapsuleGeometry,
  Float32BufferAttribute,
  Group,
  Matrix4,
  MeshStandardMaterial,
  Skeleton,
  SkinnedMesh,
  SphereGeometry,
  Uint16BufferAttribute,
  Vector3,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { BUILT_IN_AVATARS, type AvatarAppearance, type BuiltInAvatarId } from '@atrium/shared';

// Built-in avatars are generated here: a 15-bone humanoid skeleton and a body of rigid parts, each
// part skinned fully to one bone. No downloaded model, so nothing to license (CC0-equivalent: ours).

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

const PARENT: Record<BoneName, BoneName | null> = {
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

/** Body proportions per build; heights in metres. */
interface Build {
  height: number;
  shoulders: number;
  girth: number;
  head: number;
}
const BUILDS: Record<(typeof BUILT_IN_AVATARS)[number]['build'], Build> = {
  regular: { height: 1.75, shoulders: 0.2, girth: 1, head: 1 },
  slim: { height: 1.72, shoulders: 0.18, girth: 0.82, head: 0.97 },
  broad: { height: 1.8, shoulders: 0.24, girth: 1.25, head: 1.03 },
  tall: { height: 1.92, shoulders: 0.21, girth: 0.95, head: 1 },
  short: { height: 1.58, shoulders: 0.19, girth: 1.05, head: 1.08 },
};

/** Per-model details beyond the build, so the eight differ at a glance. */
const STYLE: Record<BuiltInAvatarId, { hair: 'cap' | 'bun' | 'none' | 'crest'; skirt: boolean }> = {
  atlas: { hair: 'cap', skirt: false },
  nova: { hair: 'bun', skirt: true },
  orion: { hair: 'crest', skirt: false },
  lyra: { hair: 'cap', skirt: true },
  juno: { hair: 'bun', skirt: false },
  kai: { hair: 'none', skirt: false },
  mira: { hair: 'crest', skirt: true },
  rex: { hair: 'none', skirt: false },
};

/** Bone rest positions relative to the parent, from the build. */
export function restPositions(b: Build): Record<BoneName, Vector3> {
  const h = b.height / 1.75;
  const leg = 0.45 * h;
  return {
    hips: new Vector3(0, 0.92 * h, 0),
    spine: new Vector3(0, 0.12 * h, 0),
    chest: new Vector3(0, 0.2 * h, 0),
    neck: new Vector3(0, 0.22 * h, 0),
    head: new Vector3(0, 0.08 * h, 0),
    shoulderL: new Vector3(b.shoulders, 0.16 * h, 0),
    upperArmL: new Vector3(0.05, 0, 0),
    lowerArmL: new Vector3(0, -0.28 * h, 0),
    shoulderR: new Vector3(-b.shoulders, 0.16 * h, 0),
    upperArmR: new Vector3(-0.05, 0, 0),
    lowerArmR: new Vector3(0, -0.28 * h, 0),
    upperLegL: new Vector3(0.1 * b.girth, -0.04 * h, 0),
    lowerLegL: new Vector3(0, -leg, 0),
    upperLegR: new Vector3(-0.1 * b.girth, -0.04 * h, 0),
    lowerLegR: new Vector3(0, -leg, 0),
  };
}

type Part = 'skin' | 'body' | 'clothes';
const PART_INDEX: Record<Part, number> = { skin: 0, body: 1, clothes: 2 };

/** A part's geometry placed in the bone's rest frame, skinned entirely to that bone. */
function part(geo: BufferGeometry, boneIndex: number, at: Matrix4, kind: Part): BufferGeometry & { userData: { part: Part } } {
  geo.applyMatrix4(at);
  const n = geo.getAttribute('position').count;
  geo.setAttribute('skinIndex', new Uint16BufferAttribute(new Array(n * 4).fill(0).map((_, i) => (i % 4 === 0 ? boneIndex : 0)), 4));
  geo.setAttribute('skinWeight', new Float32BufferAttribute(new Array(n * 4).fill(0).map((_, i) => (i % 4 === 0 ? 1 : 0)), 4));
  geo.deleteAttribute('uv');
  const g = geo as BufferGeometry & { userData: { part: Part } };
  g.userData.part = kind;
  return g;
}

export interface AvatarRig {
  root: Group;
  mesh: SkinnedMesh;
  bones: Record<BoneName, Bone>;
  materials: Record<Part, MeshStandardMaterial>;
  height: number;
}

/** Builds one avatar of the given appearance; call `disposeRig` when it leaves the scene. */
export function buildRig(appearance: AvatarAppearance): AvatarRig {
  const def = BUILT_IN_AVATARS.find((a) => a.id === appearance.model) ?? BUILT_IN_AVATARS[0];
  const b = BUILDS[def.build];
  const style = STYLE[def.id];
  const rest = restPositions(b);
  const bones = {} as Record<BoneName, Bone>;
  for (const name of BONES) {
    const bone = new Bone();
    bone.name = name;
    bone.position.copy(rest[name]);
    bones[name] = bone;
  }
  for (const name of BONES) {
    const parent = PARENT[name];
    if (parent) bones[parent].add(bones[name]);
  }
  bones.hips.updateMatrixWorld(true);

  const idx = (n: BoneName) => BONES.indexOf(n);
  const world = (n: BoneName) => bones[n].matrixWorld.clone();
  const offset = (n: BoneName, x: number, y: number, z: number) => world(n).multiply(new Matrix4().makeTranslation(x, y, z));
  const h = b.height / 1.75;
  const g = b.girth;
  const parts: BufferGeometry[] = [
    part(new BoxGeometry(0.3 * g, 0.2 * h, 0.18 * g), idx('hips'), offset('hips', 0, 0.02, 0), 'clothes'),
    part(new BoxGeometry(0.3 * g, 0.16 * h, 0.17 * g), idx('spine'), offset('spine', 0, 0.08 * h, 0), 'body'),
    part(new BoxGeometry(0.38 * g, 0.26 * h, 0.2 * g), idx('chest'), offset('chest', 0, 0.1 * h, 0), 'body'),
    part(new CapsuleGeometry(0.045, 0.05, 4, 8), idx('neck'), offset('neck', 0, 0.03, 0), 'skin'),
    part(new SphereGeometry(0.12 * b.head, 16, 12), idx('head'), offset('head', 0, 0.1 * h, 0), 'skin'),
    // Eyes, so everyone can tell which way an avatar faces.
    part(new SphereGeometry(0.018, 6, 4), idx('head'), offset('head', 0.045, 0.12 * h, 0.105 * b.head), 'clothes'),
    part(new SphereGeometry(0.018, 6, 4), idx('head'), offset('head', -0.045, 0.12 * h, 0.105 * b.head), 'clothes'),
  ];
  for (const side of ['L', 'R'] as const) {
    parts.push(
      part(new CapsuleGeometry(0.05 * g, 0.2 * h, 4, 8), idx(`upperArm${side}`), offset(`upperArm${side}`, 0, -0.14 * h, 0), 'body'),
      part(new CapsuleGeometry(0.042 * g, 0.2 * h, 4, 8), idx(`lowerArm${side}`), offset(`lowerArm${side}`, 0, -0.12 * h, 0), 'skin'),
      part(new SphereGeometry(0.05, 8, 6), idx(`lowerArm${side}`), offset(`lowerArm${side}`, 0, -0.27 * h, 0), 'skin'),
      part(new CapsuleGeometry(0.07 * g, 0.3 * h, 4, 8), idx(`upperLeg${side}`), offset(`upperLeg${side}`, 0, -0.22 * h, 0), 'clothes'),
      part(new CapsuleGeometry(0.055 * g, 0.32 * h, 4, 8), idx(`lowerLeg${side}`), offset(`lowerLeg${side}`, 0, -0.22 * h, 0), 'clothes'),
      part(new BoxGeometry(0.1, 0.06, 0.22), idx(`lowerLeg${side}`), offset(`lowerLeg${side}`, 0, -0.44 * h, 0.04), 'body'),
    );
  }
  if (style.skirt)
    parts.push(part(new CapsuleGeometry(0.2 * g, 0.12 * h, 4, 12), idx('hips'), offset('hips', 0, -0.08 * h, 0), 'clothes'));
  if (style.hair === 'cap')
    parts.push(part(new SphereGeometry(0.128 * b.head, 16, 8, 0, Math.PI * 2, 0, Math.PI / 2), idx('head'), offset('head', 0, 0.12 * h, -0.01), 'body'));
  if (style.hair === 'bun')
    parts.push(part(new SphereGeometry(0.06, 10, 8), idx('head'), offset('head', 0, 0.2 * h, -0.08), 'clothes'));
  if (style.hair === 'crest')
    parts.push(part(new BoxGeometry(0.04, 0.1, 0.24), idx('head'), offset('head', 0, 0.22 * h, 0), 'body'));

  // Group by material so the avatar is three draw calls.
  const byPart = (k: Part) => parts.filter((p) => (p as BufferGeometry & { userData: { part: Part } }).userData.part === k);
  const merged = mergeGeometries(
    (['skin', 'body', 'clothes'] as const).map((k) => mergeGeometries(byPart(k).map((p) => p.toNonIndexed()))!),
    true,
  )!;
  for (const p of parts) p.dispose();

  const materials = {
    skin: new MeshStandardMaterial({ color: appearance.skin, roughness: 0.7 }),
    body: new MeshStandardMaterial({ color: appearance.body, roughness: 0.6 }),
    clothes: new MeshStandardMaterial({ color: appearance.clothes, roughness: 0.8 }),
  };
  const mesh = new SkinnedMesh(merged, [materials.skin, materials.body, materials.clothes]);
  mesh.castShadow = true;
  mesh.frustumCulled = false;
  mesh.add(bones.hips);
  mesh.bind(new Skeleton(BONES.map((n) => bones[n])));
  const root = new Group();
  root.name = `avatar:${def.id}`;
  root.add(mesh);
  return { root, mesh, bones, materials, height: b.height * b.head };
}

export function disposeRig(rig: AvatarRig) {
  rig.mesh.geometry.dispose();
  for (const m of Object.values(rig.materials)) m.dispose();
  rig.mesh.skeleton.dispose();
}

export { PART_INDEX };
