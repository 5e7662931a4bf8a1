import { AnimationMixer, LoopOnce, Vector3, type AnimationAction, type AnimationClip, type Sprite } from 'three';
import type { AvatarAnimation, AvatarAppearance, EmoteId } from '@atrium/shared';
import { emoteClips, locomotionClips } from './clips.ts';
import { createNameplate, disposeNameplate } from './nameplate.ts';
import { buildRig, disposeRig, type AvatarRig } from './rig.ts';

type Clips = { locomotion: ReturnType<typeof locomotionClips>; emotes: Record<string, AnimationClip> };
const clipCache = new Map<string, Clips>();
function clipsFor(rig: AvatarRig, model: string): Clips {
  let c = clipCache.get(model);
  if (!c) {
    const hips = rig.bones.hips.position.clone();
    c = { locomotion: locomotionClips(hips), emotes: emoteClips(hips) };
    clipCache.set(model, c);
  }
  return c;
}

const LOCOMOTION = ['idle', 'walk', 'run'] as const;
/** How fast animation weights blend (per second) and positions converge (1/s time constant). */
const BLEND_RATE = 5;
const FOLLOW_RATE = 12;
/** Beyond this a remote avatar jumps instead of sliding across the room (spawn, portal). */
const SNAP_DISTANCE = 6;

export const shortestAngle = (from: number, to: number) => {
  const d = (to - from) % (Math.PI * 2);
  return d > Math.PI ? d - Math.PI * 2 : d < -Math.PI ? d + Math.PI * 2 : d;
};

/**
 * One avatar in the scene: its rig, an AnimationMixer blending idle/walk/run by weight, one-shot
 * emotes that fade in over locomotion and back out, a name plate, and smoothing towards the last
 * reported position so 15–20 Hz updates look continuous at any frame rate.
 */
export class Avatar {
  rig: AvatarRig;
  readonly position = new Vector3();
  readonly target = new Vector3();
  yaw = 0;
  targetYaw = 0;
  anim: AvatarAnimation = 'idle';
  private appearance: AvatarAppearance;
  private name: string;
  private mixer: AnimationMixer;
  private actions!: Record<(typeof LOCOMOTION)[number], AnimationAction>;
  private weights = { idle: 1, walk: 0, run: 0 };
  private emote: AnimationAction | null = null;
  private emoteId: EmoteId | null = null;
  private plate: Sprite | null;
  private placed = false;

  constructor(appearance: AvatarAppearance, name: string) {
    this.appearance = appearance;
    this.name = name;
    this.rig = buildRig(appearance);
    this.mixer = new AnimationMixer(this.rig.root);
    this.bindActions();
    this.plate = createNameplate(name);
    this.attachPlate();
  }

  get object() {
    return this.rig.root;
  }

  get playingEmote(): EmoteId | null {
    return this.emoteId;
  }

  private bindActions() {
    const clips = clipsFor(this.rig, this.appearance.model);
    this.actions = {
      idle: this.mixer.clipAction(clips.locomotion.idle),
      walk: this.mixer.clipAction(clips.locomotion.walk),
      run: this.mixer.clipAction(clips.locomotion.run),
    };
    for (const k of LOCOMOTION) {
      this.actions[k].play();
      this.actions[k].setEffectiveWeight(this.weights[k]);
    }
    this.mixer.addEventListener('finished', (e) => {
      if (e.action === this.emote) this.stopEmote();
    });
  }

  private attachPlate() {
    if (!this.plate) return;
    this.plate.position.set(0, this.rig.height + 0.35, 0);
    this.rig.root.add(this.plate);
  }

  setName(name: string) {
    if (name === this.name) return;
    this.name = name;
    if (this.plate) this.rig.root.remove(this.plate);
    disposeNameplate(this.plate);
    this.plate = createNameplate(name);
    this.attachPlate();
  }

  /** Colours change in place; another model rebuilds the rig under the same parent. */
  setAppearance(appearance: AvatarAppearance) {
    const prev = this.appearance;
    this.appearance = appearance;
    if (prev.model === appearance.model) {
      this.rig.materials.skin.color.set(appearance.skin);
      this.rig.materials.body.color.set(appearance.body);
      this.rig.materials.clothes.color.set(appearance.clothes);
      return;
    }
    const parent = this.rig.root.parent;
    const old = this.rig;
    this.mixer.stopAllAction();
    this.rig = buildRig(appearance);
    this.mixer = new AnimationMixer(this.rig.root);
    this.emote = null;
    this.emoteId = null;
    this.bindActions();
    if (this.plate) old.root.remove(this.plate);
    this.attachPlate();
    this.rig.root.position.copy(old.root.position);
    this.rig.root.rotation.copy(old.root.rotation);
    parent?.remove(old.root);
    parent?.add(this.rig.root);
    disposeRig(old);
  }

  /** The latest reported pose; the first one places the avatar, later ones are followed smoothly. */
  setPose(position: readonly [number, number, number], yaw: number, anim: AvatarAnimation) {
    this.target.set(position[0], position[1], position[2]);
    this.targetYaw = yaw;
    this.anim = anim;
    if (!this.placed || this.position.distanceTo(this.target) > SNAP_DISTANCE) {
      this.position.copy(this.target);
      this.yaw = yaw;
      this.placed = true;
    }
    // Moving cancels a dance, as in any game: the feet have somewhere to be.
    if (anim !== 'idle' && this.emote) this.stopEmote();
  }

  playEmote(id: EmoteId) {
    const clips = clipsFor(this.rig, this.appearance.model);
    const clip = clips.emotes[id];
    if (!clip) return;
    if (this.emote) this.emote.stop();
    const action = this.mixer.clipAction(clip);
    action.reset();
    action.setLoop(LoopOnce, 1);
    action.clampWhenFinished = false;
    action.setEffectiveWeight(1);
    action.fadeIn(0.2).play();
    this.emote = action;
    this.emoteId = id;
  }

  private stopEmote() {
    this.emote?.fadeOut(0.25);
    this.emote = null;
    this.emoteId = null;
  }

  update(dt: number, follow = true) {
    if (follow) {
      const k = 1 - Math.exp(-FOLLOW_RATE * dt);
      this.position.lerp(this.target, k);
      this.yaw += shortestAngle(this.yaw, this.targetYaw) * k;
    }
    this.rig.root.position.copy(this.position);
    this.rig.root.rotation.set(0, this.yaw, 0);
    const step = Math.min(1, BLEND_RATE * dt);
    const locomotionScale = this.emote ? 0 : 1;
    for (const k of LOCOMOTION) {
      const goal = (k === this.anim ? 1 : 0) * locomotionScale;
      this.weights[k] += (goal - this.weights[k]) * step;
      this.actions[k].setEffectiveWeight(this.weights[k]);
    }
    this.mixer.update(dt);
  }

  dispose() {
    this.mixer.stopAllAction();
    this.rig.root.parent?.remove(this.rig.root);
    disposeRig(this.rig);
    disposeNameplate(this.plate);
  }
}
