import { BufferGeometry, Euler, Float32BufferAttribute, Matrix4, Uint16BufferAttribute, Vector3 } from 'three';

// The geometry kit the built-in avatars are modelled with: closed rings of points joined into smooth
// surfaces (sweeps along a path, ellipsoids, shells over the skull), every vertex carrying its colour
// slot and up to four bone weights. Everything goes into one indexed geometry, so the avatar is one
// SkinnedMesh; normals are averaged over shared vertices, so each part is smooth.

/** Bone index → weight; normalised to sum 1 when written. */
export type Weights = readonly (readonly [bone: number, weight: number])[];
export type WeightFn = Weights | ((p: Vector3) => Weights);

/** One ring: its points (closed loop), colour slot and weights. */
export interface Row {
  points: Vector3[];
  slot: number;
  w: WeightFn;
}

/** A ring on a sweep: centre, radii across (`rx` along the side axis, `rf`/`rb` to the front/back), colour, weights. */
export interface SweepRing {
  at: Vector3;
  rx: number;
  rf: number;
  rb?: number;
  slot: number;
  w: WeightFn;
  /** Superellipse exponent: 2 is an ellipse, larger is squarer (torsos), below 2 is pinched. */
  sq?: number;
}

export interface SweepOptions {
  /** The ring's "front" direction reference (default +Z); the side axis is tangent × front. */
  front?: Vector3;
  /** Rounded end caps: dome length as a fraction of the end ring's mean radius (0 = a flat fan). Omitted = open. */
  capStart?: number;
  capEnd?: number;
  segments?: number;
  /** The path is a loop (a ring of rings, e.g. a glasses rim): the last ring joins the first. */
  closed?: boolean;
}

const tmp = new Vector3();

export class MeshBuilder {
  private readonly pos: number[] = [];
  private readonly idx: number[] = [];
  private readonly skinI: number[] = [];
  private readonly skinW: number[] = [];
  private readonly slots: number[] = [];

  private vertex(p: Vector3, slot: number, w: WeightFn): number {
    const weights = typeof w === 'function' ? w(p) : w;
    const top = [...weights].filter(([, x]) => x > 1e-4).sort((a, b) => b[1] - a[1]).slice(0, 4);
    const sum = top.reduce((s, [, x]) => s + x, 0) || 1;
    for (let k = 0; k < 4; k++) {
      const e = top[k];
      this.skinI.push(e ? e[0] : 0);
      this.skinW.push(e ? e[1] / sum : 0);
    }
    this.pos.push(p.x, p.y, p.z);
    this.slots.push(slot);
    return this.slots.length - 1;
  }

  /**
   * Joins rings into one surface, with optional single-point poles at either end. Where the colour
   * slot changes, the ring is doubled (same points, both colours) so the colour edge is crisp; the
   * surface does not open there because both copies move with the same weights. Winding is fixed so
   * the part faces outwards (by its signed volume).
   */
  grid(rows: Row[], poles: { start?: Vector3; end?: Vector3; closed?: boolean; inside?: Vector3 } = {}): void {
    const first = this.idx.length;
    const n = rows[0]!.points.length;
    const ring = (r: Row, slot: number) => r.points.map((p) => this.vertex(p, slot, r.w));
    const strip = (a: number[], b: number[]) => {
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        this.idx.push(a[i]!, b[i]!, b[j]!, a[i]!, b[j]!, a[j]!);
      }
    };
    const fan = (pole: Vector3, r: Row, ids: number[], flip: boolean) => {
      const c = this.vertex(pole, r.slot, r.w);
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        if (flip) this.idx.push(c, ids[j]!, ids[i]!);
        else this.idx.push(c, ids[i]!, ids[j]!);
      }
    };
    let prev: number[] | null = null;
    let prevSlot = -1;
    const starts: number[] = [];
    for (const r of rows) {
      if (prev && r.slot !== prevSlot) {
        const bridge = ring(r, prevSlot);
        strip(prev, bridge);
        prev = null;
      }
      const cur = ring(r, r.slot);
      if (!starts.length) starts.push(...cur);
      if (prev) strip(prev, cur);
      prev = cur;
      prevSlot = r.slot;
    }
    if (poles.closed && prev) strip(prev, starts);
    // Wound like the strips next to them (each edge once each way), so orient() can flip the part as a whole.
    if (poles.start) fan(poles.start, rows[0]!, starts, false);
    if (poles.end) fan(poles.end, rows[rows.length - 1]!, prev!, true);
    this.orient(first, poles.inside);
  }

  /**
   * Flips the triangles from `first` on if they face inwards: by their signed volume about their
   * centroid, or for an open shell by their area-weighted flux away from a point known to be inside.
   */
  private orient(first: number, inside?: Vector3) {
    const a = new Vector3();
    const b = new Vector3();
    const c = new Vector3();
    const centre = new Vector3();
    const ids = this.idx.slice(first);
    for (const i of ids) centre.add(tmp.fromArray(this.pos, i * 3));
    centre.divideScalar(Math.max(1, ids.length));
    if (inside) centre.copy(inside);
    let vol = 0;
    for (let t = 0; t < ids.length; t += 3) {
      a.fromArray(this.pos, ids[t]! * 3).sub(centre);
      b.fromArray(this.pos, ids[t + 1]! * 3).sub(centre);
      c.fromArray(this.pos, ids[t + 2]! * 3).sub(centre);
      if (inside) {
        const mid = a.clone().add(b).add(c);
        b.sub(a);
        c.sub(a);
        vol += b.cross(c).dot(mid);
      } else vol += a.dot(b.cross(c));
    }
    if (vol >= 0) return;
    for (let t = first; t < this.idx.length; t += 3) {
      const s = this.idx[t + 1]!;
      this.idx[t + 1] = this.idx[t + 2]!;
      this.idx[t + 2] = s;
    }
  }

  /**
   * A tube through `rings` (at least two), each ring square to the path. Rounded caps make ball
   * joints: a dome centred on a joint stays in place however the joint turns.
   */
  sweep(rings: SweepRing[], opts: SweepOptions = {}, at?: Matrix4): void {
    const segs = opts.segments ?? 16;
    const front = opts.front ?? new Vector3(0, 0, 1);
    const frames = rings.map((r, i) => {
      const n = rings.length;
      const nextI = opts.closed ? (i + 1) % n : Math.min(i + 1, n - 1);
      const prevI = opts.closed ? (i - 1 + n) % n : Math.max(i - 1, 0);
      const t = new Vector3().subVectors(rings[nextI]!.at, rings[prevI]!.at).normalize();
      const f = front.clone().addScaledVector(t, -front.dot(t));
      if (f.lengthSq() < 1e-8) f.set(0, 1, 0).addScaledVector(t, -t.y);
      f.normalize();
      const side = new Vector3().crossVectors(t, f).normalize();
      return { t, f, side, r };
    });
    const ringPoints = (k: (typeof frames)[number], scale: number, along: number) => {
      const pts: Vector3[] = [];
      const e = 2 / (k.r.sq ?? 2);
      for (let i = 0; i < segs; i++) {
        const th = (i / segs) * Math.PI * 2;
        const c = Math.cos(th);
        const s = Math.sin(th);
        const x = Math.sign(c) * Math.abs(c) ** e * k.r.rx * scale;
        const z = Math.sign(s) * Math.abs(s) ** e * (s >= 0 ? k.r.rf : (k.r.rb ?? k.r.rf)) * scale;
        const p = k.r.at.clone().addScaledVector(k.side, x).addScaledVector(k.f, z).addScaledVector(k.t, along);
        pts.push(at ? p.applyMatrix4(at) : p);
      }
      return pts;
    };
    const rows: Row[] = [];
    const dome = (k: (typeof frames)[number], len: number, dir: 1 | -1, out: Row[]) => {
      const rad = ((k.r.rx + k.r.rf) / 2) * len;
      for (let j = 1; j <= 3; j++) {
        const phi = (j / 4) * (Math.PI / 2);
        out.push({ points: ringPoints(k, Math.cos(phi), dir * rad * Math.sin(phi)), slot: k.r.slot, w: k.r.w });
      }
      const pole = k.r.at.clone().addScaledVector(k.t, dir * rad);
      return at ? pole.applyMatrix4(at) : pole;
    };
    const first = frames[0]!;
    const last = frames[frames.length - 1]!;
    let start: Vector3 | undefined;
    let end: Vector3 | undefined;
    if (opts.capStart !== undefined) {
      const pre: Row[] = [];
      start = dome(first, opts.capStart, -1, pre);
      rows.push(...pre.reverse());
    }
    for (const k of frames) rows.push({ points: ringPoints(k, 1, 0), slot: k.r.slot, w: k.r.w });
    if (opts.capEnd !== undefined) end = dome(last, opts.capEnd, 1, rows);
    this.grid(rows, { start, end, closed: opts.closed });
  }

  /** An ellipsoid (radii along its own x, y, z), placed by `at`; `rows` rings from pole to pole. */
  ellipsoid(rx: number, ry: number, rz: number, slot: number, w: WeightFn, at: Matrix4, segs = 12, rowsN = 8): void {
    const rows: Row[] = [];
    for (let j = 1; j < rowsN; j++) {
      const phi = (j / rowsN) * Math.PI;
      const y = Math.cos(phi) * ry;
      const s = Math.sin(phi);
      const points: Vector3[] = [];
      for (let i = 0; i < segs; i++) {
        const th = (i / segs) * Math.PI * 2;
        points.push(new Vector3(Math.cos(th) * rx * s, y, Math.sin(th) * rz * s).applyMatrix4(at));
      }
      rows.push({ points, slot, w });
    }
    this.grid(rows, { start: new Vector3(0, ry, 0).applyMatrix4(at), end: new Vector3(0, -ry, 0).applyMatrix4(at) });
  }

  /** The vertex count so far (tests and budgets). */
  get vertexCount() {
    return this.slots.length;
  }

  /** The finished geometry with smooth normals, skin attributes and the per-vertex colour slot (for recolouring). */
  build(): { geometry: BufferGeometry; slots: Uint8Array } {
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(this.pos, 3));
    g.setAttribute('skinIndex', new Uint16BufferAttribute(this.skinI, 4));
    g.setAttribute('skinWeight', new Float32BufferAttribute(this.skinW, 4));
    g.setAttribute('color', new Float32BufferAttribute(new Float32Array(this.slots.length * 3), 3));
    g.setIndex(this.idx);
    g.computeVertexNormals();
    g.computeBoundingBox();
    g.computeBoundingSphere();
    return { geometry: g, slots: Uint8Array.from(this.slots) };
  }
}

/** A matrix placing a part: rotate by Euler angles (radians, XYZ), then translate. */
export function place(x: number, y: number, z: number, rx = 0, ry = 0, rz = 0): Matrix4 {
  return new Matrix4().makeRotationFromEuler(new Euler(rx, ry, rz)).setPosition(x, y, z);
}
