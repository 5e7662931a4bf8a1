/**
 * Sliding one-second window per key (a user id): at most `perSecond` events. In-process; a user's
 * sockets are pinned to the process they connected to, and the window is short, so sharing it
 * through Redis would cost a round trip per message for little gain.
 */
export class RateLimiter {
  private readonly perSecond: number;
  private readonly windowMs: number;
  private readonly hits = new Map<string, number[]>();
  constructor(perSecond: number, windowMs = 1000) {
    this.perSecond = perSecond;
    this.windowMs = windowMs;
  }

  /** Records an attempt; false when the key is over its limit (the attempt is not counted). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.perSecond) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  /** Forget idle keys so the map does not grow with every user ever seen. */
  sweep(now = Date.now()) {
    const since = now - this.windowMs;
    for (const [k, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(k);
  }
}
