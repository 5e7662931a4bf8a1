import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { atomicLimiter, take } from '../rateLimits.ts';

/**
 * At most `perSecond` chat messages per key (a user id) in a one-second window, over every hub and
 * every process: with Redis the counter lives there, so a visitor with tabs on two processes still
 * gets five messages a second in all.
 */
export class MessageLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(perSecond: number, redis?: { client: Redis; keyPrefix: string }) {
    this.limiter = atomicLimiter(
      'chat-rate',
      { points: perSecond, duration: 1 },
      redis && { client: redis.client, keyPrefix: `${redis.keyPrefix}:chat-rate` },
    );
  }

  /** Records an attempt; false when the key is over its limit (a failing store does not silence chat). */
  async take(key: string): Promise<boolean> {
    return (await take(this.limiter, key)) === null;
  }
}
