// A small VRM humanoid written byte by byte: a skinned stick figure of boxes, one per humanoid bone,
// with the VRMC_vrm (VRM 1.0) or VRM (0.x) extension mapping its bones. Tests of the upload
// pipeline, the loader and the browser e2e use it, so no third-party model is checked in.

import { VRM_REQUIRED_BONES } from '@atrium/shared';

// Chest and neck are optional in VRM; the figure has them so the arms hang off the chest. They go
// between spine and head because each bone's world position is built from its parent's, in this order.
const [hips, spine, ...headAndLimbs] = VRM_REQUIRED_BONES;
export const FIXTURE_BONES = [hips, spine, 'chest', 'neck', ...headAndLimbs] as const;
type Bone = (typeof FIXTURE_BONES)[number];
type V3 = [number, number, number];

/** Parent and rest offset of each bone, VRM 1.0 orientation: facing +Z, the avatar's left at +X, T-pose. */
const REST: Record<Bone, [Bone | null, V3]> = {
  hips: [null, [0, 0.95, 0]],
  spine: ['hips', [0, 0.1, 0]],
  chest: ['spine', [0, 0.15, 0]],
  neck: ['chest', [0, 0.22, 0]],
  head: ['neck', [0, 0.08, 0]],
  leftUpperArm: ['chest', [0.2, 0.17, 0]],
  leftLowerArm: ['leftUpperArm', [0.27, 0, 0]],
  leftHand: ['leftLowerArm', [0.25, 0, 0]],
  rightUpperArm: ['chest', [-0.2, 0.17, 0]],
  rightLowerArm: ['rightUpperArm', [-0.27, 0, 0]],
  rightHand: ['rightLowerArm', [-0.25, 0, 0]],
  leftUpperLeg: ['hips', [0.1, -0.05, 0]],
  leftLowerLeg: ['leftUpperLeg', [0, -0.42, 0]],
  leftFoot: ['leftLowerLeg', [0, -0.42, 0]],
  rightUpperLeg: ['hips', [-0.1, -0.05, 0]],
  rightLowerLeg: ['rightUpperLeg', [0, -0.42, 0]],
  rightFoot: ['rightLowerLeg', [0, -0.42, 0]],
};

/** Each bone's box: from its joint towards `to` (a child joint or an offset), `t` thick. */
const BOXES: Record<Bone, { to: V3; t: number; at?: V3 }> = {
  hips: { to: [0, 0.1, 0], t: 0.3 },
  spine: { to: [0, 0.15, 0], t: 0.26 },
  chest: { to: [0, 0.22, 0], t: 0.36 },
  neck: { to: [0, 0.08, 0], t: 0.08 },
  head: { to: [0, 0.24, 0], t: 0.22 },
  leftUpperArm: { to: [0.27, 0, 0], t: 0.09 },
  leftLowerArm: { to: [0.25, 0, 0], t: 0.08 },
  leftHand: { to: [0.1, 0, 0], t: 0.07 },
  rightUpperArm: { to: [-0.27, 0, 0], t: 0.09 },
  rightLowerArm: { to: [-0.25, 0, 0], t: 0.08 },
  rightHand: { to: [-0.1, 0, 0], t: 0.07 },
  leftUpperLeg: { to: [0, -0.42, 0], t: 0.13 },
  leftLowerLeg: { to: [0, -0.42, 0], t: 0.1 },
  leftFoot: { to: [0, -0.05, 0.2], t: 0.1, at: [0, 0, -0.04] },
  rightUpperLeg: { to: [0, -0.42, 0], t: 0.13 },
  rightLowerLeg: { to: [0, -0.42, 0], t: 0.1 },
  rightFoot: { to: [0, -0.05, 0.2], t: 0.1, at: [0, 0, -0.04] },
};

export interface VrmFixtureOptions {
  /** '1' writes VRMC_vrm (faces +Z), '0' the VRM 0.x extension (faces -Z); 'none' a plain skinned glb. */
  version?: '1' | '0' | 'none';
  /** Humanoid bones left out of the mapping (to test a VRM missing required bones). */
  unmapped?: Bone[];
  /** Base colour (linear RGB). */
  color?: V3;
  name?: string;
}

const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

/** The GLB bytes of the fixture avatar (about 30 KB). */
export function buildVrmFixture(opts: VrmFixtureOptions = {}): Uint8Array<ArrayBuffer> {
  const version = opts.version ?? '1';
  // VRM 0.x models face -Z: the same figure turned half a turn around Y.
  const turn = (v: V3): V3 => (version === '0' ? [-v[0], v[1], -v[2]] : v);
  const world = {} as Record<Bone, V3>;
  for (const b of FIXTURE_BONES) {
    const [parent, off] = REST[b];
    world[b] = parent ? add(world[parent], off) : off;
  }

  const pos: number[] = [];
  const nrm: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const idx: number[] = [];
  FIXTURE_BONES.forEach((b, j) => {
    const box = BOXES[b];
    const a = add(world[b], box.at ?? [0, 0, 0]);
    const c = add(a, box.to);
    const min: V3 = [0, 0, 0];
    const max: V3 = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      const lo = Math.min(a[i]!, c[i]!);
      const hi = Math.max(a[i]!, c[i]!);
      const pad = hi - lo < box.t ? (box.t - (hi - lo)) / 2 : 0;
      min[i] = lo - pad;
      max[i] = hi + pad;
    }
    // Six faces, four corners each, outward normals.
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [-1, 1]) {
        const n: V3 = [0, 0, 0];
        n[axis] = side;
        const u = (axis + 1) % 3;
        const v = (axis + 2) % 3;
        const base = pos.length / 3;
        for (const [su, sv] of [[0, 0], [1, 0], [1, 1], [0, 1]] as const) {
          const p: V3 = [0, 0, 0];
          p[axis] = side > 0 ? max[axis]! : min[axis]!;
          p[u] = su ? max[u]! : min[u]!;
          p[v] = sv ? max[v]! : min[v]!;
          pos.push(...turn(p));
          nrm.push(...turn(n));
          joints.push(j, 0, 0, 0);
          weights.push(1, 0, 0, 0);
        }
        // Counter-clockwise seen from outside; turning half around Y keeps the winding.
        if (side > 0) idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
        else idx.push(base, base + 2, base + 1, base, base + 3, base + 2);
      }
    }
  });

  const ibm: number[] = [];
  for (const b of FIXTURE_BONES) {
    const [x, y, z] = turn(world[b]);
    ibm.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1);
  }

  // One buffer: each view 4-byte aligned.
  const views: { bytes: Uint8Array; target?: number }[] = [
    { bytes: new Uint8Array(new Float32Array(pos).buffer), target: 34962 },
    { bytes: new Uint8Array(new Float32Array(nrm).buffer), target: 34962 },
    { bytes: new Uint8Array(new Uint16Array(joints).buffer), target: 34962 },
    { bytes: new Uint8Array(new Float32Array(weights).buffer), target: 34962 },
    { bytes: new Uint8Array(new Uint16Array(idx).buffer), target: 34963 },
    { bytes: new Uint8Array(new Float32Array(ibm).buffer) },
  ];
  let offset = 0;
  const bufferViews = views.map((v) => {
    const view = { buffer: 0, byteOffset: offset, byteLength: v.bytes.byteLength, ...(v.target ? { target: v.target } : {}) };
    offset += Math.ceil(v.bytes.byteLength / 4) * 4;
    return view;
  });
  const bin = new Uint8Array(offset);
  views.forEach((v, i) => bin.set(v.bytes, bufferViews[i]!.byteOffset));

  const count = pos.length / 3;
  const pmin: V3 = [Infinity, Infinity, Infinity];
  const pmax: V3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < pos.length; i++) {
    pmin[i % 3] = Math.min(pmin[i % 3]!, Math.fround(pos[i]!));
    pmax[i % 3] = Math.max(pmax[i % 3]!, Math.fround(pos[i]!));
  }
  // Node 0 is the mesh; bones follow in FIXTURE_BONES order.
  const nodeOf = (b: Bone) => 1 + FIXTURE_BONES.indexOf(b);
  const nodes = [
    { name: 'Body', mesh: 0, skin: 0 },
    ...FIXTURE_BONES.map((b) => {
      const kids = FIXTURE_BONES.filter((k) => REST[k][0] === b).map(nodeOf);
      return { name: `J_${b}`, translation: turn(REST[b][1]), ...(kids.length ? { children: kids } : {}) };
    }),
  ];
  const mapped = FIXTURE_BONES.filter((b) => !opts.unmapped?.includes(b));
  const name = opts.name ?? 'Atrium test avatar';
  const extensions: Record<string, unknown> = {};
  if (version === '1') {
    extensions.VRMC_vrm = {
      specVersion: '1.0',
      meta: {
        name,
        version: '1',
        authors: ['Atrium tests'],
        licenseUrl: 'https://vrm.dev/licenses/1.0/',
        avatarPermission: 'everyone',
        commercialUsage: 'corporation',
        creditNotation: 'unnecessary',
        allowRedistribution: true,
        modification: 'allowModificationRedistribution',
      },
      humanoid: { humanBones: Object.fromEntries(mapped.map((b) => [b, { node: nodeOf(b) }])) },
    };
  } else if (version === '0') {
    extensions.VRM = {
      exporterVersion: 'atrium-tests',
      specVersion: '0.0',
      meta: { title: name, version: '1', author: 'Atrium tests', allowedUserName: 'Everyone', licenseName: 'CC0' },
      humanoid: { humanBones: mapped.map((b) => ({ bone: b, node: nodeOf(b), useDefaultValues: true })) },
    };
  }
  const json = {
    asset: { version: '2.0', generator: 'atrium vrm fixture' },
    ...(version === 'none' ? {} : { extensionsUsed: [version === '1' ? 'VRMC_vrm' : 'VRM'] }),
    scene: 0,
    scenes: [{ nodes: [0, nodeOf('hips')] }],
    nodes,
    skins: [{ joints: FIXTURE_BONES.map(nodeOf), inverseBindMatrices: 5, skeleton: nodeOf('hips') }],
    meshes: [
      {
        name: 'Body',
        primitives: [{ attributes: { POSITION: 0, NORMAL: 1, JOINTS_0: 2, WEIGHTS_0: 3 }, indices: 4, material: 0 }],
      },
    ],
    materials: [{ name: 'Body', pbrMetallicRoughness: { baseColorFactor: [...(opts.color ?? [0.9, 0.35, 0.2]), 1], metallicFactor: 0, roughnessFactor: 0.8 } }],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min: pmin, max: pmax },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count, type: 'VEC4' },
      { bufferView: 3, componentType: 5126, count, type: 'VEC4' },
      { bufferView: 4, componentType: 5123, count: idx.length, type: 'SCALAR' },
      { bufferView: 5, componentType: 5126, count: FIXTURE_BONES.length, type: 'MAT4' },
    ],
    bufferViews,
    buffers: [{ byteLength: bin.byteLength }],
    ...(version === 'none' ? {} : { extensions }),
  };
  return packGlb(json, bin);
}

/** GLB container: 12-byte header, JSON chunk (space padded), BIN chunk (zero padded). */
export function packGlb(json: unknown, bin: Uint8Array): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = Math.ceil(text.byteLength / 4) * 4;
  const binLen = Math.ceil(bin.byteLength / 4) * 4;
  const total = 12 + 8 + jsonLen + 8 + binLen;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLen, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLen);
  dv.setUint32(20 + jsonLen, binLen, true);
  dv.setUint32(24 + jsonLen, 0x004e4942, true);
  out.set(bin, 28 + jsonLen);
  return out;
}
