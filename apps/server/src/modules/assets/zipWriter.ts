import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

// The CRC is taken a slice at a time as zlib asks for more input, so no single call holds the loop.
const SLICE = 1024 * 1024;

/** One file compressed by zlib's thread pool; fflate only frames it (headers, data descriptor). */
async function addDeflated(zip: Zip, name: string, bytes: Buffer) {
  const entry: ZipInputFile = { filename: name, size: bytes.length, crc: 0, compression: 8 };
  zip.add(entry);
  await pipeline(
    async function* slices() {
      for (let at = 0; at < bytes.length; at += SLICE) {
        const slice = bytes.subarray(at, at + SLICE);
        entry.crc = zlib.crc32(slice, entry.crc);
        yield slice;
      }
    },
    zlib.createDeflateRaw(),
    async function (deflated: AsyncIterable<Uint8Array<ArrayBuffer>>) {
      for await (const chunk of deflated) entry.ondata!(null, chunk, false);
    },
  );
  // The data descriptor fflate writes now carries the CRC and size settled above.
  entry.ondata!(null, new Uint8Array(0), true);
}

/**
 * Zips a name → bytes map (the original of a multi-file model upload) without holding the event loop:
 * deflate runs on zlib's thread pool and the CRC is taken slice by slice between turns, where
 * fflate's `zipSync` compressed hundreds of MB in one synchronous call.
 */
export async function zipFiles(files: Map<string, Buffer>): Promise<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure ??= err;
    else out.push(chunk);
  });
  for (const [name, bytes] of files) await addDeflated(zip, name, bytes);
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(out);
}
