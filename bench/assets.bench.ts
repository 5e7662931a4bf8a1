// Model preparation figures: for generated sample models, the validated input size, the optimised
// output size (meshopt-compressed GLB), triangles before/after, texture resize, and
// the processing time of the same pipeline the upload job runs (validation + optimisation).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { formatBytes } from '@atrium/shared';
import { collectModel } from '../apps/server/src/modules/assets/models/collect.ts';
import { modelIO } from '../apps/server/src/modules/assets/models/io.ts';
import { optimizeModel } from '../apps/server/src/modules/assets/models/optimize.ts';
import { cubeMtl, cubeObj, glb, sphereDocument } from '../apps/server/test/support/assetFixtures.ts';
import { line } from './support.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-assets-'));

async function gradientPng(size: number): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set([(x * 255) / size, (y * 255) / size, ((x ^ y) & 255)], (y * size + x) * 3);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/** A scene with the same sphere mesh copied into many separate meshes (what dedup is for). */
function duplicatedSpheres(copies: number) {
  const doc = sphereDocument(48, 24);
  const root = doc.getRoot();
  const scene = root.listScenes()[0]!;
  const mesh = root.listMeshes()[0]!;
  for (let i = 1; i < copies; i++) {
    const prim = mesh.listPrimitives()[0]!;
    const copy = doc.createPrimitive().setMaterial(prim.getMaterial()).setIndices(prim.getIndices()!.clone());
    for (const sem of prim.listSemantics()) copy.setAttribute(sem, prim.getAttribute(sem)!.clone());
    scene.addChild(doc.createNode(`copy${i}`).setMesh(doc.createMesh(`m${i}`).addPrimitive(copy)).setTranslation([i * 2.5, 0, 0]));
  }
  return doc;
}

const samples: { name: string; files: { name: string; data: Buffer }[] }[] = [
  { name: 'sphere 1k triangles (glb)', files: [{ name: 'small.glb', data: await glb(sphereDocument(32, 16)) }] },
  { name: 'sphere 131k triangles (glb)', files: [{ name: 'dense.glb', data: await glb(sphereDocument(512, 128)) }] },
  { name: 'sphere 524k triangles (glb)', files: [{ name: 'huge.glb', data: await glb(sphereDocument(1024, 256)) }] },
  { name: '4096 px texture, 8k triangles (glb)', files: [{ name: 'textured.glb', data: await glb(sphereDocument(128, 32, { texture: await gradientPng(4096) })) }] },
  { name: '20 duplicated meshes (glb)', files: [{ name: 'dupes.glb', data: await glb(duplicatedSpheres(20)) }] },
  {
    name: 'cube (obj + mtl + png)',
    files: [
      { name: 'cube.obj', data: Buffer.from(cubeObj) },
      { name: 'cube.mtl', data: Buffer.from(cubeMtl) },
      { name: 'cube.png', data: await gradientPng(256) },
    ],
  },
];

const io = await modelIO();
try {
  for (const s of samples) {
    const uploaded = s.files.map((f) => {
      const p = path.join(dir, f.name);
      fs.writeFileSync(p, f.data);
      return { name: f.name, path: p, size: f.data.length };
    });
    const t0 = performance.now();
    const model = await collectModel(uploaded);
    const source = await io.writeBinary(model.document);
    const t1 = performance.now();
    const out = await optimizeModel(source);
    const t2 = performance.now();
    const st = out.stats;
    console.log(`\n-- ${s.name}`);
    line('  input size', formatBytes(model.inputBytes));
    line('  output size (meshopt glb)', formatBytes(out.main.byteLength));
    line('  size ratio output/input', (out.main.byteLength / model.inputBytes).toFixed(2), '≤ 1.0');
    line('  triangles before → after', `${st.trianglesBefore} → ${st.triangles}`);
    line('  meshes / materials / textures', `${st.meshes} / ${st.materials} / ${st.textures}`);
    line('  texture bytes after resize', formatBytes(st.textureBytes ?? 0), `≤ ${formatBytes(50 * 1024 * 1024)}`);
    line('  validate + read (ms)', (t1 - t0).toFixed(0));
    line('  optimise + validate + thumbnail (ms)', (t2 - t1).toFixed(0), '≤ 30,000 ms');
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
