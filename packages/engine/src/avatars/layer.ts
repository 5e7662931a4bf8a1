import { Group, Vector3, type PerspectiveCamera } from 'three';
import type { AvatarAnimation, AvatarAppearance, EmoteId, Vec3 } from '@atrium/shared';
import { Avatar, loadVrmOnDemand, type VrmLoader } from './avatar.ts';

/** Scratch vector for the camera's world position in update (never kept). */
const cameraAt = new Vector3();

export interface RemoteAvatar {
  name: string;
  appearance: AvatarAppearance;
  position: Vec3;
  /** Facing, radians around +Y; 0 faces +Z. */
  yaw: number;
  anim: AvatarAnimation;
  /** `seq` grows with each emote, so the same emote twice plays twice. */
  emote?: { id: EmoteId; seq: number } | null;
}

export interface LocalPose {
  position: Vec3;
  yaw: number;
  anim: AvatarAnimation;
}

/** Horizontal speeds (m/s) where the local avatar's animation changes. */
const WALK_FROM = 0.3;
const RUN_FROM = 3.6;

export const animationForSpeed = (speed: number): AvatarAnimation =>
  speed < WALK_FROM ? 'idle' : speed < RUN_FROM ? 'walk' : 'run';

/**
 * Everyone else's avatars and the visitor's own. The engine knows nothing about networking: the web
 * app feeds poses in (`upsert`) and reads the local pose out (`localPose`) to send at 15–20 Hz.
 */
export class AvatarLayer {
  readonly root = new Group();
  private readonly remotes = new Map<string, { avatar: Avatar; emoteSeq: number }>();
  private local: Avatar | null = null;
  private localName = '';
  private localTalking = false;
  private lastLocal: { position: Vec3; at: number } | null = null;
  private speed = 0;
  private readonly pose: () => { position: Vec3; yaw: number };
  private readonly showLocal: () => boolean;
  private readonly loadVrm: VrmLoader;

  constructor(opts: { pose: () => { position: Vec3; yaw: number }; showLocal: () => boolean; loadVrm?: VrmLoader }) {
    this.root.name = 'avatars';
    this.pose = opts.pose;
    this.showLocal = opts.showLocal;
    this.loadVrm = opts.loadVrm ?? loadVrmOnDemand;
  }

  upsert(id: string, spec: RemoteAvatar): void {
    let entry = this.remotes.get(id);
    if (!entry) {
      const avatar = new Avatar(spec.appearance, spec.name, this.loadVrm);
      this.root.add(avatar.object);
      // An emote already under way when we arrive is not replayed.
      entry = { avatar, emoteSeq: spec.emote?.seq ?? 0 };
      this.remotes.set(id, entry);
    } else {
      entry.avatar.setAppearance(spec.appearance);
      entry.avatar.setName(spec.name);
    }
    entry.avatar.setPose(spec.position, spec.yaw, spec.anim);
    if (spec.emote && spec.emote.seq !== entry.emoteSeq) {
      entry.emoteSeq = spec.emote.seq;
      entry.avatar.playEmote(spec.emote.id);
    }
  }

  remove(id: string): void {
    const entry = this.remotes.get(id);
    if (!entry) return;
    entry.avatar.dispose();
    this.remotes.delete(id);
  }

  /** Marks a remote avatar as talking or not (the web app decides from the voice's audio level). */
  setTalking(id: string, talking: boolean): void {
    this.remotes.get(id)?.avatar.setTalking(talking);
  }

  /** The same mark over the visitor's own avatar, seen in orbit and fly modes. */
  setLocalTalking(talking: boolean): void {
    this.localTalking = talking;
    this.local?.setTalking(talking);
  }

  /** Whether the visitor's own avatar shows the talking mark. */
  isLocalTalking(): boolean {
    return this.localTalking;
  }

  /** A public chat line over a remote avatar's head (`id` as in upsert). */
  say(id: string, text: string): void {
    this.remotes.get(id)?.avatar.say(text);
  }

  /** A public chat line over the visitor's own avatar (seen in orbit and fly modes). */
  sayLocal(text: string): void {
    this.local?.say(text);
  }

  ids(): string[] {
    return [...this.remotes.keys()];
  }

  /** What a remote avatar is doing now (for tests and the UI); `body` says what draws it, `vrm` how its VRM is coming along. */
  describe(id: string) {
    const a = this.remotes.get(id)?.avatar;
    return a
      ? { position: a.position.toArray() as Vec3, yaw: a.yaw, anim: a.anim, emote: a.playingEmote, body: a.bodyKind, vrm: a.vrmState, talking: a.talking, saying: a.saying }
      : null;
  }

  /** The visitor's own avatar, seen in orbit and fly modes (and by everyone else via the server). */
  setLocalAvatar(appearance: AvatarAppearance | null, name = this.localName): void {
    this.localName = name;
    if (!appearance) {
      this.local?.dispose();
      this.local = null;
      return;
    }
    if (this.local) {
      this.local.setAppearance(appearance);
      this.local.setName(name);
      return;
    }
    this.local = new Avatar(appearance, name, this.loadVrm);
    this.local.setTalking(this.localTalking);
    this.root.add(this.local.object);
  }

  playEmote(id: EmoteId): void {
    this.local?.playEmote(id);
  }

  localPose(): LocalPose {
    const { position, yaw } = this.pose();
    return { position, yaw, anim: animationForSpeed(this.speed) };
  }

  /** One frame: poses and animations; with `view`, name plates sized for that camera (see nameplateHeight). */
  update(dt: number, view?: { camera: PerspectiveCamera; viewportHeightPx: number }): void {
    const { position, yaw } = this.pose();
    const now = performance.now();
    if (this.lastLocal && now > this.lastLocal.at) {
      const d = Math.hypot(position[0] - this.lastLocal.position[0], position[2] - this.lastLocal.position[2]);
      const inst = d / ((now - this.lastLocal.at) / 1000);
      // Smoothed so one long frame does not flip walk to run.
      this.speed += (inst - this.speed) * Math.min(1, dt * 8);
    }
    this.lastLocal = { position, at: now };
    if (this.local) {
      this.local.setPose(position, yaw, animationForSpeed(this.speed));
      this.local.position.set(...position);
      this.local.yaw = yaw;
      this.local.object.visible = this.showLocal();
      this.local.update(dt, false);
    }
    for (const { avatar } of this.remotes.values()) avatar.update(dt);
    if (view) {
      const eye = view.camera.getWorldPosition(cameraAt);
      this.local?.fitPlate(eye, view.camera.fov, view.viewportHeightPx);
      for (const { avatar } of this.remotes.values()) avatar.fitPlate(eye, view.camera.fov, view.viewportHeightPx);
    }
  }

  dispose(): void {
    for (const id of [...this.remotes.keys()]) this.remove(id);
    this.setLocalAvatar(null);
  }
}
