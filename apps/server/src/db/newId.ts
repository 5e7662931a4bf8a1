import { randomFillSync } from 'node:crypto';

/**
 * Row ids: UUID version 7 (time-ordered, so new rows land at the end of their primary-key index),
 * laid out as RFC 9562 and the uuid package lay them out: 48 bits of milliseconds, then a 32-bit
 * counter seeded from random bytes whenever the millisecond changes (so ids made in the same
 * millisecond keep increasing), then random bits.
 * Written straight into the string from a 4 KiB pool of random bytes: the uuid package asked Web
 * Crypto for 16 bytes per id and made two byte arrays per id, and a purchase makes three ids — in
 * `npm run bench marketplace` that was 6% of a purchase's CPU and 4% of what it allocated.
 */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let next = POOL_BYTES;
let lastMsecs = -Infinity;
let seq = 0;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

export function newId(): string {
  if (next + 16 > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const r = next;
  next += 16;
  const now = Date.now();
  if (now > lastMsecs) {
    lastMsecs = now;
    seq = ((pool[r + 6]! & 0x7f) << 24) | (pool[r + 7]! << 16) | (pool[r + 8]! << 8) | pool[r + 9]!;
  } else {
    seq = (seq + 1) | 0;
    if (seq === 0) lastMsecs++;
  }
  const ms = lastMsecs;
  return (
    HEX[Math.floor(ms / 0x10000000000) & 0xff]! +
    HEX[Math.floor(ms / 0x100000000) & 0xff]! +
    HEX[Math.floor(ms / 0x1000000) & 0xff]! +
    HEX[Math.floor(ms / 0x10000) & 0xff]! +
    '-' +
    HEX[Math.floor(ms / 0x100) & 0xff]! +
    HEX[ms & 0xff]! +
    '-' +
    HEX[0x70 | ((seq >>> 28) & 0x0f)]! +
    HEX[(seq >>> 20) & 0xff]! +
    '-' +
    HEX[0x80 | ((seq >>> 14) & 0x3f)]! +
    HEX[(seq >>> 6) & 0xff]! +
    '-' +
    HEX[((seq << 2) & 0xff) | (pool[r + 10]! & 0x03)]! +
    HEX[pool[r + 11]!]! +
    HEX[pool[r + 12]!]! +
    HEX[pool[r + 13]!]! +
    HEX[pool[r + 14]!]! +
    HEX[pool[r + 15]!]!
  );
}
