import { CanvasTexture, LinearFilter, SRGBColorSpace, Sprite, SpriteMaterial } from 'three';

/** How tall a name reads on screen (CSS px) while the avatar is near enough. */
export const NAMEPLATE_SCREEN_PX = 20;
/**
 * The tallest a plate gets in the world: under half a head (the built-in avatars' heads are 0.3 m or more), so
 * up close it never covers the face, and further off it shrinks with the avatar it names.
 */
export const NAMEPLATE_MAX_HEIGHT_M = 0.12;

/**
 * A plate's world height for a camera `distance` away: NAMEPLATE_SCREEN_PX on screen (a plate a step
 * away no longer fills the view, as the old fixed 0.22 m one did), never over NAMEPLATE_MAX_HEIGHT_M.
 */
export function nameplateHeight(distance: number, fovDeg: number, viewportHeightPx: number): number {
  const metresPerPx = (2 * Math.max(0.05, distance) * Math.tan((fovDeg * Math.PI) / 360)) / Math.max(1, viewportHeightPx);
  return Math.min(NAMEPLATE_MAX_HEIGHT_M, NAMEPLATE_SCREEN_PX * metresPerPx);
}

/** Sizes a plate (made by createNameplate) for the camera distance, keeping its text's proportions. */
export function fitNameplate(sprite: Sprite, distance: number, fovDeg: number, viewportHeightPx: number): void {
  const h = nameplateHeight(distance, fovDeg, viewportHeightPx);
  const aspect = (sprite.userData.aspect as number | undefined) ?? 4;
  sprite.scale.set(h * aspect, h, 1);
}

/** A name above an avatar; null where there is no DOM canvas (unit tests in Node). */
export function createNameplate(name: string): Sprite | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const font = '600 40px Urbanist, system-ui, sans-serif';
  ctx.font = font;
  const text = name.length > 24 ? `${name.slice(0, 23)}…` : name;
  const w = Math.ceil(ctx.measureText(text).width) + 48;
  canvas.width = w;
  canvas.height = 64;
  ctx.font = font;
  ctx.fillStyle = 'rgba(20, 24, 36, 0.72)';
  ctx.beginPath();
  ctx.roundRect(0, 0, w, 64, 32);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, w / 2, 34);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.minFilter = LinearFilter;
  const sprite = new Sprite(new SpriteMaterial({ map: texture, depthWrite: false, transparent: true }));
  sprite.userData.aspect = w / 64;
  // Until the first frame sizes it for the camera (fitNameplate).
  const height = NAMEPLATE_MAX_HEIGHT_M;
  sprite.scale.set((height * w) / 64, height, 1);
  sprite.renderOrder = 10;
  sprite.name = 'nameplate';
  return sprite;
}

export function disposeNameplate(sprite: Sprite | null) {
  if (!sprite) return;
  sprite.material.map?.dispose();
  sprite.material.dispose();
}

/**
 * The talking mark over a speaking avatar: a green disc with sound waves, drawn once and shared by
 * every avatar (each gets its own sprite so it can pulse on its own). Null without a DOM canvas.
 */
let talkingTexture: CanvasTexture | null = null;
export function createTalkingMark(): Sprite | null {
  if (typeof document === 'undefined') return null;
  if (!talkingTexture) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#2fb344';
    ctx.beginPath();
    ctx.arc(32, 32, 30, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineCap = 'round';
    ctx.lineWidth = 5;
    // A speaker cone with two waves: reads as "sound" at the size of a name plate.
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.moveTo(14, 26);
    ctx.lineTo(22, 26);
    ctx.lineTo(31, 18);
    ctx.lineTo(31, 46);
    ctx.lineTo(22, 38);
    ctx.lineTo(14, 38);
    ctx.closePath();
    ctx.fill();
    for (const r of [8, 15]) {
      ctx.beginPath();
      ctx.arc(33, 32, r, -Math.PI / 4, Math.PI / 4);
      ctx.stroke();
    }
    talkingTexture = new CanvasTexture(canvas);
    talkingTexture.colorSpace = SRGBColorSpace;
    talkingTexture.minFilter = LinearFilter;
  }
  const sprite = new Sprite(new SpriteMaterial({ map: talkingTexture, depthWrite: false, transparent: true }));
  sprite.scale.set(0.24, 0.24, 1);
  sprite.renderOrder = 11;
  sprite.name = 'talking-mark';
  return sprite;
}

/** The shared texture stays; only the sprite's own material goes. */
export function disposeTalkingMark(sprite: Sprite | null) {
  sprite?.material.dispose();
}
