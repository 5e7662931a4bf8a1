import { describe, expect, it } from 'vitest';
import { AnimationMixer, Quaternion, Vector3 } from 'three';
import { EMOTES, type AvatarAppearance } from '@atrium/shared';
import { BONES } from '../rig.ts';
import { AvatarLayer } from '../layer.ts';
import { buildVrmFixture } from './fixture.ts';
import { parseVrm, vrmBody, vrmClips } from './load.ts';
import { retargetRotation, VRM_BONE_OF } from './retarget.ts';

const bytes = (version: '1' | '0') => buildVrmFixture({ version }).buffer;
const look: AvatarAppearance = { model: 'kai', body: '#3DABFF', skin: '#C68863', clothes: '#223344' };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('VRM retargeting', () => {
  it('maps every built-in bone to a distinct VRM humanoid bone, left to left', () => {
    expect(Object.keys(VRM_BONE_OF).sort()).toEqual([...BONES].sort());
    expect(new Set(Object.values(VRM_BONE_OF)).size).toBe(BONES.length);
    expect(VRM_BONE_OF.upperArmL).toBe('leftUpperArm');
    expect(VRM_BONE_OF.lowerLegR).toBe('rightLowerLeg');
  });

  it('turns a T-pose arm to where the built-in arm points', () => {
    // The built-in left arm hangs along -Y; the VRM's rests along +X (its left, facing +Z).
    const raise = new Quaternion().setFromAxisAngle(new Vector3(0, 0, 1), (150 * Math.PI) / 180);
    const builtIn = new Vector3(0, -1, 0).applyQuaternion(raise);
    const vrm = new Vector3(1, 0, 0).applyQuaternion(retargetRotation('upperArmL', raise, false));
    expect(vrm.distanceTo(builtIn)).toBeLessThan(1e-6);
    // The forearm under it: both chains end up pointing the same way.
    const bend = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), -1.2);
    const builtInFore = new Vector3(0, -1, 0).applyQuaternion(raise.clone().multiply(bend));
    const upper = retargetRotation('upperArmL', raise, false);
    const vrmFore = new Vector3(1, 0, 0).applyQuaternion(upper.multiply(retargetRotation('lowerArmL', bend, false)));
    expect(vrmFore.distanceTo(builtInFore)).toBeLessThan(1e-6);
    // Legs rest the same way in both rigs: unchanged.
    const kick = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), 0.7);
    expect(retargetRotation('upperLegL', kick, false).angleTo(kick)).toBeLessThan(1e-6);
    // VRM 0.x bones face -Z: half a turn around Y.
    const flipped = retargetRotation('upperLegL', kick, true);
    expect(new Vector3(0, 0, 1).applyQuaternion(flipped).z).toBeCloseTo(new Vector3(0, 0, 1).applyQuaternion(kick).z, 6);
    expect(new Vector3(0, 0, 1).applyQuaternion(flipped).y).toBeCloseTo(-new Vector3(0, 0, 1).applyQuaternion(kick).y, 6);
  });
});

describe('VRM avatars', () => {
  for (const version of ['1', '0'] as const) {
    it(`loads a VRM ${version === '1' ? '1.0' : '0.x'} under Node and plays all clips on its humanoid`, async () => {
      const vrm = await parseVrm(bytes(version));
      expect(vrm.meta.metaVersion).toBe(version);
      const clips = vrmClips(vrm);
      expect(Object.keys(clips.emotes).sort()).toEqual([...EMOTES].sort());
      const mixer = new AnimationMixer(vrm.scene);
      const arm = vrm.humanoid.getRawBoneNode('rightUpperArm')!;
      const hand = vrm.humanoid.getRawBoneNode('rightHand')!;
      for (const [name, clip] of Object.entries({ ...clips.locomotion, ...clips.emotes })) {
        expect(clip.validate(), name).toBe(true);
        expect(clip.tracks.length, name).toBeGreaterThan(0);
        const action = mixer.clipAction(clip).play();
        mixer.setTime(clip.duration * 0.37);
        vrm.update(0);
        // The model's own bones move (normalized → raw), not only the normalized proxies.
        const moved = vrm.humanoid.humanBones.hips.node.quaternion.lengthSq() > 0 &&
          Object.values(vrm.humanoid.humanBones).some((b) => b && b.node.quaternion.angleTo(new Quaternion()) > 0.05);
        expect(moved, name).toBe(true);
        action.stop();
        mixer.setTime(0);
      }
      // Idle: the arms hang (hand well below the shoulder), as the built-in avatars stand.
      mixer.clipAction(clips.locomotion.idle).play();
      mixer.setTime(1);
      vrm.update(0);
      vrm.scene.updateMatrixWorld(true);
      const a = arm.getWorldPosition(new Vector3());
      const h = hand.getWorldPosition(new Vector3());
      expect(a.y - h.y).toBeGreaterThan(0.4);
      // Wave: the right hand goes above the head.
      mixer.stopAllAction();
      mixer.clipAction(clips.emotes.wave).play();
      mixer.setTime(0.9);
      vrm.update(0);
      vrm.scene.updateMatrixWorld(true);
      const head = vrm.humanoid.getRawBoneNode('head')!.getWorldPosition(new Vector3());
      expect(hand.getWorldPosition(new Vector3()).y).toBeGreaterThan(head.y);
      // Facing +Z after rotateVRM0, like the built-in avatars: the left hand is at +X when idle or waving.
      expect(vrm.humanoid.getRawBoneNode('leftHand')!.getWorldPosition(new Vector3()).x).toBeGreaterThan(0);
      const body = vrmBody(vrm);
      expect(body.height).toBeGreaterThan(1.5);
      body.dispose();
    });
  }

  it('rejects a glb that is not a VRM', async () => {
    await expect(parseVrm(buildVrmFixture({ version: 'none' }).buffer)).rejects.toThrow(/VRM/);
  });

  it('shows the built-in avatar while the VRM loads, swaps it in, and keeps the built-in one when loading fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const loads: string[] = [];
    const layer = new AvatarLayer({
      pose: () => ({ position: [0, 0, 0], yaw: 0 }),
      showLocal: () => false,
      loadVrm: async (url) => {
        loads.push(url);
        if (url.includes('broken')) throw new Error('404');
        await gate;
        return vrmBody(await parseVrm(bytes('1')));
      },
    });
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const spec = { name: 'Robo', appearance: { ...look, vrm: { assetId: id, url: `/api/file/${id}` } }, position: [0, 0, 0] as [number, number, number], yaw: 0, anim: 'walk' as const };
    layer.upsert('s1', spec);
    expect(layer.describe('s1')).toMatchObject({ body: 'builtIn', vrm: 'loading' });
    release();
    await wait(50);
    expect(layer.describe('s1')).toMatchObject({ body: 'vrm', vrm: 'ready' });
    // Emotes and locomotion keep working on the VRM.
    layer.upsert('s1', { ...spec, anim: 'idle', emote: { id: 'clap', seq: 1 } });
    layer.update(0.5);
    expect(layer.describe('s1')!.emote).toBe('clap');
    // Back to a built-in choice.
    layer.upsert('s1', { ...spec, appearance: look });
    expect(layer.describe('s1')).toMatchObject({ body: 'builtIn', vrm: 'none' });

    layer.upsert('s2', { ...spec, appearance: { ...look, vrm: { assetId: id, url: `/api/file/${id}?broken` } } });
    await wait(10);
    expect(layer.describe('s2')).toMatchObject({ body: 'builtIn', vrm: 'failed' });
    expect(loads).toHaveLength(2);
    layer.dispose();
  });
});
