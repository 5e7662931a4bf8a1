/**
 * Sign-in throttling per account (email) and per IP, in a sliding window. In memory: each process
 * counts its own attempts, which bounds guessing per process; a shared store arrives with REDIS_URL.
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  private recent(key: string, now: number) {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** True when another attempt is allowed for every key. */
  allowed(keys: string[], now = Date.now()): boolean {
    return keys.every((k) => this.recent(k, now).length < this.max);
  }

  fail(keys: string[], now = Date.now()) {
    for (const k of keys) this.hits.set(k, [...this.recent(k, now), now]);
    // Keeps memory bounded under a spray of distinct keys.
    if (this.hits.size > 50_000) for (const k of [...this.hits.keys()].slice(0, 10_000)) this.hits.delete(k);
  }

  /** A successful sign-in clears the account's counter, not the IP's. */
  succeed(key: string) {
    this.hits.delete(key);
  }
}
