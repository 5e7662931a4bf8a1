// Generates the isometric SVG illustrations in src/assets/art/ (run: node apps/web/scripts/gen-art.ts).
// Each scene is a small description; the output is plain SVG so pages load it as an image, not as JS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../src/assets/art');
const WIDTH = 800;
const HEIGHT = 600;
const C = Math.cos(Math.PI / 6);
const S = 0.5;

interface Room {
  w: number;
  d: number;
  h: number;
  s: number;
  ox: number;
  oy: number;
}

const r2 = (n: number) => Math.round(n * 10) / 10;

function makeRoom(w: number, d: number, h: number, s = 38): Room {
  const ox = WIDTH / 2 + ((d - w) * C * s) / 2;
  const oy = HEIGHT / 2 - (((w + d) * S * s - h * s) / 2) + 10;
  return { w, d, h, s, ox, oy };
}

function P(r: Room, x: number, y: number, z: number): [number, number] {
  return [r.ox + (x - y) * C * r.s, r.oy + (x + y) * S * r.s - z * r.s];
}

const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<polygon points="${pts.map(([a, b]) => `${r2(a)},${r2(b)}`).join(' ')}" fill="${fill}"${extra}/>`;

function shade(hex: string, k: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(k >= 0 ? v + (255 - v) * k : v * (1 + k))));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(ch);
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

// Transforms mapping flat local drawings (1 unit = 1 m, y pointing down) onto room planes.
const onBackWall = (r: Room, x: number, zTop: number) => {
  const [e, f] = P(r, x, 0, zTop);
  return `matrix(${r2(C * r.s)},${r2(S * r.s)},0,${r.s},${r2(e)},${r2(f)})`;
};
const onLeftWall = (r: Room, yFar: number, zTop: number) => {
  const [e, f] = P(r, 0, yFar, zTop);
  return `matrix(${r2(C * r.s)},${r2(-S * r.s)},0,${r.s},${r2(e)},${r2(f)})`;
};
const onFloor = (r: Room, x: number, y: number) => {
  const [e, f] = P(r, x, y, 0);
  return `matrix(${r2(C * r.s)},${r2(S * r.s)},${r2(-C * r.s)},${r2(S * r.s)},${r2(e)},${r2(f)})`;
};

function box(r: Room, x: number, y: number, z: number, w: number, d: number, h: number, color: string): string {
  const top = poly([P(r, x, y, z + h), P(r, x + w, y, z + h), P(r, x + w, y + d, z + h), P(r, x, y + d, z + h)], shade(color, 0.25));
  const left = poly([P(r, x, y + d, z), P(r, x + w, y + d, z), P(r, x + w, y + d, z + h), P(r, x, y + d, z + h)], color);
  const right = poly([P(r, x + w, y, z), P(r, x + w, y + d, z), P(r, x + w, y + d, z + h), P(r, x + w, y, z + h)], shade(color, -0.18));
  return left + right + top;
}

function person(r: Room, x: number, y: number, shirt: string, skin = '#f1c7a5', hair = '#3b2a20', z = 0): string {
  const [px, py] = P(r, x, y, z);
  const s = r.s;
  return [
    `<ellipse cx="${r2(px)}" cy="${r2(py)}" rx="${r2(0.38 * s)}" ry="${r2(0.19 * s)}" fill="#000" opacity=".12"/>`,
    `<rect x="${r2(px - 0.2 * s)}" y="${r2(py - 0.95 * s)}" width="${r2(0.17 * s)}" height="${r2(0.95 * s)}" rx="${r2(0.07 * s)}" fill="#2d3a4f"/>`,
    `<rect x="${r2(px + 0.03 * s)}" y="${r2(py - 0.95 * s)}" width="${r2(0.17 * s)}" height="${r2(0.95 * s)}" rx="${r2(0.07 * s)}" fill="#26324a"/>`,
    `<rect x="${r2(px - 0.28 * s)}" y="${r2(py - 1.62 * s)}" width="${r2(0.56 * s)}" height="${r2(0.78 * s)}" rx="${r2(0.2 * s)}" fill="${shirt}"/>`,
    `<circle cx="${r2(px)}" cy="${r2(py - 1.86 * s)}" r="${r2(0.2 * s)}" fill="${skin}"/>`,
    `<path d="M${r2(px - 0.21 * s)} ${r2(py - 1.86 * s)}a${r2(0.21 * s)} ${r2(0.21 * s)} 0 0 1 ${r2(0.42 * s)} 0q${r2(-0.2 * s)} ${r2(-0.1 * s)} ${r2(-0.42 * s)} 0z" fill="${hair}"/>`,
  ].join('');
}

function plant(r: Room, x: number, y: number, pot = '#c9825b'): string {
  const [px, py] = P(r, x + 0.25, y + 0.25, 0.55);
  const s = r.s;
  const leaves = [
    [0, -0.55, 0.38],
    [-0.28, -0.3, 0.3],
    [0.3, -0.32, 0.3],
    [0, -0.95, 0.28],
  ]
    .map(([dx, dy, rr], i) => `<circle cx="${r2(px + dx! * s)}" cy="${r2(py + dy! * s)}" r="${r2(rr! * s)}" fill="${i % 2 ? '#3f9b6b' : '#52b37f'}"/>`)
    .join('');
  return box(r, x, y, 0, 0.5, 0.5, 0.55, pot) + leaves;
}

type Art = 'sun' | 'blocks' | 'waves' | 'portrait' | 'circles';
const ART_PALETTES = [
  ['#ffd8a8', '#ff922b', '#1c7ed6', '#0b7285'],
  ['#d0ebff', '#3dabff', '#f76707', '#212529'],
  ['#fff3bf', '#fab005', '#e64980', '#5f3dc4'],
  ['#e6fcf5', '#20c997', '#364fc7', '#f03e3e'],
];

function artwork(kind: Art, w: number, h: number, pal: string[]): string {
  const [bg, a, b, c] = pal as [string, string, string, string];
  switch (kind) {
    case 'sun':
      return `<rect width="${w}" height="${h}" fill="${bg}"/><circle cx="${w * 0.68}" cy="${h * 0.35}" r="${h * 0.18}" fill="${a}"/><polygon points="0,${h} ${w * 0.35},${h * 0.45} ${w * 0.6},${h * 0.8} ${w * 0.8},${h * 0.55} ${w},${h}" fill="${b}"/>`;
    case 'blocks':
      return `<rect width="${w}" height="${h}" fill="#f8f9fa"/><rect x="0" y="0" width="${w * 0.55}" height="${h * 0.6}" fill="${b}"/><rect x="${w * 0.6}" y="0" width="${w * 0.4}" height="${h * 0.3}" fill="${a}"/><rect x="${w * 0.6}" y="${h * 0.65}" width="${w * 0.4}" height="${h * 0.35}" fill="${c}"/><rect x="0" y="${h * 0.66}" width="${w * 0.55}" height="${h * 0.34}" fill="${bg}"/>`;
    case 'waves':
      return `<rect width="${w}" height="${h}" fill="${bg}"/>${[0.35, 0.55, 0.75]
        .map(
          (t, i) =>
            `<path d="M0 ${h * t}q${w * 0.25} ${-h * 0.15} ${w * 0.5} 0t${w * 0.5} 0v${h * (1 - t)}h${-w}z" fill="${[a, b, c][i]}" opacity=".9"/>`,
        )
        .join('')}`;
    case 'portrait':
      return `<rect width="${w}" height="${h}" fill="${c}"/><ellipse cx="${w / 2}" cy="${h * 0.4}" rx="${w * 0.2}" ry="${h * 0.17}" fill="${bg}"/><path d="M${w * 0.15} ${h}q${w * 0.35} ${-h * 0.55} ${w * 0.7} 0z" fill="${a}"/>`;
    case 'circles':
      return `<rect width="${w}" height="${h}" fill="${bg}"/><circle cx="${w * 0.35}" cy="${h * 0.45}" r="${Math.min(w, h) * 0.28}" fill="${b}" opacity=".85"/><circle cx="${w * 0.62}" cy="${h * 0.58}" r="${Math.min(w, h) * 0.22}" fill="${a}" opacity=".85"/>`;
  }
}

function frame(transform: string, x: number, y: number, w: number, h: number, kind: Art, pal: number, border = '#2b2b2b'): string {
  return `<g transform="${transform}"><rect x="${x - 0.08}" y="${y + 0.06}" width="${w + 0.16}" height="${h + 0.16}" fill="#000" opacity=".12"/><rect x="${x - 0.08}" y="${y - 0.08}" width="${w + 0.16}" height="${h + 0.16}" fill="${border}"/><g transform="translate(${x},${y})">${artwork(kind, w, h, ART_PALETTES[pal % ART_PALETTES.length]!)}</g></g>`;
}

interface Palette {
  bg: [string, string];
  wallLeft: string;
  wallRight: string;
  floor: string;
  floorLine: string;
}

function shell(r: Room, p: Palette, opts: { leftWall?: string; backWall?: string; floor?: string } = {}): string {
  const t = 0.25;
  const { w, d, h } = r;
  const floorPts: [number, number][] = [P(r, 0, 0, 0), P(r, w, 0, 0), P(r, w, d, 0), P(r, 0, d, 0)];
  const slab = poly([P(r, 0, d, 0), P(r, w, d, 0), P(r, w, d, -0.35), P(r, 0, d, -0.35)], shade(p.floor, -0.25)) +
    poly([P(r, w, 0, 0), P(r, w, d, 0), P(r, w, d, -0.35), P(r, w, 0, -0.35)], shade(p.floor, -0.4));
  let lines = '';
  for (let i = 1; i < w; i++) lines += `<line x1="${r2(P(r, i, 0, 0)[0])}" y1="${r2(P(r, i, 0, 0)[1])}" x2="${r2(P(r, i, d, 0)[0])}" y2="${r2(P(r, i, d, 0)[1])}" stroke="${p.floorLine}" stroke-width="1"/>`;
  const backWall = poly([P(r, 0, 0, 0), P(r, w, 0, 0), P(r, w, 0, h), P(r, 0, 0, h)], p.wallRight);
  const leftWall = poly([P(r, 0, 0, 0), P(r, 0, d, 0), P(r, 0, d, h), P(r, 0, 0, h)], p.wallLeft);
  const tops =
    poly([P(r, -t, -t, h), P(r, w, -t, h), P(r, w, 0, h), P(r, 0, 0, h), P(r, 0, d, h), P(r, -t, d, h)], shade(p.wallLeft, 0.35)) +
    poly([P(r, w, -t, h), P(r, w, 0, h), P(r, w, 0, 0), P(r, w, -t, 0)], shade(p.wallRight, -0.2)) +
    poly([P(r, -t, d, h), P(r, 0, d, h), P(r, 0, d, 0), P(r, -t, d, 0)], shade(p.wallLeft, -0.15));
  return (
    slab +
    poly(floorPts, p.floor) +
    (opts.floor ?? '') +
    lines +
    backWall +
    (opts.backWall ?? '') +
    leftWall +
    (opts.leftWall ?? '') +
    tops
  );
}

function svg(title: string, p: Palette, body: string, extraDefs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img"><title>${title}</title><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>${extraDefs}</defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><circle cx="120" cy="110" r="70" fill="#fff" opacity=".35"/><circle cx="700" cy="500" r="110" fill="#fff" opacity=".25"/>${body}</svg>`;
}

const light: Palette = { bg: ['#e8f5ff', '#cfe8ff'], wallLeft: '#ffffff', wallRight: '#eef2f6', floor: '#e9d8c0', floorLine: '#dcc7aa' };

const scenes: Record<string, () => string> = {
  gallery() {
    const r = makeRoom(10, 8, 4.6);
    const back = [frame(onBackWall(r, 1, 3.4), 0, 0, 2.2, 1.6, 'sun', 0), frame(onBackWall(r, 4.2, 3.6), 0, 0, 1.4, 2, 'portrait', 1), frame(onBackWall(r, 6.6, 3.3), 0, 0, 2.4, 1.5, 'blocks', 2)].join('');
    const left = [frame(onLeftWall(r, 7, 3.4), 0, 0, 2.2, 1.6, 'waves', 3), frame(onLeftWall(r, 3.6, 3.5), 0, 0, 1.8, 1.8, 'circles', 0)].join('');
    const sculpture = (() => {
      const [cx, cy] = P(r, 5.6, 4.4, 1.5);
      return `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(0.55 * r.s)}" fill="url(#orb)"/>`;
    })();
    return svg('A gallery space with framed artworks, a sculpture and visitors', light,
      shell(r, light, { backWall: back, leftWall: left, floor: `<g transform="${onFloor(r, 2.5, 2.5)}"><rect width="5" height="3.5" rx=".3" fill="#3dabff" opacity=".18"/></g>` }) +
        box(r, 5.2, 4, 0, 0.8, 0.8, 1, '#f1f3f5') + sculpture + plant(r, 9, 0.6) + box(r, 2.4, 5.6, 0, 2.4, 0.7, 0.45, '#8c6b4f') +
        person(r, 3.3, 2.2, '#3dabff') + person(r, 7.6, 5.6, '#ff8a5b', '#8d5a3b', '#1d1d1d') + person(r, 1.8, 4.4, '#7c5cff', '#f5d0b5', '#9a6a3a'),
      `<radialGradient id="orb" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#9fd4ff"/><stop offset="1" stop-color="#1f6fd1"/></radialGradient>`,
    );
  },
  museum() {
    const p: Palette = { bg: ['#fff4e6', '#ffe3c4'], wallLeft: '#1f4e5f', wallRight: '#183f4d', floor: '#d9c2a3', floorLine: '#c9ae8a' };
    const r = makeRoom(10, 8, 5);
    const gold = '#c9a227';
    const back = [frame(onBackWall(r, 1.2, 3.8), 0, 0, 2, 2.5, 'portrait', 0, gold), frame(onBackWall(r, 4.3, 3.6), 0, 0, 2.6, 1.8, 'sun', 2, gold), frame(onBackWall(r, 7.6, 3.8), 0, 0, 1.6, 2.2, 'portrait', 3, gold)].join('');
    const left = frame(onLeftWall(r, 6.5, 3.8), 0, 0, 3.4, 2.2, 'waves', 1, gold);
    const posts = [2, 4.5, 7].map((x) => box(r, x, 1.6, 0, 0.15, 0.15, 0.9, '#b08d2a')).join('');
    const [a1, b1] = P(r, 2.07, 1.67, 0.8);
    const [a2, b2] = P(r, 4.57, 1.67, 0.8);
    const [a3, b3] = P(r, 7.07, 1.67, 0.8);
    const rope = `<path d="M${r2(a1)} ${r2(b1)}Q${r2((a1 + a2) / 2)} ${r2((b1 + b2) / 2 + 12)} ${r2(a2)} ${r2(b2)}Q${r2((a2 + a3) / 2)} ${r2((b2 + b3) / 2 + 12)} ${r2(a3)} ${r2(b3)}" stroke="#a61e4d" stroke-width="4" fill="none"/>`;
    return svg('A museum room with gilded frames and a rope barrier', p,
      shell(r, p, { backWall: back, leftWall: left }) + posts + rope + box(r, 4, 4.6, 0, 2.2, 0.7, 0.45, '#6b4f3a') +
        person(r, 3, 3.4, '#e8590c') + person(r, 6, 3.2, '#ffffff', '#8d5a3b', '#111') + person(r, 8.3, 6, '#3dabff', '#f1c7a5', '#c77d3a'),
    );
  },
  classroom() {
    const p: Palette = { bg: ['#ebfbee', '#d3f9d8'], wallLeft: '#fff9db', wallRight: '#fff3bf', floor: '#dee2e6', floorLine: '#ced4da' };
    const r = makeRoom(10, 8, 4.4);
    const board = `<g transform="${onBackWall(r, 2, 3.5)}"><rect x="-.1" y="-.1" width="5.2" height="2.4" fill="#8c6b4f"/><rect width="5" height="2.2" fill="#2b8a3e"/><path d="M.4 .5h1.8M.4 .9h2.6M.4 1.3h1.2" stroke="#fff" stroke-width=".08" stroke-linecap="round"/><circle cx="3.8" cy="1.1" r=".6" fill="none" stroke="#fff" stroke-width=".08"/><path d="M3.2 1.1h1.2M3.8 .5v1.2" stroke="#ffd43b" stroke-width=".06"/></g>`;
    const windows = `<g transform="${onLeftWall(r, 7, 3.4)}">${[0, 2.4].map((x) => `<rect x="${x}" width="1.8" height="2" fill="#a5d8ff"/><path d="M${x + 0.9} 0v2M${x} 1h1.8" stroke="#fff" stroke-width=".08"/>`).join('')}</g>`;
    let desks = '';
    for (const [x, y] of [[2.2, 3.4], [5, 3.4], [2.2, 5.6], [5, 5.6]] as const) {
      desks += box(r, x, y, 0.7, 1.8, 0.8, 0.1, '#f08c00') + box(r, x + 0.1, y + 0.1, 0, 0.1, 0.1, 0.7, '#495057') + box(r, x + 1.6, y + 0.6, 0, 0.1, 0.1, 0.7, '#495057');
    }
    return svg('A bright classroom with a chalkboard, desks and students', p,
      shell(r, p, { backWall: board, leftWall: windows }) + person(r, 8, 1.6, '#5c7cfa', '#8d5a3b', '#111') + desks +
        person(r, 3, 4.6, '#f06595') + person(r, 5.8, 4.6, '#20c997', '#f5d0b5', '#e8590c') + person(r, 3.1, 6.8, '#fab005', '#8d5a3b', '#222') + plant(r, 9, 6.8),
    );
  },
  showroom() {
    const p: Palette = { bg: ['#fff0f6', '#ffdeeb'], wallLeft: '#f8f9fa', wallRight: '#e9ecef', floor: '#343a40', floorLine: '#495057' };
    const r = makeRoom(10, 8, 4.6);
    const shelfs = [1.2, 2.3].map((z) => box(r, 1, 0, z, 7.5, 0.5, 0.08, '#adb5bd')).join('');
    const goods = ['#f03e3e', '#3dabff', '#fab005', '#12b886', '#7950f2', '#fd7e14'].map((c, i) => box(r, 1.3 + i * 1.2, 0.1, 1.28, 0.6, 0.3, 0.5, c) + box(r, 1.5 + i * 1.2, 0.1, 2.38, 0.4, 0.3, 0.7, shade(c, 0.2))).join('');
    const sign = `<g transform="${onLeftWall(r, 6.5, 3.6)}"><rect width="4" height="1.2" rx=".2" fill="#3dabff"/><path d="M.4 .6h3.2" stroke="#fff" stroke-width=".2" stroke-linecap="round"/></g>`;
    const [sx, sy] = P(r, 5.5, 4.9, 1.35);
    return svg('A retail showroom with shelves of products and shoppers', p,
      shell(r, p, { leftWall: sign }) + shelfs + goods + box(r, 4.8, 4.2, 0, 1.4, 1.4, 0.9, '#ffffff') +
        `<ellipse cx="${r2(sx)}" cy="${r2(sy)}" rx="${r2(0.45 * r.s)}" ry="${r2(0.3 * r.s)}" fill="#e64980"/>` +
        person(r, 3, 2.6, '#ffd43b', '#f1c7a5', '#3b2a20') + person(r, 7.8, 5, '#15aabf', '#8d5a3b', '#111') + plant(r, 0.4, 6.8, '#868e96'),
    );
  },
  events() {
    const p: Palette = { bg: ['#f3f0ff', '#e5dbff'], wallLeft: '#2b2d42', wallRight: '#24263a', floor: '#4a4e69', floorLine: '#5c607d' };
    const r = makeRoom(10, 8, 5);
    const screen = `<g transform="${onBackWall(r, 1.5, 4.2)}"><rect width="7" height="3" rx=".15" fill="url(#scr)"/><circle cx="3.5" cy="1.5" r=".6" fill="#fff" opacity=".9"/><path d="M3.3 1.2v.6l.5-.3z" fill="#7048e8"/></g>`;
    const lights = `<g transform="${onLeftWall(r, 7.5, 4.6)}">${[0, 1.5, 3, 4.5, 6].map((x) => `<circle cx="${x + 0.4}" cy=".3" r=".25" fill="#ffd43b"/>`).join('')}</g>`;
    let crowd = '';
    const shirts = ['#f06595', '#3dabff', '#20c997', '#fab005', '#ff8787', '#748ffc'];
    let i = 0;
    for (const y of [3.2, 4.6, 6]) for (const x of [2.2, 4, 5.8, 7.6]) crowd += person(r, x + (y % 2) * 0.3, y, shirts[i++ % shirts.length]!, i % 3 ? '#f1c7a5' : '#8d5a3b', i % 2 ? '#222' : '#8a5a2b');
    return svg('An event hall with a stage screen and an audience', p,
      shell(r, p, { backWall: screen, leftWall: lights }) + box(r, 1.5, 0.2, 0, 7, 1.6, 0.4, '#6c63ff') + crowd,
      `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7048e8"/><stop offset="1" stop-color="#3dabff"/></linearGradient>`,
    );
  },
  studio() {
    const p: Palette = { bg: ['#fff9db', '#ffec99'], wallLeft: '#ffffff', wallRight: '#f1f3f5', floor: '#c2a27c', floorLine: '#b08f68' };
    const r = makeRoom(10, 8, 4.6);
    const back = frame(onBackWall(r, 1, 3.8), 0, 0, 3, 2.6, 'blocks', 0, '#f8f9fa') + frame(onBackWall(r, 5.2, 3.4), 0, 0, 2, 1.5, 'circles', 2, '#f8f9fa');
    const left = frame(onLeftWall(r, 6.8, 3.6), 0, 0, 2.4, 2.8, 'waves', 3, '#f8f9fa');
    const [ex, ey] = P(r, 6, 4.5, 0);
    const s = r.s;
    const easel = `<path d="M${r2(ex - 0.6 * s)} ${r2(ey)}L${r2(ex)} ${r2(ey - 2.6 * s)}L${r2(ex + 0.6 * s)} ${r2(ey)}M${r2(ex)} ${r2(ey - 2.6 * s)}L${r2(ex + 0.1 * s)} ${r2(ey + 0.2 * s)}" stroke="#8c6b4f" stroke-width="6" fill="none" stroke-linecap="round"/><g transform="translate(${r2(ex - 0.8 * s)},${r2(ey - 2.4 * s)}) scale(${s})"><rect x="-.05" y="-.05" width="1.7" height="1.3" fill="#fff"/>${artwork('sun', 1.6, 1.2, ART_PALETTES[1]!)}</g>`;
    const pots = ['#f03e3e', '#1c7ed6', '#fab005'].map((c, i) => box(r, 3 + i * 0.5, 6, 0, 0.35, 0.35, 0.4, c)).join('');
    return svg("An artist's studio with canvases, an easel and paint", p,
      shell(r, p, { backWall: back, leftWall: left, floor: `<g transform="${onFloor(r, 2, 4)}"><circle cx="1" cy="1" r=".4" fill="#e64980" opacity=".5"/><circle cx="2.4" cy="1.6" r=".25" fill="#1c7ed6" opacity=".5"/></g>` }) +
        person(r, 4.6, 3.6, '#212529', '#f1c7a5', '#c92a2a') + easel + pots + plant(r, 9, 0.5),
    );
  },
  loft() {
    const p: Palette = { bg: ['#fff4e6', '#ffd8a8'], wallLeft: '#b5563a', wallRight: '#a34d33', floor: '#8d6e52', floorLine: '#7a5e45' };
    const r = makeRoom(10, 8, 5);
    let bricks = '';
    for (let row = 0; row < 12; row++) for (let col = 0; col < 11; col++) bricks += `<rect x="${col - (row % 2) * 0.5}" y="${row * 0.4}" width=".95" height=".35" fill="#c4654a" opacity="${0.4 + ((row * 7 + col * 3) % 5) / 10}"/>`;
    const wins = [0.8, 4.2, 7.6]
      .map((x) => `<g transform="${onBackWall(r, x, 4.2)}"><rect width="2" height="3" fill="#212529"/><rect x=".1" y=".1" width="1.8" height="2.8" fill="#a5d8ff"/><path d="M1 .1v2.8M.1 1h1.8M.1 2h1.8" stroke="#212529" stroke-width=".08"/></g>`)
      .join('');
    const left = `<g transform="${onLeftWall(r, 8, 5)}"><clipPath id="lw"><rect width="8" height="5"/></clipPath><g clip-path="url(#lw)">${bricks}</g></g>` + frame(onLeftWall(r, 6, 3.6), 0, 0, 3, 1.8, 'sun', 2, '#212529');
    const sofa = box(r, 2.6, 4.8, 0, 3, 1.1, 0.45, '#495057') + box(r, 2.6, 5.6, 0.45, 3, 0.3, 0.5, '#343a40');
    return svg('An industrial loft with brick walls, tall windows and a sofa', p,
      shell(r, p, { backWall: wins, leftWall: left, floor: `<g transform="${onFloor(r, 2.2, 3)}"><rect width="4" height="3.2" rx=".2" fill="#e9ecef" opacity=".6"/></g>` }) +
        box(r, 3.4, 3.2, 0, 1.4, 0.9, 0.4, '#f08c00') + sofa + plant(r, 8.8, 1) + plant(r, 0.5, 1.2) + person(r, 7, 4.2, '#3dabff', '#8d5a3b', '#111'),
    );
  },
  pavilion() {
    const p: Palette = { bg: ['#e3fafc', '#c5f6fa'], wallLeft: '#ffffff', wallRight: '#ffffff', floor: '#f1f3f5', floorLine: '#e9ecef' };
    const r = makeRoom(10, 8, 4.2);
    const { w, d } = r;
    const slab = poly([P(r, 0, d, 0), P(r, w, d, 0), P(r, w, d, -0.4), P(r, 0, d, -0.4)], '#ced4da') + poly([P(r, w, 0, 0), P(r, w, d, 0), P(r, w, d, -0.4), P(r, w, 0, -0.4)], '#adb5bd');
    const floor = poly([P(r, 0, 0, 0), P(r, w, 0, 0), P(r, w, d, 0), P(r, 0, d, 0)], p.floor);
    const pool = `<g transform="${onFloor(r, 5.5, 4.5)}"><rect width="3.5" height="2.8" fill="#74c0fc"/><path d="M.4 1h1.2M1.8 1.8h1.2" stroke="#fff" stroke-width=".08"/></g>`;
    const cols = [[0.2, 0.2], [9.4, 0.2], [0.2, 7.4], [9.4, 7.4]] as const;
    const far = cols.slice(0, 1).map(([x, y]) => box(r, x, y, 0, 0.4, 0.4, 4, '#f8f9fa')).join('');
    const glass = poly([P(r, 0.4, 0.2, 0), P(r, 9.4, 0.2, 0), P(r, 9.4, 0.2, 4), P(r, 0.4, 0.2, 4)], '#a5d8ff', ' opacity=".35"');
    const near = cols.slice(1).map(([x, y]) => box(r, x, y, 0, 0.4, 0.4, 4, '#f8f9fa')).join('');
    // An open pergola rather than a solid roof, so the view from above still shows the people inside.
    const roof = box(r, -0.2, 0, 4, 10.4, 0.4, 0.3, '#e9ecef') + box(r, -0.2, 7.6, 4, 10.4, 0.4, 0.3, '#e9ecef') +
      [1.5, 3.5, 5.5, 7.5].map((x) => box(r, x, 0, 4.3, 0.25, 8, 0.15, '#dee2e6')).join('');
    return svg('An open garden pavilion with columns, a pool and plants', p,
      `<circle cx="660" cy="90" r="46" fill="#ffd43b"/>` + slab + floor + pool + far + glass + plant(r, 1.5, 1) + plant(r, 3, 6) + plant(r, 8.5, 2) +
        person(r, 4, 3.5, '#e64980') + person(r, 5, 4, '#3dabff', '#8d5a3b', '#111') + near + roof,
    );
  },
  meeting() {
    const p: Palette = { bg: ['#e7f5ff', '#d0ebff'], wallLeft: '#f8f9fa', wallRight: '#e9ecef', floor: '#adb5bd', floorLine: '#9aa3ab' };
    const r = makeRoom(10, 8, 4.4);
    const screen = `<g transform="${onBackWall(r, 2.5, 3.4)}"><rect width="5" height="2.6" rx=".1" fill="#212529"/><rect x=".15" y=".15" width="4.7" height="2.3" fill="#e7f5ff"/><path d="M.6 2h.5v-.6h-.5zM1.4 2h.5v-1.1h-.5zM2.2 2h.5v-.8h-.5zM3 2h.5v-1.5h-.5z" fill="#3dabff"/><path d="M3.9 .6h.6M3.9 1h.6" stroke="#868e96" stroke-width=".1"/></g>`;
    const left = frame(onLeftWall(r, 6, 3.4), 0, 0, 2.6, 1.6, 'waves', 0, '#dee2e6');
    let people = '';
    const shirts = ['#364fc7', '#f76707', '#0ca678', '#d6336c', '#495057'];
    [[3, 2.6], [5, 2.6], [7, 2.6]].forEach(([x, y], i) => (people += person(r, x!, y!, shirts[i]!, i % 2 ? '#8d5a3b' : '#f1c7a5')));
    let front = '';
    [[4, 6.2], [6, 6.2]].forEach(([x, y], i) => (front += person(r, x!, y!, shirts[i + 3]!, '#f1c7a5', '#6b4226')));
    return svg('A training room with a presentation screen and a meeting table', p,
      shell(r, p, { backWall: screen, leftWall: left }) + people + box(r, 2.5, 3.6, 0.75, 5.5, 1.8, 0.12, '#f8f9fa') + box(r, 3, 4.2, 0, 0.2, 0.2, 0.75, '#495057') + box(r, 7.5, 4.8, 0, 0.2, 0.2, 0.75, '#495057') + front + plant(r, 9, 6.6),
    );
  },
  library() {
    const p: Palette = { bg: ['#f8f0fc', '#eebefa'], wallLeft: '#ffffff', wallRight: '#f1f3f5', floor: '#d8b48a', floorLine: '#c9a277' };
    const r = makeRoom(10, 8, 4.6);
    const colors = ['#c92a2a', '#1864ab', '#2b8a3e', '#e67700', '#5f3dc4', '#0b7285'];
    let shelves = '';
    for (const z of [0.2, 1.2, 2.2, 3.2]) {
      shelves += box(r, 0.5, 0, z, 9, 0.6, 0.06, '#8c6b4f');
      for (let k = 0; k < 14; k++) shelves += box(r, 0.7 + k * 0.62, 0.05, z + 0.06, 0.22, 0.45, 0.6 + (k % 3) * 0.1, colors[(k + Math.round(z * 3)) % colors.length]!);
    }
    const left = `<g transform="${onLeftWall(r, 7, 3.6)}"><rect width="3" height="2.2" fill="#a5d8ff"/><path d="M1.5 0v2.2M0 1.1h3" stroke="#fff" stroke-width=".1"/></g>`;
    return svg('A study library with bookshelves, a reading table and learners', p,
      shell(r, p, { leftWall: left }) + shelves + box(r, 3, 4, 0.75, 3.5, 1.6, 0.1, '#8c6b4f') + box(r, 3.2, 5.3, 0, 0.15, 0.15, 0.75, '#5c4033') + box(r, 6.2, 5.3, 0, 0.15, 0.15, 0.75, '#5c4033') +
        person(r, 2.4, 3, '#7950f2') + person(r, 7.4, 6, '#12b886', '#8d5a3b', '#111') + plant(r, 9, 6.8),
    );
  },
  launch() {
    const p: Palette = { bg: ['#fff5f5', '#ffc9c9'], wallLeft: '#111827', wallRight: '#0b1220', floor: '#1f2937', floorLine: '#374151' };
    const r = makeRoom(10, 8, 5);
    const banner = `<g transform="${onBackWall(r, 2, 4.4)}"><rect width="6" height="2" rx=".2" fill="url(#brand)"/><path d="M.6 1h2.4" stroke="#fff" stroke-width=".3" stroke-linecap="round"/><circle cx="4.8" cy="1" r=".5" fill="#fff"/></g>`;
    const left = `<g transform="${onLeftWall(r, 7.5, 4.4)}">${[0, 2.4, 4.8].map((x) => `<rect x="${x}" width="1.6" height="3.2" rx=".1" fill="#f03e3e" opacity=".85"/>`).join('')}</g>`;
    const [cx, cy] = P(r, 5, 4, 1.2);
    const spot = `<g transform="${onFloor(r, 3.6, 2.6)}"><circle cx="1.4" cy="1.4" r="1.6" fill="#ffe066" opacity=".25"/></g>`;
    return svg('A brand launch stage with a spotlit product and guests', p,
      shell(r, p, { backWall: banner, leftWall: left, floor: spot }) + box(r, 4.3, 3.3, 0, 1.4, 1.4, 0.9, '#f8f9fa') +
        `<path d="M${r2(cx - 22)} ${r2(cy)}l22 -36 22 36z" fill="#f03e3e"/><path d="M${r2(cx)} ${r2(cy - 36)}l22 36 -22 10z" fill="#c92a2a"/>` +
        person(r, 2.6, 5, '#ffd43b') + person(r, 7.5, 3, '#3dabff', '#8d5a3b', '#111') + person(r, 7, 6.4, '#ffffff', '#f1c7a5', '#c77d3a'),
      `<linearGradient id="brand" x1="0" x2="1"><stop offset="0" stop-color="#f03e3e"/><stop offset="1" stop-color="#ff922b"/></linearGradient>`,
    );
  },
  'empty-room'() {
    const p: Palette = { bg: ['#f1f3f5', '#e9ecef'], wallLeft: '#ffffff', wallRight: '#f1f3f5', floor: '#dee2e6', floorLine: '#ced4da' };
    const r = makeRoom(8, 7, 4.2);
    const door = `<g transform="${onBackWall(r, 4.5, 2.6)}"><rect x="-.1" y="-.1" width="1.6" height="2.7" fill="#adb5bd"/><rect width="1.4" height="2.6" fill="#3dabff" opacity=".25"/><polygon points="0,0 .9,.35 .9,2.85 0,2.6" fill="#868e96"/></g>`;
    const light = `<g transform="${onFloor(r, 4.5, 0)}"><polygon points="0,0 1.4,0 2.2,2.6 .3,2.2" fill="#3dabff" opacity=".15"/></g>`;
    return svg('An empty room with an open door', p, shell(r, p, { backWall: door, floor: light }) + `<text x="${r2(P(r, 2, 3, 2)[0])}" y="${r2(P(r, 2, 3, 2)[1])}" font-family="Urbanist, sans-serif" font-size="64" font-weight="800" fill="#3dabff" opacity=".35">?</text>`);
  },
};

mkdirSync(OUT, { recursive: true });
for (const [name, build] of Object.entries(scenes)) {
  writeFileSync(join(OUT, `${name}.svg`), build());
}
console.log(`wrote ${Object.keys(scenes).length} illustrations to ${OUT}`);
