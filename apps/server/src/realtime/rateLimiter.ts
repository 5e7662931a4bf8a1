import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * At most `perSecond` chat messages per key (a user id) in a one-second window, over every hub and
 * every process: with Redis the counter lives there, so a visitor with tabs on two processes still
 * gets five messages a second in all. If Redis stops answering, each process falls back to its own
 * in-memory window rather than refusing everybody or letting everything through.
 */
export class MessageLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(perSecond: number, redis?: { client: Redis; keyPrefix: string }) {
    const memory = new RateLimiterMemory({ points: perSecond, duration: 1 });
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis.client,
          keyPrefix: `${redis.keyPrefix}:chat-rate`,
          points: perSecond,
          duration: 1,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  }

  /** Records an attempt; false when the key is over its limit. */
  async take(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (res) {
      if (res instanceof RateLimiterRes) return false;
      // Only reachable if the insurance limiter itself failed: do not silence chat over it.
      return true;
    }
  }
}
