import yauzl from 'yauzl';
import { AppError, ZIP_LIMITS, formatBytes, msg } from '@atrium/shared';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// Deflate's few bytes of framing make a tiny run of one byte look compressed beyond the ratio (1 KB of
// zeros deflates to 10 bytes), so an entry may exceed it by this much: at most ~1 KB of free
// amplification per entry, ~1 MB for a whole upload.
const RATIO_SLACK_BYTES = 1024;

const isJunk = (name: string) => name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store';

/**
 * What one upload may unpack to, every zip and plain file of it together (a limit per zip is beaten by
 * sending several): at most 1,000 files and 200 MB. Counted from the zips' central directories, so an
 * upload over the limit is refused before a single byte is inflated.
 */
export class UnpackBudget {
  private bytes = 0;
  private files = 0;

  /** Counts files about to be added; throws once the upload would pass either limit. */
  add(bytes: number, files = 1) {
    this.files += files;
    if (this.files > ZIP_LIMITS.maxEntries) throw invalid(msg.asset.zipTooManyEntries(ZIP_LIMITS.maxEntries));
    this.bytes += bytes;
    if (this.bytes > ZIP_LIMITS.maxUncompressedBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        msg.asset.zipTooLarge(formatBytes(ZIP_LIMITS.maxUncompressedBytes)),
      );
    }
  }
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, z) =>
        err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
      ),
    );
  } catch {
    throw invalid(msg.asset.zipUnreadable);
  }
}

/** The central directory's file entries (folders and macOS junk left out), each checked on its own. */
async function listEntries(zip: yauzl.ZipFile, budget: UnpackBudget): Promise<yauzl.Entry[]> {
  // The declared count fails a zip of a million entries before its directory is walked.
  if (zip.entryCount > ZIP_LIMITS.maxEntries)
    throw invalid(msg.asset.zipTooManyEntries(ZIP_LIMITS.maxEntries));
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => {
      const m = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(
        err.message,
      );
      reject(m ? invalid(msg.asset.zipUnsafePath(m[1]!)) : invalid(msg.asset.zipUnreadable));
    });
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        const name = entry.fileName;
        if (!name.endsWith('/') && !isJunk(name)) {
          if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
            throw invalid(msg.asset.zipUnsafePath(name));
          // Every entry, however small: many small bombs are one big one.
          if (entry.uncompressedSize > ZIP_LIMITS.maxRatio * entry.compressedSize + RATIO_SLACK_BYTES) {
            throw invalid(msg.asset.zipRatio(name));
          }
          budget.add(entry.uncompressedSize);
          entries.push(entry);
        }
        zip.readEntry();
      } catch (err) {
        reject(err as Error);
      }
    });
    zip.readEntry();
  });
  return entries;
}

// Straight into one buffer of the declared size: no intermediate chunk list or Blob copies, which on a
// near-budget upload were hundreds of MB of extra garbage. yauzl fails the stream on any size mismatch.
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((res, rej) =>
    zip.openReadStream(entry, (err, s) => (err || !s ? rej(err ?? new Error('no stream')) : res(s))),
  );
  const out = Buffer.allocUnsafe(entry.uncompressedSize);
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > out.length) throw invalid(msg.asset.zipUnreadable);
    at += chunk.copy(out, at);
  }
  if (at !== out.length) throw invalid(msg.asset.zipUnreadable);
  return out;
}

/**
 * Unpacks an upload's zips into memory. First every central directory is read and checked against the
 * upload's budget, the ratio of at most 100 per entry and the path rules (no absolute, `..` or symlink
 * paths); only when all pass is anything inflated. Inflation runs on zlib's thread pool, not the event
 * loop, and yauzl checks that each entry inflates to exactly its declared size, so a lying header
 * cannot sneak extra bytes past the budget.
 */
export async function readZips(files: string[], budget: UnpackBudget): Promise<Map<string, Buffer>[]> {
  const zips: yauzl.ZipFile[] = [];
  try {
    const listed: yauzl.Entry[][] = [];
    for (const file of files) {
      const zip = await openZip(file);
      zips.push(zip);
      listed.push(await listEntries(zip, budget));
    }
    const out: Map<string, Buffer>[] = [];
    for (const [i, entries] of listed.entries()) {
      const unpacked = new Map<string, Buffer>();
      for (const entry of entries) unpacked.set(entry.fileName, await inflate(zips[i]!, entry));
      out.push(unpacked);
    }
    return out;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(msg.asset.zipUnreadable);
  } finally {
    for (const zip of zips) zip.close();
  }
}
