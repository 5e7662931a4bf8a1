import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Row ids: UUID version 7 (time-ordered, so new rows land at the end of their primary-key index).
 * The uuid package asks Web Crypto for 16 bytes per id, and that call's fixed cost was 6% of a
 * purchase's CPU in `npm run bench marketplace` (three ids each); here the random bytes are drawn
 * 4 KiB at a time instead, as Node's own randomUUID does. Ids made in the same millisecond keep
 * increasing (a counter seeded from the random bytes, the uuid package's own rule).
 */
const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let next = POOL_BYTES;
const state = { msecs: -Infinity, seq: 0 };

function random16(): Uint8Array {
  if (next + 16 > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = pool.subarray(next, next + 16);
  next += 16;
  return bytes;
}

export function newId(): string {
  const random = random16();
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs++;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
}
