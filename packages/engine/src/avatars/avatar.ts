import { AnimationMixer, Group, LoopOnce, Vector3, type AnimationAction, type AnimationClip, type Object3D, type Sprite } from 'three';
import type { AvatarAnimation, AvatarAppearance, EmoteId } from '@atrium/shared';
import { emoteClips, locomotionClips } from './clips.ts';
import { BUBBLE_SECONDS, createBubble, disposeBubble } from './bubble.ts';
import { createNameplate, createTalkingMark, disposeNameplate, disposeTalkingMark, fitNameplate, nameplateHeight } from './nameplate.ts';
import { buildRig, disposeRig, paintRig, type AvatarRig } from './rig.ts';
import type { VrmBody } from './vrm/load.ts';

type Clips = { locomotion: ReturnType<typeof locomotionClips>; emotes: Record<string, AnimationClip> };

/** Fetches and parses a VRM avatar; the default loads three-vrm as a separate chunk on first use. */
export type VrmLoader = (url: string) => Promise<VrmBody>;
export const loadVrmOnDemand: VrmLoader = (url) => import('./vrm/load.ts').then((m) => m.loadVrmBody(url));

/** What an avatar is drawn with: a built-in rig, or a VRM once it has loaded. */
interface Body {
  kind: 'builtIn' | 'vrm';
  object: Object3D;
  height: number;
  clips: Clips;
  rig: AvatarRig | null;
  update(dt: number): void;
  dispose(): void;
}

function builtInBody(appearance: AvatarAppearance): Body {
  const rig = buildRig(appearance);
  return { kind: 'builtIn', object: rig.root, height: rig.height, clips: clipsFor(rig, appearance.model), rig, update: () => {}, dispose: () => disposeRig(rig) };
}

const vrmAsBody = (v: VrmBody): Body => ({ kind: 'vrm', object: v.object, height: v.height, clips: v.clips, rig: null, update: v.update, dispose: v.dispose });

/** Where a VRM avatar stands: none asked for, downloading (built-in shown meanwhile), shown, or failed (built-in kept). */
export type VrmState = 'none' | 'loading' | 'ready' | 'failed';
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
/** Scratch vector for the plate's world position (one per frame per avatar, never kept). */
const plateAt = new Vector3();
/** A chat bubble's foot above the top of the head: clear of the name plate and the talking mark. */
const BUBBLE_LIFT_M = 0.56;

export const shortestAngle = (from: number, to: number) => {
  const d = (to - from) % (Math.PI * 2);
  return d > Math.PI ? d - Math.PI * 2 : d < -Math.PI ? d + Math.PI * 2 : d;
};

/**
 * One avatar in the scene: its body (a built-in rig, or a VRM that replaces it once loaded), an
 * AnimationMixer blending idle/walk/run by weight, one-shot emotes that fade in over locomotion and
 * back out, a name plate, and smoothing towards the last reported position so 15–20 Hz updates look
 * continuous at any frame rate.
 */
export class Avatar {
  readonly group = new Group();
  readonly position = new Vector3();
  readonly target = new Vector3();
  yaw = 0;
  targetYaw = 0;
  anim: AvatarAnimation = 'idle';
  vrmState: VrmState = 'none';
  private body: Body;
  private appearance: AvatarAppearance;
  private name: string;
  private mixer: AnimationMixer;
  private actions!: Record<(typeof LOCOMOTION)[number], AnimationAction>;
  private weights = { idle: 1, walk: 0, run: 0 };
  private emote: AnimationAction | null = null;
  private emoteId: EmoteId | null = null;
  private plate: Sprite | null;
  /** Shown over the name plate while this person's voice is heard (the web app says when). */
  private talkMark: Sprite | null = null;
  /** The last public chat line, over the head for BUBBLE_SECONDS (the text is kept without a DOM too). */
  private bubble: Sprite | null = null;
  private bubbleText: string | null = null;
  private bubbleLeft = 0;
  private talkingNow = false;
  private talkPhase = 0;
  private placed = false;
  private disposed = false;
  /** The VRM URL asked for last; a load that finishes for an older one is dropped. */
  private vrmUrl: string | null = null;
  private readonly loadVrm: VrmLoader;

  constructor(appearance: AvatarAppearance, name: string, loadVrm: VrmLoader = loadVrmOnDemand) {
    this.appearance = appearance;
    this.name = name;
    this.loadVrm = loadVrm;
    this.group.name = 'avatar';
    this.body = builtInBody(appearance);
    this.group.add(this.body.object);
    this.mixer = new AnimationMixer(this.body.object);
    this.bindActions();
    this.plate = createNameplate(name);
    this.attachPlate();
    this.requestVrm(appearance.vrm?.url ?? null);
  }

  get object() {
    return this.group;
  }

  /** The built-in rig while one is shown (null while a VRM stands in). */
  get rig(): AvatarRig | null {
    return this.body.rig;
  }

  get bodyKind() {
    return this.body.kind;
  }

  get playingEmote(): EmoteId | null {
    return this.emoteId;
  }

  private bindActions() {
    const clips = this.body.clips;
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
    this.talkMark?.position.set(0, this.body.height + 0.4, 0);
    this.bubble?.position.set(0, this.body.height + BUBBLE_LIFT_M, 0);
    if (!this.plate) return;
    this.plate.position.set(0, this.body.height + 0.2, 0);
    this.group.add(this.plate);
  }

  get talking(): boolean {
    return this.talkingNow;
  }

  /** Shows or hides the talking mark; the sprite is made on first use and kept for the next time. */
  setTalking(on: boolean) {
    if (on === this.talkingNow) return;
    this.talkingNow = on;
    if (on && !this.talkMark) {
      this.talkMark = createTalkingMark();
      if (this.talkMark) {
        this.group.add(this.talkMark);
        this.attachPlate();
      }
    }
    if (this.talkMark) this.talkMark.visible = on;
  }

  setName(name: string) {
    if (name === this.name) return;
    this.name = name;
    if (this.plate) this.group.remove(this.plate);
    disposeNameplate(this.plate);
    this.plate = createNameplate(name);
    this.attachPlate();
  }

  /** Colours change in place; another model or VRM swaps the body under the same group. */
  setAppearance(appearance: AvatarAppearance) {
    const prev = this.appearance;
    this.appearance = appearance;
    const url = appearance.vrm?.url ?? null;
    if (url !== this.vrmUrl) this.requestVrm(url);
    if (this.body.kind === 'vrm') return;
    if (prev.model === appearance.model && this.body.rig) {
      paintRig(this.body.rig, appearance);
      return;
    }
    this.swapBody(builtInBody(appearance));
  }

  private requestVrm(url: string | null) {
    this.vrmUrl = url;
    if (!url) {
      this.vrmState = 'none';
      if (this.body.kind === 'vrm') this.swapBody(builtInBody(this.appearance));
      return;
    }
    this.vrmState = 'loading';
    this.loadVrm(url).then(
      (vrm) => {
        if (this.disposed || this.vrmUrl !== url) return vrm.dispose();
        this.vrmState = 'ready';
        this.swapBody(vrmAsBody(vrm));
      },
      (err: unknown) => {
        if (this.disposed || this.vrmUrl !== url) return;
        // The built-in avatar stays: a broken upload must not leave the visitor invisible.
        this.vrmState = 'failed';
        console.warn('VRM avatar could not be loaded; showing the built-in avatar', err);
      },
    );
  }

  private swapBody(next: Body) {
    const old = this.body;
    this.mixer.stopAllAction();
    this.mixer.uncacheRoot(old.object);
    this.group.remove(old.object);
    old.dispose();
    this.body = next;
    this.group.add(next.object);
    this.mixer = new AnimationMixer(next.object);
    this.emote = null;
    this.emoteId = null;
    this.bindActions();
    if (this.plate) this.group.remove(this.plate);
    this.attachPlate();
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
    const clip = this.body.clips.emotes[id];
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

  /** Sizes the name plate and the chat bubble for the camera looking at them (see `nameplateHeight`). */
  fitPlate(cameraPosition: Vector3, fovDeg: number, viewportHeightPx: number) {
    if (this.plate) {
      this.plate.getWorldPosition(plateAt);
      fitNameplate(this.plate, plateAt.distanceTo(cameraPosition), fovDeg, viewportHeightPx);
    }
    if (this.bubble) {
      this.bubble.getWorldPosition(plateAt);
      // The bubble's text is the plate's size; the bubble is as many plate heights tall as it has lines.
      const h = nameplateHeight(plateAt.distanceTo(cameraPosition), fovDeg, viewportHeightPx);
      const u = this.bubble.userData as { aspect: number; heightInPlates: number };
      this.bubble.scale.set(h * u.aspect, h * u.heightInPlates, 1);
    }
  }

  /** Shows a public chat line over the head (replacing the previous one) for BUBBLE_SECONDS. */
  say(text: string) {
    this.clearBubble();
    const t = text.trim();
    if (!t) return;
    this.bubbleText = t;
    this.bubbleLeft = BUBBLE_SECONDS;
    this.bubble = createBubble(t);
    if (this.bubble) {
      this.bubble.position.set(0, this.body.height + BUBBLE_LIFT_M, 0);
      this.group.add(this.bubble);
    }
  }

  /** The chat line over the head now, or null. */
  get saying(): string | null {
    return this.bubbleText;
  }

  private clearBubble() {
    if (this.bubble) this.group.remove(this.bubble);
    disposeBubble(this.bubble);
    this.bubble = null;
    this.bubbleText = null;
  }

  update(dt: number, follow = true) {
    if (follow) {
      const k = 1 - Math.exp(-FOLLOW_RATE * dt);
      this.position.lerp(this.target, k);
      this.yaw += shortestAngle(this.yaw, this.targetYaw) * k;
    }
    this.group.position.copy(this.position);
    this.group.rotation.set(0, this.yaw, 0);
    const step = Math.min(1, BLEND_RATE * dt);
    const locomotionScale = this.emote ? 0 : 1;
    for (const k of LOCOMOTION) {
      const goal = (k === this.anim ? 1 : 0) * locomotionScale;
      this.weights[k] += (goal - this.weights[k]) * step;
      this.actions[k].setEffectiveWeight(this.weights[k]);
    }
    this.mixer.update(dt);
    this.body.update(dt);
    if (this.bubbleText !== null) {
      this.bubbleLeft -= dt;
      if (this.bubbleLeft <= 0) this.clearBubble();
    }
    if (this.talkMark && this.talkingNow) {
      // A gentle pulse, so a mark that is on reads as live sound rather than a static badge.
      this.talkPhase = (this.talkPhase + dt * 7) % (Math.PI * 2);
      const s = 0.24 * (1 + 0.1 * Math.sin(this.talkPhase));
      this.talkMark.scale.set(s, s, 1);
    }
  }

  dispose() {
    this.disposed = true;
    this.mixer.stopAllAction();
    this.group.parent?.remove(this.group);
    this.body.dispose();
    disposeNameplate(this.plate);
    disposeTalkingMark(this.talkMark);
    this.clearBubble();
  }
}
