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
