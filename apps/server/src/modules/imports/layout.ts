import { getTemplate } from '@atrium/assets';
import { sceneDocumentV1, type SceneDocument } from '@atrium/shared';

/** A spot on a wall's inner face for one picture: centre, yaw facing into the room, and the box it fits in. */
export interface WallSlot {
  position: [number, number, number];
  yaw: number;
  maxWidth: number;
  maxHeight: number;
}

// The gallery family, smallest room first: an import takes the smallest that hangs every picture.
const ROOMS = ['gallery-s', 'gallery-m', 'gallery-l'] as const;
const SLOT = 1.8; // metres of wall per picture, the picture plus the gap to its neighbour
const BOX_W = 1.4;
const BOX_H = 1.1;
const EYE = 1.5; // picture centre above the floor
const CORNER = 0.8; // kept clear at each end of a wall
const NEAR_WALL = 1.2; // props closer than this to a face block the wall behind them
const round = (n: number) => Math.round(n * 1000) / 1000;

type V2 = [number, number];
interface Span { wall: number; from: number; to: number }

function blocked(intervals: [number, number][], from: number, to: number): Span['from'][] {
  // The free stretches of [from, to] once the blocked intervals are cut out.
  const out: number[] = [];
  let at = from;
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (b <= at) continue;
    if (a > at) out.push(at, Math.min(a, to));
    at = Math.max(at, b);
    if (at >= to) break;
  }
  if (at < to) out.push(at, to);
  return out;
}

/**
 * The wall spots of a template document's ground level: each wall's inner face less its corners,
 * door and window openings at picture height, and stretches behind props or stairs. Pictures are then
 * spread over the free stretches so each gets an equal share of wall and none overlap.
 */
export function wallSlots(doc: SceneDocument, count: number): WallSlot[] {
  const ground = doc.customSpace?.levels[0];
  if (!ground || count === 0) return [];
  const elevation = ground.elevation ?? 0;
  const poly = ground.floors.flatMap((f) => f.polygon as V2[]);
  const centre: V2 = [poly.reduce((s, p) => s + p[0], 0) / poly.length, poly.reduce((s, p) => s + p[1], 0) / poly.length];
  const obstacles: V2[] = [...doc.props, ...doc.infoPoints, ...doc.models3d, ...doc.portals].map((i) => [i.position[0], i.position[2]]);
  for (const s of ground.stairs) obstacles.push([s.position[0], s.position[2]]);
  const spans: Span[] = [];
  const faces = ground.walls.map((w, wi) => {
    const [ax, az] = w.start as V2;
    const len = Math.hypot(w.end[0] - ax, w.end[1] - az);
    const u: V2 = [(w.end[0] - ax) / len, (w.end[1] - az) / len];
    let n: V2 = [-u[1], u[0]];
    if ((centre[0] - ax) * n[0] + (centre[1] - az) * n[1] < 0) n = [-n[0], -n[1]];
    const cut: [number, number][] = [[0, CORNER], [len - CORNER, len]];
    for (const o of w.openings) {
      if (o.sill < EYE + BOX_H / 2 && o.sill + o.height > EYE - BOX_H / 2) cut.push([o.offset - o.width / 2 - 0.2, o.offset + o.width / 2 + 0.2]);
    }
    for (const [px, pz] of obstacles) {
      const along = (px - ax) * u[0] + (pz - az) * u[1];
      const off = (px - ax) * n[0] + (pz - az) * n[1] - w.thickness / 2;
      if (off > -0.1 && off < NEAR_WALL) cut.push([along - 0.7, along + 0.7]);
    }
    const free = blocked(cut, 0, len);
    for (let i = 0; i < free.length; i += 2) if (free[i + 1]! - free[i]! >= SLOT) spans.push({ wall: wi, from: free[i]!, to: free[i + 1]! });
    return { a: [ax, az] as V2, u, n, inset: w.thickness / 2 + 0.03 };
  });
  // Greedy even spread: each picture goes where it leaves the most wall per picture.
  const counts = spans.map(() => 0);
  for (let k = 0; k < count; k++) {
    let best = -1;
    let bestShare = 0;
    spans.forEach((s, i) => {
      const share = (s.to - s.from) / (counts[i]! + 1);
      if (share >= SLOT && share > bestShare) {
        best = i;
        bestShare = share;
      }
    });
    if (best < 0) break;
    counts[best]!++;
  }
  const slots: WallSlot[] = [];
  spans.forEach((s, i) => {
    const k = counts[i]!;
    const f = faces[s.wall]!;
    for (let j = 0; j < k; j++) {
      const along = s.from + ((j + 0.5) * (s.to - s.from)) / k;
      const x = f.a[0] + f.u[0] * along + f.n[0] * f.inset;
      const z = f.a[1] + f.u[1] * along + f.n[1] * f.inset;
      // three.js planes face +Z at yaw 0; turning by yaw points the face along (sin yaw, cos yaw).
      slots.push({ position: [round(x), round(elevation + EYE), round(z)], yaw: round(Math.atan2(f.n[0], f.n[1])), maxWidth: BOX_W, maxHeight: BOX_H });
    }
  });
  return slots;
}

/** The gallery rooms an import may use, smallest first. */
export const IMPORT_ROOMS: readonly string[] = ROOMS;

/**
 * The template room's document with its own pictures taken down, ready for the imported ones: the
 * smallest of `rooms` (the ones the person may build on) that holds them all, else the largest.
 */
export function emptyRoom(count: number, rooms: readonly string[] = ROOMS): { spaceTemplateId: string; document: SceneDocument; slots: WallSlot[] } {
  let last: { spaceTemplateId: string; document: SceneDocument; slots: WallSlot[] } | undefined;
  for (const id of rooms) {
    const template = getTemplate(id);
    if (!template) continue;
    const document = sceneDocumentV1.parse(structuredClone(template.document));
    document.pictures = [];
    const slots = wallSlots(document, count);
    last = { spaceTemplateId: id, document, slots };
    if (slots.length >= count) return last;
  }
  if (!last) throw new Error('No gallery template to import into');
  return last;
}
