import path from 'node:path';
import { Document, type Material, type Texture } from '@gltf-transform/core';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, msg } from '@atrium/shared';
import { resolveUri } from './uris.ts';

interface MtlMaterial {
  name: string;
  color: [number, number, number];
  opacity: number;
  map?: string;
}

/** Reads the parts of an MTL file a web material can use: diffuse colour, opacity and diffuse map. */
function parseMtl(text: string): Map<string, MtlMaterial> {
  const out = new Map<string, MtlMaterial>();
  let cur: MtlMaterial | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    if (key === 'newmtl') {
      cur = { name: rest.join(' '), color: [0.8, 0.8, 0.8], opacity: 1 };
      out.set(cur.name, cur);
    } else if (!cur) continue;
    else if (key === 'Kd') cur.color = [Number(rest[0]), Number(rest[1]), Number(rest[2])].map((n) => (Number.isFinite(n) ? n : 0.8)) as [number, number, number];
    else if (key === 'd') cur.opacity = Number(rest[0]) || 1;
    else if (key === 'Tr') cur.opacity = 1 - (Number(rest[0]) || 0);
    // Options such as "-bm 1" may precede the file name; the name is the last token.
    else if (key === 'map_Kd') cur.map = rest[rest.length - 1];
  }
  return out;
}

interface Group {
  material: string;
  positions: number[];
  normals: number[];
  uvs: number[];
}

/**
 * Converts an OBJ (and its MTL and textures, found among the uploaded files) into a glTF document:
 * one mesh primitive per material. Faces with more than three corners are fanned into triangles.
 * Vertices are written unindexed; the optimiser welds them afterwards.
 */
export async function objToDocument(files: Map<string, Buffer>, name: string): Promise<Document> {
  const text = files.get(name)!.toString('utf8');
  const v: number[][] = [];
  const vt: number[][] = [];
  const vn: number[][] = [];
  const groups = new Map<string, Group>();
  let materials = new Map<string, MtlMaterial>();
  let current = '';
  const group = () => {
    let g = groups.get(current);
    if (!g) groups.set(current, (g = { material: current, positions: [], normals: [], uvs: [] }));
    return g;
  };
  const idx = (s: string | undefined, len: number) => {
    if (!s) return -1;
    const n = parseInt(s, 10);
    return n < 0 ? len + n : n - 1;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    if (key === 'v') v.push(rest.slice(0, 3).map(Number));
    else if (key === 'vt') vt.push(rest.slice(0, 2).map(Number));
    else if (key === 'vn') vn.push(rest.slice(0, 3).map(Number));
    else if (key === 'usemtl') current = rest.join(' ');
    else if (key === 'mtllib') {
      const mtlName = resolveUri(files, name, rest.join(' '));
      materials = new Map([...materials, ...parseMtl(files.get(mtlName)!.toString('utf8'))]);
    } else if (key === 'f') {
      const corners = rest.map((c) => c.split('/'));
      const g = group();
      for (let i = 1; i + 1 < corners.length; i++) {
        for (const c of [corners[0]!, corners[i]!, corners[i + 1]!]) {
          const p = v[idx(c[0], v.length)];
          if (!p || p.some((n) => !Number.isFinite(n))) {
            throw new AppError('VALIDATION_FAILED', msg.asset.modelInvalid(name, `face refers to a missing vertex: ${line}`));
          }
          g.positions.push(p[0]!, p[1]!, p[2]!);
          const t = vt[idx(c[1], vt.length)];
          g.uvs.push(t?.[0] ?? 0, 1 - (t?.[1] ?? 0));
          const n = vn[idx(c[2], vn.length)];
          g.normals.push(n?.[0] ?? 0, n?.[1] ?? 0, n?.[2] ?? 0);
        }
      }
    }
  }
  const live = [...groups.values()].filter((g) => g.positions.length > 0);
  if (live.length === 0) throw new AppError('VALIDATION_FAILED', msg.asset.modelInvalid(name, 'it has no faces'));

  const doc = new Document();
  const buffer = doc.createBuffer();
  const mesh = doc.createMesh(path.posix.basename(name, '.obj'));
  const textures = new Map<string, Texture>();
  const matCache = new Map<string, Material>();
  for (const g of live) {
    const hasNormals = g.normals.some((n) => n !== 0);
    const prim = doc
      .createPrimitive()
      .setAttribute(
        'POSITION',
        doc.createAccessor().setType('VEC3').setArray(new Float32Array(g.positions)).setBuffer(buffer),
      );
    if (hasNormals) {
      prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(g.normals)).setBuffer(buffer));
    }
    const m = materials.get(g.material);
    let mat = matCache.get(g.material);
    if (!mat) {
      mat = doc
        .createMaterial(g.material || 'default')
        .setBaseColorFactor([...(m?.color ?? [0.8, 0.8, 0.8]), m?.opacity ?? 1])
        .setMetallicFactor(0)
        .setRoughnessFactor(0.9);
      if ((m?.opacity ?? 1) < 1) mat.setAlphaMode('BLEND');
      if (m?.map) {
        const key = resolveUri(files, name, m.map);
        let tex = textures.get(key);
        if (!tex) {
          const bytes = files.get(key)!;
          const type = await fileTypeFromBuffer(bytes);
          tex = doc.createTexture(path.posix.basename(key)).setImage(new Uint8Array(bytes)).setMimeType(type?.mime ?? 'image/png');
          textures.set(key, tex);
        }
        mat.setBaseColorTexture(tex);
      }
      matCache.set(g.material, mat);
    }
    if (m?.map) prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(g.uvs)).setBuffer(buffer));
    prim.setMaterial(mat);
    mesh.addPrimitive(prim);
  }
  doc.createScene('Scene').addChild(doc.createNode(mesh.getName()).setMesh(mesh));
  return doc;
}
