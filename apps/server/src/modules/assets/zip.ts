import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import { AppError, ZIP_LIMITS, formatBytes, msg } from '@atrium/shared';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// Tiny entries may legitimately compress beyond the ratio (a blank .mtl); the bomb check matters only
// once an entry is big enough to hurt.
const RATIO_FLOOR_BYTES = 1024 * 1024;

const isJunk = (name: string) => name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store';

/**
 * Unpacks a zip into memory with limits checked from the central directory before any byte is
 * inflated: at most 1,000 entries, 200 MB uncompressed in total, a compression ratio of at most 100
 * per entry, and no absolute, `..` or symlink paths. yauzl also verifies that each entry inflates to
 * exactly its declared size, so a lying header cannot sneak extra bytes past the total.
 */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, z) =>
        err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
      ),
    );
  } catch {
    throw invalid(msg.asset.zipUnreadable);
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw invalid(msg.asset.zipTooManyEntries(ZIP_LIMITS.maxEntries));
    const out = new Map<string, Buffer>();
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => {
        const m = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(err.message);
        reject(m ? invalid(msg.asset.zipUnsafePath(m[1]!)) : invalid(msg.asset.zipUnreadable));
      });
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          const name = entry.fileName;
          if (name.endsWith('/') || isJunk(name)) return zip.readEntry();
          if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw invalid(msg.asset.zipUnsafePath(name));
          total += entry.uncompressedSize;
          if (total > ZIP_LIMITS.maxUncompressedBytes) {
            throw invalid(msg.asset.zipTooLarge(formatBytes(ZIP_LIMITS.maxUncompressedBytes)));
          }
          if (
            entry.uncompressedSize >= RATIO_FLOOR_BYTES &&
            entry.uncompressedSize > ZIP_LIMITS.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            throw invalid(msg.asset.zipRatio(name));
          }
          const stream = await new Promise<NodeJS.ReadableStream>((res, rej) =>
            zip.openReadStream(entry, (err, s) => (err || !s ? rej(err ?? new Error('no stream')) : res(s))),
          );
          out.set(name, await buffer(stream));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
    return out;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(msg.asset.zipUnreadable);
  } finally {
    zip.close();
  }
}
