import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

const MB = 1024 * 1024;

/**
 * A zip whose entries may share their bytes: each distinct byte array is deflated once and its
 * compressed form reused, so archives that unpack to hundreds of MB build in milliseconds (fflate
 * only frames the entries, through its ZipInputFile interface).
 */
export function zipOfShared(entries: [name: string, data: Uint8Array][]): Buffer {
  const deflated = new Map<Uint8Array, { bytes: Uint8Array<ArrayBuffer>; crc: number }>();
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  for (const [name, data] of entries) {
    let d = deflated.get(data);
    if (!d)
      deflated.set(
        data,
        (d = { bytes: new Uint8Array(zlib.deflateRawSync(data, { level: 9 })), crc: zlib.crc32(data) }),
      );
    const file: ZipInputFile = { filename: name, size: data.length, crc: d.crc, compression: 8 };
    zip.add(file);
    file.ondata!(null, d.bytes, true);
  }
  zip.end();
  return Buffer.concat(out);
}

/** A zip of `entries` files of zeros, each just under the 1 MB below which entries once escaped the ratio check. */
export function zerosZip(entries: number, size = MB - 1, prefix = 'pad'): Buffer {
  const zeros = new Uint8Array(size);
  return zipOfShared(Array.from({ length: entries }, (_, i) => [`${prefix}/${i}.bin`, zeros]));
}

/**
 * 1 MB that deflates about 25:1, well inside the per-entry ratio: every 64th byte pseudo-random, the
 * rest zeros (deterministic, so runs compare).
 */
export function compressibleMegabyte(): Uint8Array {
  const data = new Uint8Array(MB);
  let s = 1;
  for (let i = 0; i < MB; i += 64) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return data;
}

/** A zip of `entries` compressible megabytes (each passes the ratio check on its own). */
export function compressibleZip(entries: number, prefix = 'data'): Buffer {
  const mb = compressibleMegabyte();
  return zipOfShared(Array.from({ length: entries }, (_, i) => [`${prefix}/${i}.bin`, mb]));
}
