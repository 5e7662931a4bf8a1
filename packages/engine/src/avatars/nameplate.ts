import { CanvasTexture, LinearFilter, SRGBColorSpace, Sprite, SpriteMaterial } from 'three';

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
  const height = 0.22;
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
