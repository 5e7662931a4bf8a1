import type { Document, Material, Node } from '@gltf-transform/core';
import sharp from 'sharp';
import { sampler, type Sampler } from './thumbnailTexture.ts';

const SIZE = 480;
const MAX_TRIANGLES = 400_000;

const toLinear = (c: number) => Math.pow(c / 255, 2.2);
const LINEAR = Array.from({ length: 256 }, (_, i) => toLinear(i));

/**
 * A small software rasteriser for library thumbnails: every triangle in world space, seen from a
 * three-quarter view, lit by its face normal, depth-tested, and coloured like the viewer colours
 * it: the base colour texture (sampled at the interpolated UV; the projection is orthographic, so
 * plain barycentric interpolation is exact) times the base colour factor. No GPU or browser on the
 * server. Textures it cannot decode (KTX2) fall back to the factor alone.
 */
export async function renderThumbnail(doc: Document, view: { yawDegrees?: number } = {}): Promise<Buffer> {
  const tris: number[] = [];
  const uvs: number[] = [];
  /** Per triangle: index into `looks`. */
  const lookOf: number[] = [];
  const looks: { color: number[]; tex: Sampler | null; cutoff: number | null }[] = [];
  const lookIndex = new Map<Material | null, Map<string, number>>();
  const world = new Float32Array(3);
  const samplers = new Map<object, Promise<Sampler | null>>();

  const lookFor = async (mat: Material | null, texCoord: string): Promise<number> => {
    const byCoord = lookIndex.get(mat) ?? new Map<string, number>();
    lookIndex.set(mat, byCoord);
    const known = byCoord.get(texCoord);
    if (known !== undefined) return known;
    const texture = mat?.getBaseColorTexture() ?? null;
    const info = mat?.getBaseColorTextureInfo() ?? null;
    let tex: Sampler | null = null;
    if (texture && info) {
      if (!samplers.has(texture)) samplers.set(texture, sampler(texture.getImage()));
      const s = await samplers.get(texture)!;
      tex = s ? s.with(info) : null;
    }
    const i = looks.push({
      color: mat?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1],
      tex,
      cutoff: mat?.getAlphaMode() === 'MASK' ? mat.getAlphaCutoff() : null,
    }) - 1;
    byCoord.set(texCoord, i);
    return i;
  };

  const nodes: Node[] = [];
  for (const scene of doc.getRoot().listScenes()) scene.traverse((node) => void (node.getMesh() && nodes.push(node)));
  for (const node of nodes) {
    const m = node.getWorldMatrix();
    for (const prim of node.getMesh()!.listPrimitives()) {
      if (prim.getMode() !== 4) continue;
      const pos = prim.getAttribute('POSITION');
      if (!pos) continue;
      const mat = prim.getMaterial();
      const coord = `TEXCOORD_${mat?.getBaseColorTextureInfo()?.getTexCoord() ?? 0}`;
      const uv = mat?.getBaseColorTexture() ? prim.getAttribute(coord) : null;
      const look = await lookFor(mat, uv ? coord : '-');
      const idx = prim.getIndices();
      const n = idx ? idx.getCount() : pos.getCount();
      const step = Math.max(1, Math.ceil(n / 3 / MAX_TRIANGLES));
      const v: number[] = [0, 0, 0];
      const t2: number[] = [0, 0];
      for (let t = 0; t + 2 < n; t += 3 * step) {
        for (let k = 0; k < 3; k++) {
          const vi = idx ? idx.getScalar(t + k) : t + k;
          pos.getElement(vi, v);
          const x = v[0]!, y = v[1]!, z = v[2]!;
          world[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
          world[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
          world[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
          tris.push(world[0], world[1], world[2]);
          if (uv) uv.getElement(vi, t2);
          uvs.push(uv ? t2[0]! : 0, uv ? t2[1]! : 0);
        }
        lookOf.push(look);
      }
    }
  }
  const img = Buffer.alloc(SIZE * SIZE * 3);
  for (let i = 0; i < SIZE * SIZE; i++) img.set([236, 240, 244], i * 3);
  if (tris.length > 0) {
    // Camera: yaw 35° (or as asked), pitch 25°, orthographic, framed to the projected bounds.
    const yaw = ((view.yawDegrees ?? -35) * Math.PI) / 180;
    const pitch = (25 * Math.PI) / 180;
    const cy0 = Math.cos(yaw), sy0 = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    // Rows of Rx(pitch)·Ry(yaw).
    const r0 = [cy0, 0, sy0], r1 = [sp * sy0, cp, -sp * cy0], r2 = [-cp * sy0, sp, cp * cy0];
    const p = new Float32Array(tris.length);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i < tris.length; i += 3) {
      const x = tris[i]!, y = tris[i + 1]!, z = tris[i + 2]!;
      p[i] = r0[0]! * x + r0[1]! * y + r0[2]! * z;
      p[i + 1] = r1[0]! * x + r1[1]! * y + r1[2]! * z;
      p[i + 2] = r2[0]! * x + r2[1]! * y + r2[2]! * z;
      minX = Math.min(minX, p[i]!); maxX = Math.max(maxX, p[i]!);
      minY = Math.min(minY, p[i + 1]!); maxY = Math.max(maxY, p[i + 1]!);
    }
    const scale = (SIZE * 0.86) / Math.max(maxX - minX, maxY - minY, 1e-9);
    const ox = SIZE / 2 - ((minX + maxX) / 2) * scale;
    const oy = SIZE / 2 + ((minY + maxY) / 2) * scale;
    const depth = new Float32Array(SIZE * SIZE).fill(-Infinity);
    const light = [0.35, 0.8, 0.5];
    const ll = Math.hypot(light[0]!, light[1]!, light[2]!);
    const texel = [0, 0, 0, 0];
    for (let t = 0; t < p.length / 9; t++) {
      const o = t * 9;
      const ax = p[o]! * scale + ox, ay = oy - p[o + 1]! * scale, az = p[o + 2]!;
      const bx = p[o + 3]! * scale + ox, by = oy - p[o + 4]! * scale, bz = p[o + 5]!;
      const cx = p[o + 6]! * scale + ox, cy = oy - p[o + 7]! * scale, cz = p[o + 8]!;
      // Face normal in view space; shade two-sided so inverted meshes still read.
      const ux = p[o + 3]! - p[o]!, uy = p[o + 4]! - p[o + 1]!, uz = p[o + 5]! - p[o + 2]!;
      const vx = p[o + 6]! - p[o]!, vy = p[o + 7]! - p[o + 1]!, vz = p[o + 8]! - p[o + 2]!;
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      const nl = Math.hypot(nx, ny, nz) || 1;
      const lambert = Math.abs((nx * light[0]! + ny * light[1]! + nz * light[2]!) / (nl * ll));
      const shade = 0.35 + 0.65 * lambert;
      const look = looks[lookOf[t]!]!;
      const [fr, fg, fb] = look.color as [number, number, number];
      const tex = look.tex;
      const uo = t * 6;
      const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      if (Math.abs(area) < 1e-12) continue;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
      const x1 = Math.min(SIZE - 1, Math.ceil(Math.max(ax, bx, cx)));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
      const y1 = Math.min(SIZE - 1, Math.ceil(Math.max(ay, by, cy)));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5, py = y + 0.5;
          const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
          const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const z = w0 * az + w1 * bz + w2 * cz;
          const i = y * SIZE + x;
          if (z <= depth[i]!) continue;
          let lr = fr, lg = fg, lb = fb;
          if (tex) {
            const u = w0 * uvs[uo]! + w1 * uvs[uo + 2]! + w2 * uvs[uo + 4]!;
            const v = w0 * uvs[uo + 1]! + w1 * uvs[uo + 3]! + w2 * uvs[uo + 5]!;
            tex.sample(u, v, texel);
            if (look.cutoff !== null && (texel[3]! / 255) * look.color[3]! < look.cutoff) continue;
            lr *= LINEAR[texel[0]!]!;
            lg *= LINEAR[texel[1]!]!;
            lb *= LINEAR[texel[2]!]!;
          }
          depth[i] = z;
          img[i * 3] = Math.min(255, Math.round(Math.pow(lr, 1 / 2.2) * 255 * shade));
          img[i * 3 + 1] = Math.min(255, Math.round(Math.pow(lg, 1 / 2.2) * 255 * shade));
          img[i * 3 + 2] = Math.min(255, Math.round(Math.pow(lb, 1 / 2.2) * 255 * shade));
        }
      }
    }
  }
  return sharp(img, { raw: { width: SIZE, height: SIZE, channels: 3 } }).webp({ quality: 80 }).toBuffer();
}
