import { CanvasTexture, LinearFilter, SRGBColorSpace, Sprite, SpriteMaterial } from 'three';

/** How long a chat line stays over its speaker's head. */
export const BUBBLE_SECONDS = 6;
const MAX_CHARS_PER_LINE = 28;
const MAX_LINES = 3;

/**
 * A chat message as a bubble shows it: words wrapped at MAX_CHARS_PER_LINE, at most MAX_LINES lines,
 * the rest cut with an ellipsis; a word longer than a line is split.
 */
export function bubbleLines(text: string, maxChars = MAX_CHARS_PER_LINE, maxLines = MAX_LINES): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > maxChars) {
      if (line) { lines.push(line); line = ''; }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!word) continue;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else { lines.push(line); line = word; }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.slice(0, maxChars - 1)}…`;
  return kept;
}

/** A white speech bubble with a tail; null where there is no DOM canvas (unit tests in Node). */
export function createBubble(text: string): Sprite | null {
  if (typeof document === 'undefined') return null;
  const lines = bubbleLines(text);
  if (!lines.length) return null;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const font = '500 34px Urbanist, system-ui, sans-serif';
  ctx.font = font;
  const lineH = 42;
  const w = Math.ceil(Math.max(...lines.map((l) => ctx.measureText(l).width))) + 44;
  const body = lines.length * lineH + 24;
  const tail = 16;
  canvas.width = w;
  canvas.height = body + tail;
  ctx.font = font;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.beginPath();
  ctx.roundRect(0, 0, w, body, 22);
  ctx.moveTo(w / 2 - 12, body);
  ctx.lineTo(w / 2, body + tail);
  ctx.lineTo(w / 2 + 12, body);
  ctx.fill();
  ctx.fillStyle = '#141824';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((l, i) => ctx.fillText(l, w / 2, 12 + lineH * i + lineH / 2));
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.minFilter = LinearFilter;
  const sprite = new Sprite(new SpriteMaterial({ map: texture, depthWrite: false, transparent: true }));
  // Sized like the name plate (fitNameplate reads this): the plate is 64 px tall for its height.
  sprite.userData.aspect = w / 64;
  sprite.userData.heightInPlates = canvas.height / 64;
  sprite.center.set(0.5, 0);
  sprite.renderOrder = 12;
  sprite.name = 'chat-bubble';
  return sprite;
}

export function disposeBubble(sprite: Sprite | null) {
  if (!sprite) return;
  sprite.material.map?.dispose();
  sprite.material.dispose();
}
