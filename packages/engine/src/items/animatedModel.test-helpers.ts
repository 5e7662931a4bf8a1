import { Document, WebIO, type Material, type Node } from '@gltf-transform/core';

// A small skinned, animated glTF generated on demand (no binary fixture checked in, nothing downloaded):
// a two-part column whose upper half ("Arm") hangs on its own joint. Two clips, so a test can tell
// which one plays: "Spin" (the first, played by default) turns the whole figure about Y, "Wave" swings
// the arm about Z (easy to see in a screenshot).

export const ARM_JOINT_Y = 0.8;
export const ANIMATED_CLIPS = ['Spin', 'Wave'] as const;

/** Quaternion [x, y, z, w] for `deg` degrees about a unit axis. */
function quat(axis: [number, number, number], deg: number): number[] {
  const h = (deg * Math.PI) / 360;
  return [axis[0] * Math.sin(h), axis[1] * Math.sin(h), axis[2] * Math.sin(h), Math.cos(h)];
}

/** A box from y0 to y1 with flat normals, every vertex bound to one joint. */
function box(doc: Document, buffer: ReturnType<Document['createBuffer']>, y0: number, y1: number, joint: number, material: Material) {
  const w = 0.15;
  const corners = (sign: number[][]) => sign.map(([x, y, z]) => [x! * w, y! < 0 ? y0 : y1, z! * w]);
  const faces: { n: number[]; c: number[][] }[] = [
    { n: [1, 0, 0], c: corners([[1, -1, 1], [1, -1, -1], [1, 1, -1], [1, 1, 1]]) },
    { n: [-1, 0, 0], c: corners([[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]]) },
    { n: [0, 1, 0], c: corners([[-1, 1, 1], [1, 1, 1], [1, 1, -1], [-1, 1, -1]]) },
    { n: [0, -1, 0], c: corners([[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]]) },
    { n: [0, 0, 1], c: corners([[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]]) },
    { n: [0, 0, -1], c: corners([[1, -1, -1], [-1, -1, -1], [-1, 1, -1], [1, 1, -1]]) },
  ];
  const positions: number[] = [], normals: number[] = [], indices: number[] = [];
  faces.forEach((f, i) => {
    for (const c of f.c) { positions.push(...c); normals.push(...f.n); }
    indices.push(i * 4, i * 4 + 1, i * 4 + 2, i * 4, i * 4 + 2, i * 4 + 3);
  });
  const count = positions.length / 3;
  const acc = (type: 'VEC3' | 'VEC4' | 'SCALAR', array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint8Array<ArrayBuffer>) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  return doc.createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array(positions)))
    .setAttribute('NORMAL', acc('VEC3', new Float32Array(normals)))
    .setAttribute('JOINTS_0', acc('VEC4', new Uint8Array(Array.from({ length: count }, () => [joint, 0, 0, 0]).flat())))
    .setAttribute('WEIGHTS_0', acc('VEC4', new Float32Array(Array.from({ length: count }, () => [1, 0, 0, 0]).flat())))
    .setIndices(acc('SCALAR', new Uint16Array(indices)))
    .setMaterial(material);
}

function rotationClip(doc: Document, buffer: ReturnType<Document['createBuffer']>, name: string, target: Node, frames: [number, number[]][]) {
  const sampler = doc.createAnimationSampler()
    .setInput(doc.createAccessor().setType('SCALAR').setArray(new Float32Array(frames.map(([t]) => t))).setBuffer(buffer))
    .setOutput(doc.createAccessor().setType('VEC4').setArray(new Float32Array(frames.flatMap(([, q]) => q))).setBuffer(buffer))
    .setInterpolation('LINEAR');
  const channel = doc.createAnimationChannel().setTargetNode(target).setTargetPath('rotation').setSampler(sampler);
  doc.createAnimation(name).addSampler(sampler).addChannel(channel);
}

/** The animated figure as GLB bytes (about 6 KB). */
export async function animatedModelGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const base = doc.createMaterial('Base').setBaseColorFactor([0.15, 0.35, 0.8, 1]).setRoughnessFactor(0.7);
  const top = doc.createMaterial('Arm').setBaseColorFactor([0.95, 0.45, 0.1, 1]).setRoughnessFactor(0.7);
  const mesh = doc.createMesh('Column').addPrimitive(box(doc, buffer, 0, ARM_JOINT_Y, 0, base)).addPrimitive(box(doc, buffer, ARM_JOINT_Y, 1.6, 1, top));
  const root = doc.createNode('Root');
  const arm = doc.createNode('Arm').setTranslation([0, ARM_JOINT_Y, 0]);
  root.addChild(arm);
  const inverseBind = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -ARM_JOINT_Y, 0, 1]);
  const skin = doc.createSkin('Rig').addJoint(root).addJoint(arm).setSkeleton(root)
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(inverseBind).setBuffer(buffer));
  const body = doc.createNode('Body').setMesh(mesh).setSkin(skin);
  // Skinned mesh nodes stay at the scene root: glTF ignores their parents' transforms anyway.
  doc.createScene('Scene').addChild(body).addChild(root);
  const z: [number, number, number] = [0, 0, 1], y: [number, number, number] = [0, 1, 0];
  rotationClip(doc, buffer, 'Spin', root, [[0, quat(y, 0)], [0.5, quat(y, 90)], [1, quat(y, 180)], [1.5, quat(y, 270)], [2, quat(y, 360)]]);
  rotationClip(doc, buffer, 'Wave', arm, [[0, quat(z, 0)], [0.5, quat(z, 60)], [1, quat(z, 0)], [1.5, quat(z, -60)], [2, quat(z, 0)]]);
  return new WebIO().writeBinary(doc);
}
