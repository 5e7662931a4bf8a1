import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Document, NodeIO } from '@gltf-transform/core';
import { zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';

// Every fixture is generated here: no binary test files are checked in or downloaded.

export interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body with text fields and any number of `file` parts. */
export function multipart(fields: Record<string, string>, files: Part[] = []) {
  const boundary = `----atrium${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A gradient picture, optionally carrying EXIF (camera make and GPS-like text) to prove it is stripped. */
export async function picture(width = 640, height = 480, format: 'png' | 'jpeg' = 'jpeg', exif = false) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 160], (y * width + x) * 3);
  }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (exif) img = img.withExif({ IFD0: { Make: 'SecretCam', Model: 'X100', Copyright: 'GPS 51.5N 0.12W' } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

/** Only the signature and IHDR of a PNG claiming 60,000 × 60,000 pixels (3.6 gigapixels). */
export function hugePngHeader(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, ihdr])));
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  const idatLen = Buffer.alloc(4);
  idatLen.writeUInt32BE(idat.length);
  const idatCrc = Buffer.alloc(4);
  idatCrc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from('IDAT'), idat])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), len, type, ihdr, crc, idatLen, Buffer.from('IDAT'), idat, idatCrc]);
}

/** The start of a Linux executable, to be uploaded under an image's name. */
export const elfExecutable = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), crypto.randomBytes(4096)]);

/** A UV sphere as a glTF document: enough triangles for the optimiser and LOD to have work. */
export function sphereDocument(segments = 32, rings = 16, opts: { texture?: Buffer; name?: string } = {}) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos: number[] = [];
  const uv: number[] = [];
  const idx: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const phi = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const th = (s / segments) * Math.PI * 2;
      pos.push(Math.sin(phi) * Math.cos(th), Math.cos(phi), Math.sin(phi) * Math.sin(th));
      uv.push(s / segments, r / rings);
    }
  }
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      idx.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  const mat = doc.createMaterial('Red').setBaseColorFactor([0.8, 0.2, 0.2, 1]);
  if (opts.texture) mat.setBaseColorTexture(doc.createTexture('albedo').setImage(new Uint8Array(opts.texture)).setMimeType('image/png'));
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(pos)).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(uv)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(idx)).setBuffer(buffer))
    .setMaterial(mat);
  const mesh = doc.createMesh(opts.name ?? 'Sphere').addPrimitive(prim);
  doc.createScene('Scene').addChild(doc.createNode('Sphere').setMesh(mesh));
  return doc;
}

export const sphereTriangles = (segments = 32, rings = 16) => segments * rings * 2;

export async function glb(doc = sphereDocument()): Promise<Buffer> {
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

/** A .gltf with its buffer in a separate .bin and its texture as a separate .png. */
export async function gltfWithFiles(): Promise<{ gltf: Buffer; bin: Buffer; png: Buffer }> {
  const png = await picture(64, 64, 'png');
  const doc = sphereDocument(16, 8, { texture: png });
  const io = new NodeIO();
  const { json, resources } = await io.writeJSON(doc, { format: 'gltf' as never });
  // Name the resources the way exporters do.
  const binName = Object.keys(resources).find((k) => k.endsWith('.bin'))!;
  json.buffers![0]!.uri = 'scene.bin';
  json.images![0]!.uri = 'textures/albedo.png';
  delete (json.images![0] as { bufferView?: number }).bufferView;
  return { gltf: Buffer.from(JSON.stringify(json)), bin: Buffer.from(resources[binName]!), png };
}

/** A glTF whose buffer points somewhere the server must never fetch. */
export async function gltfWithExternalUri(uri: string): Promise<Buffer> {
  const { gltf } = await gltfWithFiles();
  const json = JSON.parse(gltf.toString()) as { buffers: { uri: string }[] };
  json.buffers[0]!.uri = uri;
  return Buffer.from(JSON.stringify(json));
}

/** A textured cube as OBJ + MTL. */
export const cubeObj = `mtllib cube.mtl
o Cube
v -0.5 -0.5 0.5
v 0.5 -0.5 0.5
v 0.5 0.5 0.5
v -0.5 0.5 0.5
v -0.5 -0.5 -0.5
v 0.5 -0.5 -0.5
v 0.5 0.5 -0.5
v -0.5 0.5 -0.5
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl Blue
f 1/1 2/2 3/3 4/4
f 6/1 5/2 8/3 7/4
f 5/1 1/2 4/3 8/4
f 2/1 6/2 7/3 3/4
f 4/1 3/2 7/3 8/4
f 5/1 6/2 2/3 1/4
`;
export const cubeMtl = `newmtl Blue
Kd 0.1 0.3 0.9
map_Kd cube.png
`;

export function zip(entries: Zippable): Buffer {
  return Buffer.from(zipSync(entries));
}

/** One symlink entry (unix mode 0120777 in the external attributes). */
export function zipWithSymlink(): Buffer {
  return Buffer.from(zipSync({ 'model.glb': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] }));
}

/** 1 s of test video or tone generated by ffmpeg's lavfi sources. */
export function media(kind: 'mp4' | 'webm' | 'wav' | 'mp3'): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-media-'));
  const out = path.join(dir, `sample.${kind}`);
  const args =
    kind === 'mp4' || kind === 'webm'
      ? ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10', '-pix_fmt', 'yuv420p', ...(kind === 'webm' ? ['-c:v', 'libvpx', '-b:v', '200k'] : [])]
      : ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, out]);
  const data = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}
