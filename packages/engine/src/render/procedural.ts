import { CanvasTexture, RepeatWrapping, SRGBColorSpace } from 'three';

// Built-in surface textures are drawn on a canvas at startup: no asset download before the first
// frame, and a built room never looks like flat untextured plastic.

function canvas(size: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement('canvas');
  c.width = c.height = size;
  return [c, c.getContext('2d')!];
}

function toTexture(c: HTMLCanvasElement, metresPerTile: number): CanvasTexture {
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  t.wrapS = t.wrapT = RepeatWrapping;
  t.repeat.set(1 / metresPerTile, 1 / metresPerTile);
  return t;
}

// Deterministic noise so every visitor sees the same planks.
function rng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
}

export function woodFloorTexture(): CanvasTexture {
  const [c, g] = canvas(512);
  const rand = rng(7);
  const rows = 8;
  const h = 512 / rows;
  for (let r = 0; r < rows; r++) {
    let x = -rand() * 256;
    while (x < 512) {
      const w = 160 + rand() * 200;
      const l = 52 + rand() * 14;
      g.fillStyle = `hsl(${28 + rand() * 6}, ${42 + rand() * 10}%, ${l}%)`;
      g.fillRect(x, r * h, w, h);
      g.strokeStyle = 'rgba(60,35,15,0.12)';
      for (let k = 0; k < 6; k++) {
        g.beginPath();
        const yy = r * h + rand() * h;
        g.moveTo(x, yy);
        g.bezierCurveTo(x + w / 3, yy + rand() * 6 - 3, x + (2 * w) / 3, yy + rand() * 6 - 3, x + w, yy);
        g.stroke();
      }
      g.fillStyle = 'rgba(40,22,10,0.55)';
      g.fillRect(x, r * h, 2, h);
      x += w;
    }
    g.fillStyle = 'rgba(40,22,10,0.5)';
    g.fillRect(0, r * h, 512, 2);
  }
  return toTexture(c, 3);
}

export function plasterTexture(): CanvasTexture {
  const [c, g] = canvas(256);
  const rand = rng(3);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 256, 256);
  for (let i = 0; i < 2500; i++) {
    const v = 236 + Math.floor(rand() * 20);
    g.fillStyle = `rgb(${v},${v},${v})`;
    g.fillRect(rand() * 256, rand() * 256, 2, 2);
  }
  return toTexture(c, 2);
}

export function concreteTexture(): CanvasTexture {
  const [c, g] = canvas(256);
  const rand = rng(11);
  g.fillStyle = '#b9b9b5';
  g.fillRect(0, 0, 256, 256);
  for (let i = 0; i < 4000; i++) {
    const v = 160 + Math.floor(rand() * 60);
    g.fillStyle = `rgba(${v},${v},${v - 4},0.5)`;
    g.fillRect(rand() * 256, rand() * 256, 1 + rand() * 2, 1 + rand() * 2);
  }
  return toTexture(c, 1.5);
}

export function grassTexture(): CanvasTexture {
  const [c, g] = canvas(256);
  const rand = rng(5);
  g.fillStyle = '#6d8f4e';
  g.fillRect(0, 0, 256, 256);
  for (let i = 0; i < 5000; i++) {
    g.fillStyle = `hsla(${85 + rand() * 20}, 35%, ${30 + rand() * 20}%, 0.6)`;
    g.fillRect(rand() * 256, rand() * 256, 1, 2 + rand() * 3);
  }
  return toTexture(c, 4);
}
