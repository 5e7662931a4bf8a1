import { Vector3 } from 'three';
import { place, type MeshBuilder, type Row, type SweepRing, type Weights } from './builder.ts';
import { SLOT, type Look } from './looks.ts';
import { bone, joints, type Build } from './skeleton.ts';

// The head: a skull narrowing to the jaw, a face placed on its surface (eyes with highlights,
// brows, nose, smile, ears) and the hair, hat or beard as shells that follow the same surface.

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

export class Skull {
  readonly centre: Vector3;
  readonly rx: number;
  readonly ry: number;
  readonly rf: number;
  readonly rb: number;
  constructor(b: Build) {
    const j = joints(b);
    // Stylised: the head is about a fifth of the height, so faces read from across a room.
    const s = b.head * 1.24;
    this.centre = v(0, j.head + 0.118 * s, 0.008 * s);
    this.rx = 0.1 * s;
    this.ry = 0.124 * s;
    this.rf = 0.108 * s;
    this.rb = 0.108 * s;
  }

  /** Half-width and front/back depth of the horizontal section at `t` (−1 chin … 1 crown), before the sin factor. */
  section(t: number) {
    const jaw = t < 0 ? 1 - 0.3 * (-t) ** 1.6 : 1;
    const chin = t < 0 ? 1 - 0.08 * (-t) : 1;
    return { rx: this.rx * jaw, rf: this.rf * chin, rb: this.rb * (t < 0 ? 1 - 0.25 * (-t) ** 2 : 1) };
  }

  /** A point on the skull scaled by `k`: `phi` from the crown (0) to the chin (π), `th` around (π/2 the face). */
  point(phi: number, th: number, k = 1): Vector3 {
    const t = Math.cos(phi);
    const s = Math.sin(phi);
    const c = this.section(t);
    const sn = Math.sin(th);
    return v(Math.cos(th) * c.rx * s * k, t * this.ry * k, sn * (sn >= 0 ? c.rf : c.rb) * s * k).add(this.centre);
  }

  /** The face's surface depth (z) at head-relative x, y. */
  frontZ(x: number, y: number): number {
    const t = Math.max(-0.999, Math.min(0.999, y / this.ry));
    const s = Math.sqrt(1 - t * t);
    const c = this.section(t);
    const u = Math.min(0.999, Math.abs(x) / (c.rx * s));
    return this.centre.z + c.rf * s * Math.sqrt(1 - u * u);
  }
}

export function head(m: MeshBuilder, b: Build, look: Look): Skull {
  const sk = new Skull(b);
  const w: Weights = [[bone('head'), 1]];
  const rows: Row[] = [];
  const n = 16;
  const segs = 24;
  for (let r = 1; r < n; r++) {
    const phi = (r / n) * Math.PI;
    rows.push({ points: Array.from({ length: segs }, (_, i) => sk.point(phi, (i / segs) * Math.PI * 2)), slot: SLOT.skin, w });
  }
  m.grid(rows, { start: sk.point(0, 0), end: sk.point(Math.PI, 0) });
  face(m, sk, look, w);
  hair(m, sk, look, w, b);
  return sk;
}

function face(m: MeshBuilder, sk: Skull, look: Look, w: Weights) {
  const c = sk.centre;
  const s = sk.ry / 0.124;
  const onFace = (x: number, y: number, out: number) => v(x, c.y + y, sk.frontZ(x, y) + out);
  for (const side of [1, -1] as const) {
    const ex = side * 0.038 * s;
    const ey = -0.008 * s;
    const turn = Math.asin(Math.min(0.9, ex / sk.rx)) * 0.9;
    const eye = onFace(ex, ey, -0.003);
    m.ellipsoid(0.0135 * s, 0.019 * s, 0.008, SLOT.eye, w, place(eye.x, eye.y, eye.z, 0, turn, 0), 10, 6);
    if (look.lashes)
      m.sweep(
        [0, 0.5, 1].map((u) => ({ at: onFace(ex + side * (0.009 + 0.009 * u) * s, ey + (0.016 + 0.006 * u * u) * s, 0.001), rx: 0.0026 * s * (1 - 0.4 * u), rf: 0.002, slot: SLOT.eye, w })),
        { capEnd: 1, segments: 5 },
      );
    const glint = onFace(ex + side * 0.005 * s, ey + 0.008 * s, 0.003);
    m.ellipsoid(0.0042 * s, 0.0048 * s, 0.002, SLOT.white, w, place(glint.x, glint.y, glint.z, 0, turn, 0), 6, 4);
    // Brows: a short arc above each eye, a little thicker at the inner end.
    const brow: SweepRing[] = [0, 0.5, 1].map((u) => {
      const x = side * (0.02 + 0.036 * u) * s;
      const y = (0.036 + 0.01 * Math.sin(u * Math.PI) - 0.004 * u) * s;
      return { at: onFace(x, y, 0.001), rx: (0.0062 - 0.0022 * u) * s, rf: 0.0038, slot: SLOT.hair, w };
    });
    m.sweep(side > 0 ? brow : brow.reverse(), { capStart: 1, capEnd: 1, segments: 6 });
    const ear = sk.point(Math.PI * 0.52, side > 0 ? 0.05 : Math.PI - 0.05, 0.97);
    m.ellipsoid(0.012 * s, 0.026 * s, 0.019 * s, SLOT.skin, w, place(ear.x, ear.y, ear.z - 0.005, 0, side * 0.35, 0), 8, 6);
  }
  const nose = onFace(0, -0.038 * s, -0.004);
  m.ellipsoid(0.011 * s, 0.014 * s, 0.011 * s, SLOT.skin, w, place(nose.x, nose.y, nose.z), 8, 6);
  // A closed smile: a thin arc, its corners turned up.
  const smile: SweepRing[] = [-1, -0.5, 0, 0.5, 1].map((u) => {
    const x = u * 0.024 * s;
    const y = (-0.068 + 0.01 * u * u) * s;
    return { at: onFace(x, y, 0.0005), rx: 0.0036 * s * (1 - 0.3 * u * u), rf: 0.003, slot: SLOT.mouth, w };
  });
  m.sweep(smile, { capStart: 1, capEnd: 1, segments: 6 });
  if (look.glasses) glasses(m, sk, w, onFace);
}

function glasses(m: MeshBuilder, sk: Skull, w: Weights, onFace: (x: number, y: number, out: number) => Vector3) {
  const s = sk.ry / 0.124;
  const rim = (cx: number): SweepRing[] =>
    Array.from({ length: 16 }, (_, i) => {
      const a = (i / 16) * Math.PI * 2;
      const x = cx + Math.cos(a) * 0.024 * s;
      const y = -0.006 * s + Math.sin(a) * 0.019 * s;
      return { at: v(x, sk.centre.y + y, sk.frontZ(cx, -0.006 * s) + 0.012), rx: 0.0028, rf: 0.0028, slot: SLOT.accent, w };
    });
  for (const cx of [0.04 * s, -0.04 * s]) m.sweep(rim(cx), { closed: true, front: v(0, 0, 1), segments: 6 });
  const bridge = [-0.016, 0, 0.016].map((x) => ({ at: onFace(x * s, 0.004 * s, 0.01), rx: 0.0026, rf: 0.0026, slot: SLOT.accent, w }));
  m.sweep(bridge, { segments: 6 });
  for (const side of [1, -1]) {
    const front = v(side * 0.064 * s, sk.centre.y - 0.002 * s, sk.frontZ(0.06 * s, -0.002 * s) + 0.004);
    const ear = sk.point(Math.PI * 0.49, side > 0 ? 0.2 : Math.PI - 0.2, 1.03);
    m.sweep(
      [
        { at: front, rx: 0.0028, rf: 0.0028, slot: SLOT.accent, w },
        { at: ear, rx: 0.0028, rf: 0.0028, slot: SLOT.accent, w },
      ],
      { capEnd: 1, segments: 6 },
    );
  }
}

/** A shell over the skull between `from(th)` and `to(th)` (angles from the crown), `k` times its size, bulged by `bulge`. */
function shell(
  m: MeshBuilder,
  sk: Skull,
  slot: number,
  w: Weights,
  opts: { from?: (th: number) => number; to: (th: number) => number; k: number; bulge?: (phi: number, th: number, u: number) => number; segs?: number; rows?: number },
) {
  const segs = opts.segs ?? 24;
  const n = opts.rows ?? 9;
  const ths = Array.from({ length: segs }, (_, i) => (i / segs) * Math.PI * 2);
  const from = opts.from;
  const at = (phi: number, th: number, k: number, u: number) => sk.point(phi, th, k * (opts.bulge?.(phi, th, u) ?? 1));
  const rows: Row[] = [];
  for (let r = from ? 0 : 1; r <= n; r++) {
    const u = r / n;
    rows.push({ points: ths.map((th) => at((from?.(th) ?? 0) + u * (opts.to(th) - (from?.(th) ?? 0)), th, opts.k, u)), slot, w });
  }
  // A lip turned in under the edge, so the shell reads as having thickness.
  rows.push({ points: ths.map((th) => at(opts.to(th) - 0.03, th, opts.k * 0.95, 1)), slot, w });
  if (from) rows.unshift({ points: ths.map((th) => at(from(th) + 0.03, th, opts.k * 0.95, 0)), slot, w });
  m.grid(rows, from ? { inside: sk.centre } : { start: at(0, 0, opts.k, 0), inside: sk.centre });
}

const front = (th: number) => Math.max(0, Math.sin(th));
const back = (th: number) => Math.max(0, -Math.sin(th));
const PI = Math.PI;

function hair(m: MeshBuilder, sk: Skull, look: Look, w: Weights, b: Build) {
  const c = sk.centre;
  const crop = (th: number) => PI * (0.47 + 0.16 * back(th) - 0.17 * front(th) ** 2);
  switch (look.hair) {
    case 'crop':
      shell(m, sk, SLOT.hair, w, { to: crop, k: 1.055, bulge: (phi, th) => 1 + 0.03 * front(th) * Math.exp(-(((phi - 0.25 * PI) / 0.15) ** 2)) });
      break;
    case 'quiff':
      shell(m, sk, SLOT.hair, w, {
        to: (th) => PI * (0.46 + 0.16 * back(th) - 0.18 * front(th) ** 2),
        k: 1.05,
        bulge: (phi, th) => 1 + 0.2 * front(th) ** 2 * Math.exp(-(((phi - 0.2 * PI) / 0.13) ** 2)) + 0.05 * Math.exp(-((phi / 0.3) ** 2)),
        rows: 12,
      });
      break;
    case 'long': {
      shell(m, sk, SLOT.hair, w, { to: (th) => PI * (0.55 + 0.2 * back(th) - 0.25 * front(th) ** 3), k: 1.07, bulge: (phi, th) => 1 + 0.04 * back(th) * Math.sin(phi) });
      // The length falling down the back to the shoulder blades, bending with the neck and chest.
      const j = joints(b);
      const fall = (y: number): Weights => {
        const t = Math.min(1, Math.max(0, (c.y - y) / (c.y - j.chest)));
        return [[bone('head'), 1 - t], [bone('neck'), t * 0.6], [bone('chest'), t * 0.4]];
      };
      const ring = (y: number, z: number, rx: number, rb: number): SweepRing => ({ at: v(0, y, z), rx, rf: 0.03, rb, slot: SLOT.hair, w: fall(y) });
      m.sweep(
        [ring(c.y + 0.02, -0.05, sk.rx * 0.98, 0.07), ring(c.y - 0.08, -0.07, sk.rx * 1.05, 0.055), ring(j.neck + 0.01, -0.085, sk.rx * 1.12, 0.04), ring(j.chest + 0.02, -0.11, sk.rx * 1.08, 0.028)],
        { capStart: 0.4, capEnd: 0.5, segments: 18 },
      );
      break;
    }
    case 'bun':
      shell(m, sk, SLOT.hair, w, { to: (th) => PI * (0.46 + 0.18 * back(th) - 0.15 * front(th) ** 2), k: 1.05 });
      m.ellipsoid(0.052, 0.045, 0.05, SLOT.hair, w, place(0, c.y + sk.ry * 0.98, c.z - sk.rb * 0.3, -0.5), 14, 9);
      m.sweep(
        Array.from({ length: 12 }, (_, i) => {
          const a = (i / 12) * PI * 2;
          return { at: v(Math.cos(a) * 0.035, c.y + sk.ry * 0.92 + Math.sin(a) * 0.012, c.z - sk.rb * 0.3 + Math.sin(a) * 0.03), rx: 0.006, rf: 0.006, slot: SLOT.accent, w };
        }),
        { closed: true, front: v(0, 1, 0), segments: 6 },
      );
      break;
    case 'afro':
      shell(m, sk, SLOT.hair, w, {
        to: (th) => PI * (0.52 + 0.14 * back(th) - 0.2 * front(th) ** 2),
        k: 1.05,
        // Full and round, curling, and closing in on the skull at the hairline.
        bulge: (phi, th, u) => 1 + (0.42 + 0.1 * Math.cos(th) ** 2 + 0.04 * Math.sin(phi * 9) * Math.sin(th * 8)) * (1 - u ** 4) * (1 - 0.35 * front(th) ** 2),
        segs: 32,
        rows: 14,
      });
      break;
    case 'beanie': {
      shell(m, sk, SLOT.hair, w, { to: (th) => PI * (0.5 + 0.14 * back(th) - 0.18 * front(th) ** 2), k: 1.04 });
      const edge = (th: number) => PI * (0.38 + 0.06 * back(th) - 0.06 * front(th));
      shell(m, sk, SLOT.accent, w, { to: edge, k: 1.12, bulge: (phi) => 1 + 0.05 * Math.exp(-((phi / 0.35) ** 2)) });
      m.sweep(
        Array.from({ length: 24 }, (_, i) => {
          const th = (i / 24) * PI * 2;
          return { at: sk.point(edge(th) - 0.03, th, 1.13), rx: 0.016, rf: 0.014, slot: SLOT.accent, w };
        }),
        { closed: true, front: v(0, 1, 0), segments: 8 },
      );
      m.ellipsoid(0.032, 0.03, 0.032, SLOT.white, w, place(c.x, c.y + sk.ry * 1.2, c.z - 0.01), 10, 7);
      break;
    }
    case 'ponytail': {
      shell(m, sk, SLOT.hair, w, { to: crop, k: 1.05 });
      const tie = sk.point(PI * 0.4, -PI / 2, 1.06);
      m.ellipsoid(0.024, 0.024, 0.016, SLOT.accent, w, place(tie.x, tie.y, tie.z, 0.6), 10, 6);
      const r = (dy: number, dz: number, rad: number): SweepRing => ({ at: v(0, tie.y + dy, tie.z + dz), rx: rad, rf: rad * 0.85, slot: SLOT.hair, w });
      m.sweep([r(0, 0.004, 0.022), r(-0.02, -0.035, 0.033), r(-0.1, -0.05, 0.03), r(-0.19, -0.04, 0.024), r(-0.26, -0.025, 0.014)], { capStart: 0.5, capEnd: 1, segments: 12, front: v(0, 0, -1) });
      break;
    }
    case 'bald':
      break;
  }
  if (look.beard) beard(m, sk, w, look.hair === 'bald');
}

/** A beard over the jaw and chin (ear to ear across the front); a full one adds a moustache. */
function beard(m: MeshBuilder, sk: Skull, w: Weights, full: boolean) {
  const frontness = (th: number) => Math.max(0, Math.sin(th));
  shell(m, sk, SLOT.hair, w, {
    from: (th) => (Math.sin(th) < -0.15 ? PI * 0.93 : PI * (0.52 + 0.22 * frontness(th) ** 2)),
    to: () => PI * 0.985,
    k: full ? 1.07 : 1.035,
    bulge: (phi, th) => 1 + (full ? 0.1 : 0.03) * frontness(th) ** 4 * ((phi / PI - 0.75) * 4),
    segs: 28,
    rows: 6,
  });
  if (!full) return;
  const s = sk.ry / 0.124;
  const tash: SweepRing[] = [-1, -0.5, 0, 0.5, 1].map((u) => ({
    at: v(u * 0.03 * s, sk.centre.y + (-0.056 - 0.008 * u * u) * s, sk.frontZ(u * 0.03 * s, -0.056 * s) + 0.004),
    rx: 0.008 * s * (1 - 0.4 * u * u),
    rf: 0.006,
    slot: SLOT.hair,
    w,
  }));
  m.sweep(tash, { capStart: 1, capEnd: 1, segments: 8 });
}
