import { Vector3 } from 'three';
import type { MeshBuilder, SweepRing, WeightFn, Weights } from './builder.ts';
import { SLOT, type Look } from './looks.ts';
import { bone, chainWeights, joints, type Build } from './skeleton.ts';

// The body below the head: one torso from crotch to the middle of the head, limbs as tubes from a
// ball joint to a rounded end (the hands are the arms' own ends), shoes, and the outfit's cloth
// (hems, skirts, collars) as rings on the same surfaces or as shells skinned like the body under them.

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

/** The torso's ring radii at a height: what the collar, hood strings and skirt attach to. */
export interface TorsoShape {
  y: number;
  rx: number;
  rf: number;
  rb: number;
}

export function torso(m: MeshBuilder, b: Build, look: Look): TorsoShape[] {
  const j = joints(b);
  const h = j.h;
  const w = chainWeights(
    [
      { bone: 'hips', at: j.hips },
      { bone: 'spine', at: j.spine },
      { bone: 'chest', at: j.chest },
      { bone: 'neck', at: j.neck },
      { bone: 'head', at: j.head },
    ],
    0.07,
  );
  const top = SLOT.body;
  const bottom = look.bottom === 'dress' ? SLOT.body : SLOT.clothes;
  const neck = look.neck === 'turtle' || look.neck === 'hood' ? SLOT.body : SLOT.skin;
  const shoulderTop = b.shoulders - 0.015;
  // [height, rx, rf, rb, slot, squareness]
  const profile: [number, number, number, number, number, number][] = [
    [0.875 * h, b.hips * 0.6, 0.06, 0.07, bottom, 2],
    [0.91 * h, b.hips * 0.93, 0.085, 0.1, bottom, 2.2],
    [0.96 * h, b.hips, 0.09, 0.105, bottom, 2.3],
    [1.01 * h, b.waist * 1.04, 0.088, 0.09, bottom, 2.3],
    [1.02 * h, b.waist * 1.06, 0.092, 0.094, top, 2.3],
    [1.07 * h, b.waist, 0.088, 0.084, top, 2.3],
    [1.15 * h, b.chest * 0.95, 0.1, 0.088, top, 2.5],
    [1.23 * h, b.chest, 0.108, 0.092, top, 2.6],
    [1.29 * h, (b.chest + shoulderTop) / 2, 0.1, 0.09, top, 2.8],
    [1.335 * h, shoulderTop + 0.01, 0.086, 0.082, top, 3],
    [1.365 * h, shoulderTop * 0.82, 0.076, 0.074, top, 2.8],
    [1.388 * h, shoulderTop * 0.45, 0.064, 0.066, top, 2.4],
    [1.395 * h, 0.06, 0.06, 0.06, neck, 2],
    [1.44 * h, 0.053, 0.053, 0.053, neck, 2],
    [1.5 * h, 0.048, 0.048, 0.048, neck, 2],
  ];
  const rings: SweepRing[] = profile.map(([y, rx, rf, rb, slot, sq]) => ({ at: v(0, y, 0), rx, rf, rb, slot, sq, w: w(y) }));
  m.sweep(rings, { capStart: 0.5, capEnd: 0.3, segments: 24 });
  if (look.neck === 'hood') hood(m, j.h, w);
  if (look.neck === 'collar') collar(m, j.h, w);
  return profile.map(([y, rx, rf, rb]) => ({ y, rx, rf, rb }));
}

/** A hoodie's hood, folded down: a thick roll around the neck, bunched at the back, with two strings. */
function hood(m: MeshBuilder, h: number, w: (y: number) => Weights) {
  const rings: SweepRing[] = [];
  const n = 20;
  for (let i = 0; i < n; i++) {
    const th = (i / n) * Math.PI * 2;
    const back = Math.max(0, -Math.sin(th));
    const y = 1.375 * h + 0.02 * back;
    rings.push({ at: v(Math.cos(th) * (0.085 + 0.01 * back), y, Math.sin(th) * (0.078 + 0.03 * back)), rx: 0.026 + 0.02 * back, rf: 0.028 + 0.03 * back, slot: SLOT.body, w: w(1.35 * h) });
  }
  m.sweep(rings, { closed: true, front: v(0, 1, 0), segments: 10 });
  for (const x of [-0.032, 0.032])
    m.sweep(
      [
        { at: v(x, 1.355 * h, 0.088), rx: 0.004, rf: 0.004, slot: SLOT.accent, w: w(1.3 * h) },
        { at: v(x * 1.1, 1.29 * h, 0.104), rx: 0.004, rf: 0.004, slot: SLOT.accent, w: w(1.3 * h) },
        { at: v(x * 1.15, 1.22 * h, 0.112), rx: 0.0045, rf: 0.0045, slot: SLOT.accent, w: w(1.3 * h) },
      ],
      { capEnd: 1, segments: 6 },
    );
}

/** A coat's stand-up collar: a flared band around the neck with a turned-in lip. */
function collar(m: MeshBuilder, h: number, w: (y: number) => Weights) {
  m.sweep(
    [
      { at: v(0, 1.35 * h, -0.004), rx: 0.115, rf: 0.088, rb: 0.09, slot: SLOT.body, w: w(1.36 * h), sq: 2.3 },
      { at: v(0, 1.4 * h, -0.012), rx: 0.085, rf: 0.07, rb: 0.085, slot: SLOT.body, w: w(1.39 * h) },
      { at: v(0, 1.44 * h, -0.018), rx: 0.08, rf: 0.064, rb: 0.084, slot: SLOT.body, w: w(1.41 * h) },
      { at: v(0, 1.43 * h, -0.016), rx: 0.068, rf: 0.056, rb: 0.07, slot: SLOT.body, w: w(1.41 * h) },
    ],
    { segments: 20 },
  );
}

/** One arm from the shoulder ball to the fingertips, with a thumb; `s` is +1 for the left (+X) side. */
export function arm(m: MeshBuilder, b: Build, look: Look, s: 1 | -1) {
  const j = joints(b);
  const h = j.h;
  const L = b.limb;
  const side = s > 0 ? 'L' : 'R';
  const w = chainWeights(
    [
      { bone: `upperArm${side}`, at: j.shoulder },
      { bone: `lowerArm${side}`, at: j.elbow },
    ],
    0.06,
  );
  const x0 = s * b.shoulders;
  const xAt = (y: number) => x0 + s * j.elbowOut * Math.min(2, Math.max(0, (j.shoulder - y) / (j.shoulder - j.elbow)));
  const sleeveEnd = look.sleeves === 'long' ? j.wrist + 0.01 * h : look.sleeves === 'short' ? j.shoulder - 0.14 * h : null;
  const rings: SweepRing[] = [];
  const ring = (y: number, rx: number, rf: number, slot: number, rb = rf) => rings.push({ at: v(xAt(y), y, 0), rx, rf, rb, slot, w: w(y) });
  const skinOr = (y: number) => (sleeveEnd !== null && y > sleeveEnd ? SLOT.body : SLOT.skin);
  const cloth = (y: number) => (sleeveEnd !== null && y > sleeveEnd ? 1.08 : 1);
  const shoulderR = 0.05 * Math.sqrt(L);
  ring(j.shoulder, shoulderR * cloth(j.shoulder), shoulderR * cloth(j.shoulder), skinOr(j.shoulder));
  for (const [y, r] of [
    [j.shoulder - 0.07 * h, 0.053],
    [j.shoulder - 0.13 * h, 0.049],
    [j.elbow + 0.03 * h, 0.044],
    [j.elbow, 0.042],
    [j.elbow - 0.08 * h, 0.042],
    [j.wrist + 0.05 * h, 0.034],
  ] as const) {
    if (sleeveEnd !== null && y < sleeveEnd && rings.length && rings[rings.length - 1]!.slot === SLOT.body) {
      // The hem: the sleeve ends in a lip, and skin starts at the same ring under it.
      const hemR = r * L * 1.2;
      ring(sleeveEnd + 0.004, hemR, hemR, SLOT.body);
      ring(sleeveEnd, hemR * 0.86, hemR * 0.86, SLOT.body);
      ring(sleeveEnd - 0.002, r * L * 0.96, r * L * 0.96, SLOT.skin);
    }
    ring(y, r * L * cloth(y), r * L * cloth(y) * 1.05, skinOr(y));
  }
  if (look.sleeves === 'long') {
    const cuff = 0.036 * L;
    ring(sleeveEnd! + 0.004, cuff * 1.06, cuff * 1.1, SLOT.body);
    ring(sleeveEnd!, cuff * 0.9, cuff * 0.95, SLOT.body);
    ring(sleeveEnd! - 0.002, 0.027, 0.03, SLOT.skin);
  }
  // The hand: the wrist flattens into a palm (thin across, wide front to back) that ends in rounded fingers.
  ring(j.wrist, 0.028, 0.032, SLOT.skin);
  ring(j.wrist - 0.03 * h, 0.028, 0.05, SLOT.skin, 0.046);
  ring(j.wrist - 0.07 * h, 0.025, 0.053, SLOT.skin, 0.048);
  ring(j.wrist - 0.105 * h, 0.021, 0.047, SLOT.skin, 0.042);
  m.sweep(rings, { capStart: 1, capEnd: 0.7, segments: 14 });
  // The thumb, on the front of the palm, turned in towards the body.
  const hand = w(j.wrist - 0.05 * h);
  const tx = xAt(j.wrist) - s * 0.008;
  m.sweep(
    [
      { at: v(tx, j.wrist - 0.025 * h, 0.03), rx: 0.015, rf: 0.015, slot: SLOT.skin, w: hand },
      { at: v(tx - s * 0.01, j.wrist - 0.055 * h, 0.055), rx: 0.014, rf: 0.013, slot: SLOT.skin, w: hand },
      { at: v(tx - s * 0.014, j.wrist - 0.08 * h, 0.064), rx: 0.012, rf: 0.012, slot: SLOT.skin, w: hand },
    ],
    { capEnd: 1, segments: 8 },
  );
}

/** One leg from the hip ball to the ankle, its trouser or shorts hem and sock, and its shoe or boot. */
export function leg(m: MeshBuilder, b: Build, look: Look, s: 1 | -1) {
  const j = joints(b);
  const h = j.h;
  const L = Math.sqrt(b.limb);
  const side = s > 0 ? 'L' : 'R';
  const w = chainWeights(
    [
      { bone: `upperLeg${side}`, at: j.hip },
      { bone: `lowerLeg${side}`, at: j.knee },
    ],
    0.08,
  );
  const x = s * j.legX;
  const trousers = look.bottom === 'trousers' || look.bottom === 'coat';
  const shortsEnd = look.bottom === 'shorts' ? 0.62 * h : null;
  const tights = look.bottom === 'dress';
  const sockTop = look.bottom === 'shorts' || look.bottom === 'skirt' ? 0.22 * h : null;
  const slotAt = (y: number) =>
    trousers || tights || (shortsEnd !== null && y > shortsEnd)
      ? SLOT.clothes
      : sockTop !== null && y < sockTop
        ? SLOT.sock
        : SLOT.skin;
  const k = (y: number) => (trousers ? (y < 0.85 * h ? 1.12 : 1.02) : shortsEnd !== null && y > shortsEnd ? (y < 0.85 * h ? 1.16 : 1.02) : 1);
  const rings: SweepRing[] = [];
  const ring = (y: number, rx: number, rf: number, rb: number, slot = slotAt(y)) => rings.push({ at: v(x, y, 0), rx, rf, rb, slot, w: w(y) });
  let hemmed = false;
  for (const [y, r, rb] of [
    [j.hip, 0.064, 0.066],
    [0.82 * h, 0.07, 0.074],
    [0.64 * h, 0.058, 0.06],
    [j.knee, 0.05, 0.052],
    [0.37 * h, 0.05, 0.06],
    [0.24 * h, 0.041, 0.046],
    [0.14 * h, 0.036, 0.038],
    [j.ankle, 0.034, 0.034],
  ] as const) {
    if (shortsEnd !== null && !hemmed && y < shortsEnd) {
      hemmed = true;
      const hr = 0.064 * L * 1.2;
      ring(shortsEnd + 0.004, hr, hr, hr, SLOT.clothes);
      ring(shortsEnd, hr * 0.85, hr * 0.85, hr * 0.85, SLOT.clothes);
    }
    if (trousers && y === j.ankle) {
      // Trouser legs stay wide to a hem that sits on the shoe.
      ring(0.15 * h, 0.05 * L, 0.052 * L, 0.052 * L);
      ring(0.1 * h, 0.05 * L, 0.054 * L, 0.054 * L);
      ring(0.098 * h, 0.044, 0.046, 0.046);
      break;
    }
    ring(y, r * L * k(y), r * L * k(y), rb * L * k(y));
  }
  m.sweep(rings, { capStart: 1, capEnd: 1, segments: 14 });
  shoe(m, b, look, x, w(j.ankle));
}

function shoe(m: MeshBuilder, b: Build, look: Look, x: number, w: Weights) {
  const h = joints(b).h;
  const f = 1.12 * Math.min(1.05, Math.max(0.92, h));
  const up = v(0, 1, 0);
  const r = (z: number, y: number, rx: number, u: number, d: number, slot: number): SweepRing => ({ at: v(x, y, z * f), rx: rx * f, rf: u, rb: d, slot, w });
  m.sweep(
    [r(-0.05, 0.05, 0.036, 0.034, 0.034, SLOT.shoe), r(-0.015, 0.05, 0.043, 0.045, 0.036, SLOT.shoe), r(0.04, 0.042, 0.046, 0.034, 0.028, SLOT.shoe), r(0.1, 0.038, 0.042, 0.024, 0.024, SLOT.shoe)],
    { front: up, capStart: 0.8, capEnd: 0.9, segments: 14 },
  );
  m.sweep(
    [r(-0.06, 0.013, 0.04, 0.012, 0.012, SLOT.sole), r(0.0, 0.013, 0.049, 0.012, 0.012, SLOT.sole), r(0.09, 0.013, 0.047, 0.012, 0.012, SLOT.sole)],
    { front: up, capStart: 0.9, capEnd: 1.1, segments: 12 },
  );
  if (look.shoes === 'boot')
    m.sweep(
      [
        { at: v(x, 0.06, -0.005), rx: 0.042, rf: 0.044, slot: SLOT.shoe, w },
        { at: v(x, 0.2 * h, 0), rx: 0.047, rf: 0.05, slot: SLOT.shoe, w },
        { at: v(x, 0.3 * h, 0), rx: 0.052, rf: 0.055, slot: SLOT.shoe, w },
        { at: v(x, 0.295 * h, 0), rx: 0.044, rf: 0.047, slot: SLOT.shoe, w },
      ],
      { segments: 14 },
    );
}

/**
 * A skirt, a dress's skirt or a coat's tails: a flared tube from the waist, open at the hem with a
 * turned-in lip. Its lower part follows the thighs (left side the left leg), so a stride moves it
 * instead of pushing the knees through it.
 */
export function skirt(m: MeshBuilder, b: Build, look: Look) {
  const j = joints(b);
  const h = j.h;
  if (look.bottom !== 'skirt' && look.bottom !== 'dress' && look.bottom !== 'coat') return;
  const coat = look.bottom === 'coat';
  const slot = look.bottom === 'skirt' ? SLOT.clothes : SLOT.body;
  const hem = coat ? 0.56 * h : look.bottom === 'dress' ? 0.6 * h : 0.64 * h;
  const flare = coat ? 1.28 : 1.55;
  const wfn: WeightFn = (p) => {
    const t = Math.min(1, Math.max(0, (0.95 * h - p.y) / (0.95 * h - hem)));
    const xs = Math.max(-1, Math.min(1, p.x / (b.hips * flare)));
    const leg = 0.7 * t * t;
    return [
      [bone('hips'), 1 - leg],
      [bone('upperLegL'), leg * (0.5 + 0.5 * xs)],
      [bone('upperLegR'), leg * (0.5 - 0.5 * xs)],
    ];
  };
  const top = coat ? 1.08 * h : 1.0 * h;
  const rings: SweepRing[] = [
    { at: v(0, top, 0), rx: b.waist * 1.02, rf: 0.086, rb: 0.088, slot, w: wfn, sq: 2.3 },
    { at: v(0, 0.95 * h, 0), rx: b.hips * 1.08, rf: 0.1, rb: 0.115, slot, w: wfn, sq: 2.3 },
    { at: v(0, (0.95 * h + hem) / 2, 0), rx: b.hips * (1 + flare) / 2 + 0.02, rf: 0.125, rb: 0.14, slot, w: wfn, sq: 2.2 },
    { at: v(0, hem, 0), rx: b.hips * flare + 0.03, rf: coat ? 0.14 : 0.16, rb: coat ? 0.16 : 0.175, slot, w: wfn, sq: 2.1 },
    { at: v(0, hem + 0.015, 0), rx: (b.hips * flare + 0.03) * 0.93, rf: (coat ? 0.14 : 0.16) * 0.9, rb: (coat ? 0.16 : 0.175) * 0.9, slot, w: wfn, sq: 2.1 },
  ];
  m.sweep(rings, { segments: 28 });
}
