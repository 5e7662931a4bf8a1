import { AnimationMixer, Color, DirectionalLight, HemisphereLight, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import type { AvatarAppearance, EmoteId } from '@atrium/shared';
import { applyRenderLook } from '../render/look.ts';
import { emoteClips, locomotionClips } from './clips.ts';
import { buildRig, disposeRig } from './rig.ts';

/** How a portrait frames its avatar: the whole figure, or head and shoulders. */
export type PortraitFraming = 'full' | 'bust';

export interface PortraitOptions {
  width: number;
  height: number;
  framing?: PortraitFraming;
  /** Turn towards the viewer's left (radians); a three-quarter view reads the silhouette best. */
  yaw?: number;
  /** A pose to hold: a clip and a time in seconds into it. */
  pose?: { clip: EmoteId | 'idle' | 'walk' | 'run'; time: number };
}

/**
 * Still pictures of built-in avatars (the avatar chooser's cards): one small WebGL renderer, a studio
 * light set (key, rim, sky/ground fill) and a transparent background, so the card's own colour shows.
 * `render` returns a PNG data URL; call `dispose` when done (it frees the WebGL context).
 */
export class AvatarPortraits {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(24, 1, 0.05, 20);

  constructor(canvas: HTMLCanvasElement = document.createElement('canvas')) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
    applyRenderLook(this.renderer);
    this.renderer.setClearColor(new Color(0, 0, 0), 0);
    this.scene.add(new HemisphereLight('#f4f7ff', '#b8a898', 1.5));
    const key = new DirectionalLight('#fff4e8', 2.4);
    key.position.set(1.5, 2.5, 3);
    const rim = new DirectionalLight('#cfe0ff', 1.1);
    rim.position.set(-2, 0.8, -3);
    this.scene.add(key, rim);
  }

  render(appearance: AvatarAppearance, o: PortraitOptions): string {
    const rig = buildRig(appearance);
    rig.root.rotation.y = o.yaw ?? 0.38;
    this.scene.add(rig.root);
    if (o.pose) {
      const hips = rig.bones.hips.position;
      const clips = { ...locomotionClips(hips), ...emoteClips(hips) };
      const mixer = new AnimationMixer(rig.root);
      mixer.clipAction(clips[o.pose.clip]).play();
      mixer.setTime(o.pose.time);
    }
    const aspect = o.width / o.height;
    this.camera.aspect = aspect;
    const top = rig.height;
    if (o.framing === 'bust') {
      this.camera.fov = 22;
      this.camera.position.set(0, top - 0.2, 1.45);
      this.camera.lookAt(0, top - 0.24, 0);
    } else {
      // Fit the standing figure (feet to the top of the hair) with a little air around it.
      const span = top + 0.1;
      const dist = span / 2 / Math.tan((this.camera.fov * Math.PI) / 360) / Math.min(1, aspect * 1.6);
      this.camera.position.set(0, top * 0.56, dist);
      this.camera.lookAt(0, top * 0.5, 0);
    }
    this.camera.updateProjectionMatrix();
    this.renderer.setSize(o.width, o.height, false);
    this.renderer.render(this.scene, this.camera);
    const url = this.renderer.domElement.toDataURL('image/png');
    this.scene.remove(rig.root);
    disposeRig(rig);
    return url;
  }

  dispose() {
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
