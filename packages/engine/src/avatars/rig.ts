import { Bone, Group, MeshStandardMaterial, Skeleton, SkinnedMesh, type BufferAttribute, type BufferGeometry } from 'three';
import { BUILT_IN_AVATARS, type AvatarAppearance, type BuiltInAvatarId } from '@atrium/shared';
import { MeshBuilder } from './body/builder.ts';
import { arm, leg, skirt, torso } from './body/figure.ts';
import { head } from './body/head.ts';
import { LOOKS, slotColours, type Look } from './body/looks.ts';
import { BONES, BUILDS, PARENT, restPositions, type BoneName } from './body/skeleton.ts';

// Built-in avatars are modelled here in code: a 15-bone humanoid and one smooth skinned surface per
// avatar (body, face, hands, hair and outfit), coloured per vertex so it is one draw call. No
// downloaded model, so nothing to license (our own work).

export { BONES, restPositions, type BoneName };

export interface AvatarRig {
  root: Group;
  mesh: SkinnedMesh;
  bones: Record<BoneName, Bone>;
  material: MeshStandardMaterial;
  /** The colour slot of each vertex (see body/looks.ts SLOT), for recolouring in place. */
  slots: Uint8Array;
  look: Look;
  /** Top of the head or hair (m), for the name plate. */
  height: number;
}

/** Paints the rig's vertices with an appearance's colours (skin, top, bottom; the rest are the model's own). */
export function paintRig(rig: AvatarRig, appearance: AvatarAppearance) {
  const colours = slotColours(appearance, rig.look);
  const attr = rig.mesh.geometry.getAttribute('color') as BufferAttribute;
  const a = attr.array as Float32Array;
  rig.slots.forEach((s, i) => {
    const c = colours[s]!;
    a[i * 3] = c.r;
    a[i * 3 + 1] = c.g;
    a[i * 3 + 2] = c.b;
  });
  attr.needsUpdate = true;
}

/**
 * The surface of one model, made once and copied for each avatar wearing it (a copy takes a fraction
 * of a millisecond; modelling takes about ten): each copy gets its own colours.
 */
const surfaces = new Map<BuiltInAvatarId, { geometry: BufferGeometry; slots: Uint8Array }>();
function modelled(id: BuiltInAvatarId) {
  let s = surfaces.get(id);
  if (!s) {
    const def = BUILT_IN_AVATARS.find((a) => a.id === id)!;
    const b = BUILDS[def.build];
    const look = LOOKS[id];
    const m = new MeshBuilder();
    torso(m, b, look);
    skirt(m, b, look);
    for (const side of [1, -1] as const) {
      arm(m, b, look, side);
      leg(m, b, look, side);
    }
    head(m, b, look);
    s = m.build();
    surfaces.set(id, s);
  }
  return { geometry: s.geometry.clone(), slots: s.slots };
}

/** Builds one avatar of the given appearance; call `disposeRig` when it leaves the scene. */
export function buildRig(appearance: AvatarAppearance): AvatarRig {
  const def = BUILT_IN_AVATARS.find((a) => a.id === appearance.model) ?? BUILT_IN_AVATARS[0];
  const b = BUILDS[def.build];
  const look = LOOKS[def.id as BuiltInAvatarId];
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

  const { geometry, slots } = modelled(def.id as BuiltInAvatarId);

  const material = new MeshStandardMaterial({ vertexColors: true, roughness: 0.72, metalness: 0 });
  const mesh = new SkinnedMesh(geometry, material);
  mesh.name = 'avatar-body';
  mesh.castShadow = true;
  mesh.frustumCulled = false;
  mesh.add(bones.hips);
  mesh.bind(new Skeleton(BONES.map((n) => bones[n])));
  const root = new Group();
  root.name = `avatar:${def.id}`;
  root.add(mesh);
  const rig: AvatarRig = { root, mesh, bones, material, slots, look, height: geometry.boundingBox!.max.y };
  paintRig(rig, appearance);
  return rig;
}

export function disposeRig(rig: AvatarRig) {
  rig.mesh.geometry.dispose();
  rig.material.dispose();
  rig.mesh.skeleton.dispose();
}
