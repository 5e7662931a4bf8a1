import { Box3, type AnimationClip, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin, VRMUtils, type VRM } from '@pixiv/three-vrm';
import type { EmoteId } from '@atrium/shared';
import { emoteClips, locomotionClips } from '../clips.ts';
import { BUILDS, restPositions } from '../body/skeleton.ts';
import { retargetClip, type VrmTarget } from './retarget.ts';

// Loaded on demand (dynamic import) the first time a VRM avatar appears, so three-vrm stays out of
// the viewer's first download.

/** A loaded VRM ready to stand in for a built-in rig. */
export interface VrmBody {
  vrm: VRM;
  object: Object3D;
  height: number;
  clips: { locomotion: Record<'idle' | 'walk' | 'run', AnimationClip>; emotes: Record<EmoteId, AnimationClip> };
  update(dt: number): void;
  dispose(): void;
}

/** Parses VRM 0.x or 1.0 bytes; throws when the file is not a VRM humanoid. */
export async function parseVrm(bytes: ArrayBuffer): Promise<VRM> {
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser, { autoUpdateHumanBones: true }));
  const gltf = await loader.parseAsync(bytes, '');
  const vrm = gltf.userData.vrm as VRM | undefined;
  if (!vrm) throw new Error('The model has no VRM data');
  // Fewer vertices and one skeleton per model: the cheap clean-ups three-vrm recommends.
  VRMUtils.removeUnnecessaryVertices(gltf.scene);
  VRMUtils.combineSkeletons(gltf.scene);
  // VRM 0.x faces -Z; turned, it faces +Z like VRM 1.0 and the built-in avatars.
  VRMUtils.rotateVRM0(vrm);
  vrm.scene.traverse((o) => {
    // Skinned meshes move beyond their bind-pose bounds when animated.
    o.frustumCulled = false;
    o.castShadow = true;
  });
  return vrm;
}

/** The built-in locomotion and nine emotes, retargeted onto this VRM's normalized humanoid. */
export function vrmClips(vrm: VRM): VrmBody['clips'] {
  const hips = vrm.humanoid.getNormalizedBoneNode('hips');
  if (!hips) throw new Error('The VRM has no hips bone');
  const target: VrmTarget = {
    nodeName: (bone) => vrm.humanoid.getNormalizedBoneNode(bone)?.uuid ?? null,
    hipsRest: hips.position.clone(),
    vrm0: vrm.meta.metaVersion === '0',
  };
  // The clips are written for the regular build; its hips give the reference height.
  const source = restPositions(BUILDS.regular).hips;
  const loco = locomotionClips(source);
  const emotes = emoteClips(source);
  const map = <K extends string>(clips: Record<K, AnimationClip>) =>
    Object.fromEntries(Object.entries<AnimationClip>(clips).map(([k, c]) => [k, retargetClip(c, source, target)])) as Record<K, AnimationClip>;
  return { locomotion: map(loco), emotes: map(emotes) };
}

export function vrmBody(vrm: VRM): VrmBody {
  const box = new Box3().setFromObject(vrm.scene);
  const height = Number.isFinite(box.max.y) ? Math.max(0.5, box.max.y) : 1.7;
  return {
    vrm,
    object: vrm.scene,
    height,
    clips: vrmClips(vrm),
    // Normalized bones → the model's own bones, spring bones, look-at, constraints.
    update: (dt) => vrm.update(dt),
    dispose: () => VRMUtils.deepDispose(vrm.scene),
  };
}

// Everyone wearing the same VRM downloads it once; each avatar parses its own copy (a VRM's
// skeleton and spring bones cannot be shared between instances).
const downloads = new Map<string, Promise<ArrayBuffer>>();
export async function loadVrmBody(url: string): Promise<VrmBody> {
  let bytes = downloads.get(url);
  if (!bytes) {
    bytes = fetch(url, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`VRM download failed (${r.status})`);
      return r.arrayBuffer();
    });
    downloads.set(url, bytes);
    bytes.catch(() => downloads.delete(url));
  }
  return vrmBody(await parseVrm(await bytes));
}
