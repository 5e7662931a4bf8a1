import { describe, expect, it } from 'vitest';
import type { Quaternion } from 'three';
import { AnimationMixer } from 'three';
import { BUILT_IN_AVATARS, EMOTES, type AvatarAppearance } from '@atrium/shared';
import { BONES, buildRig, disposeRig } from './rig.ts';
import { emoteClips, locomotionClips } from './clips.ts';
import { AvatarLayer, animationForSpeed } from './layer.ts';
import type { Vec3 } from '@atrium/shared';

const look = (model: AvatarAppearance['model']): AvatarAppearance => ({ model, body: '#3DABFF', skin: '#C68863', clothes: '#223344' });

describe('built-in avatars', () => {
  it('builds eight distinct rigged avatars, each a skinned mesh on the full skeleton with three colour groups', () => {
    expect(BUILT_IN_AVATARS.length).toBeGreaterThanOrEqual(8);
    const sizes = new Set<number>();
    for (const def of BUILT_IN_AVATARS) {
      const rig = buildRig(look(def.id));
      expect(rig.mesh.isSkinnedMesh).toBe(true);
      expect(rig.mesh.skeleton.bones.map((b) => b.name)).toEqual([...BONES]);
      expect(rig.mesh.geometry.groups).toHaveLength(3);
      const skin = rig.mesh.geometry.getAttribute('skinIndex');
      expect(skin.count).toBe(rig.mesh.geometry.getAttribute('position').count);
      expect(Math.max(...(skin.array as Uint16Array))).toBeLessThan(BONES.length);
      expect(rig.materials.skin.color.getHexString()).toBe('c68863');
      sizes.add(rig.mesh.geometry.getAttribute('position').count * 1000 + Math.round(rig.height * 100));
      disposeRig(rig);
    }
    expect(sizes.size).toBe(BUILT_IN_AVATARS.length);
  });

  it('has idle, walk, run and all nine emotes as clips that move real bones', () => {
    const rig = buildRig(look('kai'));
    const clips = { ...locomotionClips(rig.bones.hips.position), ...emoteClips(rig.bones.hips.position) };
    expect(Object.keys(clips).sort()).toEqual(['idle', 'run', 'walk', ...EMOTES].sort());
    const mixer = new AnimationMixer(rig.root);
    for (const [name, clip] of Object.entries(clips)) {
      expect(clip.duration, name).toBeGreaterThan(0.4);
      expect(clip.validate(), name).toBe(true);
      for (const t of clip.tracks) expect(BONES as readonly string[]).toContain(t.name.split('.')[0]);
      // Playing the clip half-way leaves at least one bone away from its rest rotation.
      const before = rig.mesh.skeleton.bones.map((b) => b.quaternion.clone());
      const action = mixer.clipAction(clip).play();
      mixer.setTime(clip.duration * 0.37);
      const moved = rig.mesh.skeleton.bones.some((b, i) => b.quaternion.angleTo(before[i] as Quaternion) > 0.05);
      expect(moved, name).toBe(true);
      action.stop();
      mixer.setTime(0);
    }
    disposeRig(rig);
  });
});

describe('avatar layer', () => {
  it('follows remote poses smoothly, snaps far jumps and replays an emote only when its sequence grows', () => {
    let local: Vec3 = [0, 0, 0];
    const layer = new AvatarLayer({ pose: () => ({ position: local, yaw: 0 }), showLocal: () => false });
    const spec = { name: 'Ada', appearance: look('nova'), position: [1, 0, 1] as Vec3, yaw: 0, anim: 'idle' as const };
    layer.upsert('s1', spec);
    expect(layer.describe('s1')!.position).toEqual([1, 0, 1]);
    layer.upsert('s1', { ...spec, position: [2, 0, 1], anim: 'walk' });
    layer.update(1 / 60);
    const x = layer.describe('s1')!.position[0];
    expect(x).toBeGreaterThan(1);
    expect(x).toBeLessThan(2);
    for (let i = 0; i < 120; i++) layer.update(1 / 60);
    expect(layer.describe('s1')!.position[0]).toBeCloseTo(2, 2);
    layer.upsert('s1', { ...spec, position: [50, 0, 1] });
    expect(layer.describe('s1')!.position[0]).toBe(50);

    layer.upsert('s1', { ...spec, position: [50, 0, 1], emote: { id: 'wave', seq: 1 } });
    expect(layer.describe('s1')!.emote).toBe('wave');
    layer.update(3);
    expect(layer.describe('s1')!.emote).toBeNull();
    layer.upsert('s1', { ...spec, position: [50, 0, 1], emote: { id: 'wave', seq: 1 } });
    expect(layer.describe('s1')!.emote).toBeNull();

    layer.remove('s1');
    expect(layer.ids()).toEqual([]);
    local = [0, 0, 0];
    layer.update(0.1);
    expect(layer.localPose().anim).toBe('idle');
    layer.dispose();
  });

  it('shows a talking mark over a remote or the local avatar only while told they talk, kept across appearance changes', () => {
    // A stand-in 2D canvas: the mark is drawn into a texture, which Node has no canvas for.
    const ctx = new Proxy({}, { get: () => () => ({ width: 10 }) });
    const g = globalThis as { document?: unknown };
    g.document = { createElement: () => ({ width: 0, height: 0, getContext: () => ctx }) };
    try {
      const layer = new AvatarLayer({ pose: () => ({ position: [0, 0, 0], yaw: 0 }), showLocal: () => true });
      layer.upsert('s1', { name: 'Ada', appearance: look('nova'), position: [1, 0, 1], yaw: 0, anim: 'idle' });
      const mark = () => layer.root.getObjectByName('talking-mark');
      expect(layer.describe('s1')!.talking).toBe(false);
      expect(mark()).toBeUndefined();
      layer.setTalking('s1', true);
      expect(layer.describe('s1')!.talking).toBe(true);
      expect(mark()!.visible).toBe(true);
      // Above the name plate, over the avatar's head.
      expect(mark()!.position.y).toBeGreaterThan(layer.root.getObjectByName('nameplate')!.position.y);
      layer.update(0.1);
      layer.setTalking('s1', false);
      expect(layer.describe('s1')!.talking).toBe(false);
      expect(mark()!.visible).toBe(false);
      layer.setTalking('nobody', true);
      expect(layer.ids()).toEqual(['s1']);

      layer.setLocalTalking(true);
      layer.setLocalAvatar(look('kai'), 'Me');
      expect(layer.isLocalTalking()).toBe(true);
      const visible = layer.root.children.flatMap((a) => a.children).filter((o) => o.name === 'talking-mark' && o.visible);
      expect(visible).toHaveLength(1);
      layer.setLocalTalking(false);
      expect(layer.isLocalTalking()).toBe(false);
      layer.dispose();
    } finally {
      delete g.document;
    }
  });

  it('names the local animation from speed', () => {
    expect(animationForSpeed(0)).toBe('idle');
    expect(animationForSpeed(1.4)).toBe('walk');
    expect(animationForSpeed(6)).toBe('run');
  });
});
